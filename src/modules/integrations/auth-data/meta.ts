import { authDataObject, credential, numericId } from "./fields.js";

/** Facebook Messenger and Instagram messaging share the Graph webhook rules (vendors.md §4). */
export const facebookAuthDataSchema = authDataObject({
  access_token: credential("Page access token."),
  app_secret: credential("Meta app secret; verifies `X-Hub-Signature-256` on webhooks."),
  verify_token: credential("The verify token entered in the app's webhook settings."),
  page_id: numericId("Id of the Page.").optional(),
}).meta({ id: "FacebookAuthData" });

export const instagramAuthDataSchema = authDataObject({
  access_token: credential("Page access token (Facebook login) or Instagram user token (Instagram login)."),
  app_secret: credential("Meta app secret; verifies `X-Hub-Signature-256` on webhooks."),
  verify_token: credential("The verify token entered in the app's webhook settings."),
  account_id: numericId("Instagram professional account id.").optional(),
}).meta({ id: "InstagramAuthData" });
