import { randomBytes } from "node:crypto";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * A new endpoint secret: `whsec_` and 256 random bits in base64url (43 characters). The whole
 * string, prefix included, is the HMAC key, so a receiver pastes it as-is.
 */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64url");
}
