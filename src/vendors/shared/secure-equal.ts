import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares a presented secret (a webhook secret, verify token or URL token) with the expected one in constant time. Both are hashed first,
 * so `timingSafeEqual` always gets equal-length buffers and the time taken reveals neither
 * the content nor the length of the expected secret.
 */
export function secureEqual(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}
