import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Constant-time string equality for secrets (the webhook verify token). Both sides are hashed
 * first, so `timingSafeEqual` always compares equal-length buffers and the time taken reveals
 * neither the content nor the length of the stored secret.
 */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}
