import type { z } from "zod";
import { authDataObject, credential, numericId } from "../shared/fields.js";

/** Instagram messaging: the Graph webhook rules of Facebook Messenger (docs/api.md "auth_data per vendor"). */
export const instagramAuthDataSchema = authDataObject({
  access_token: credential("Page access token (Facebook login) or Instagram user token (Instagram login)."),
  app_secret: credential("Meta app secret; verifies `X-Hub-Signature-256` on webhooks."),
  verify_token: credential("The verify token entered in the app's webhook settings."),
  account_id: numericId("Instagram professional account id.").optional(),
}).meta({ id: "InstagramAuthData" });

export type InstagramAuthData = z.infer<typeof instagramAuthDataSchema>;
