import type { z } from "zod";
import { authDataObject, credential, numericId } from "../shared/fields.js";

/**
 * WhatsApp Cloud API (docs/api.md "auth_data per vendor"): a token for the Graph API, the phone number that sends,
 * the app secret that signs webhooks (`X-Hub-Signature-256`) and the verify token of the
 * webhook subscription handshake (`hub.verify_token`).
 */
export const whatsappAuthDataSchema = authDataObject({
  access_token: credential("System-user or app access token for the Graph API."),
  phone_number_id: numericId("Id of the business phone number that sends and receives."),
  app_secret: credential("Meta app secret; verifies `X-Hub-Signature-256` on webhooks."),
  verify_token: credential("The verify token entered in the app's webhook settings."),
  business_account_id: numericId("WhatsApp Business Account id (WABA).").optional(),
}).meta({ id: "WhatsappAuthData" });

export type WhatsappAuthData = z.infer<typeof whatsappAuthDataSchema>;
