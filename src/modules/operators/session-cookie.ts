import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../infra/secret-box.js";

/**
 * The console's session cookie (docs/console.md): `parley_session=<secret>`, httpOnly,
 * SameSite=Strict, Path=/, Secure when Parley's public URL is https. Only a SHA-256 of the
 * secret is stored. The CSRF token is derived from the session id with the server key, so it
 * needs no storage and dies with the session.
 */
export const SESSION_COOKIE = "parley_session";
export const CSRF_HEADER = "x-csrf-token";

export function newSessionSecret(): string {
  return `pss_${randomBytes(32).toString("base64url")}`;
}

export function hashSessionSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function csrfTokenFor(secrets: SecretBox, sessionId: string): string {
  return secrets.sign("console-csrf", sessionId);
}

export function csrfTokenMatches(
  secrets: SecretBox,
  sessionId: string,
  presented: string | undefined,
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(secrets, sessionId));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The value of one cookie from a Cookie header (the first, if repeated). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value.length > 0 && value.length <= 200 ? value : undefined;
    }
  }
  return undefined;
}

export function sessionCookie(secret: string, expiresAt: Date, now: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${SESSION_COOKIE}=${secret}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
