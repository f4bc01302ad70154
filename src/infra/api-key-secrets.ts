import { createHash, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "./ids.js";

/**
 * API key secrets: `prl_` + 43 base62 characters (~256 bits). Only the SHA-256 hash is
 * stored; a slow hash adds nothing for secrets of this entropy. The first
 * LOOKUP_PREFIX_LENGTH characters are stored in clear as an index, so a presented key is
 * found without comparing against every hash, then verified in constant time.
 */
export const API_KEY_PREFIX = "prl_";
export const LOOKUP_PREFIX_LENGTH = 12;

export function generateApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBase62(43)}`;
}

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function lookupPrefix(secret: string): string {
  return secret.slice(0, LOOKUP_PREFIX_LENGTH);
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatchesHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashApiKey(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
