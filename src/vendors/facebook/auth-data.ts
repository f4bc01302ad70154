import type { z } from "zod";
import { authDataObject, credential, numericId } from "../shared/fields.js";

/** Facebook Messenger and Instagram messaging share the Graph webhook rules (docs/api.md "auth_data per vendor"). */
export const facebookAuthDataSchema = authDataObject({
  access_token: credential("Page access token."),
  app_secret: credential("Meta app secret; verifies `X-Hub-Signature-256` on webhooks."),
  verify_token: credential("The verify token entered in the app's webhook settings."),
  page_id: numericId("Id of the Page.").optional(),
}).meta({ id: "FacebookAuthData" });

export type FacebookAuthData = z.infer<typeof facebookAuthDataSchema>;
