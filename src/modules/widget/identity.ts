import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Verified visitor identities, as Intercom does it (docs/widget.md): the site's server signs
 * the user id with the chat's identity secret, `hex(HMAC-SHA256(secret, user_id))`, and the page
 * passes both to the widget. Without the secret no one can claim another user's history.
 */
export function newIdentitySecret(): string {
  return `wis_${randomBytes(32).toString("base64url")}`;
}

export function signIdentity(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(userId, "utf8").digest("hex");
}

export function identitySignatureValid(secret: string, userId: string, signature: string): boolean {
  const expected = Buffer.from(signIdentity(secret, userId), "hex");
  const given = /^[0-9a-fA-F]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
