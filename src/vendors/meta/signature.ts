import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Checks Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, body)>` (docs/channels.md,
 * "Meta"). The HMAC runs over the body exactly as received: Meta escapes non-ASCII as `\uXXXX`,
 * so a re-serialised body would not match. A missing, malformed or repeated header fails.
 */
export function hasValidSignature(
  appSecret: string,
  rawBody: string,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== "string") return false;
  const hex = SIGNATURE.exec(header.trim())?.[1];
  if (hex === undefined) return false;
  const expected = createHmac("sha256", appSecret).update(Buffer.from(rawBody, "utf8")).digest();
  const given = Buffer.from(hex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
