import { createHash, createHmac } from "node:crypto";
import { secureEqual } from "../shared/secure-equal.js";

/**
 * The Chats API's request signing (docs/channels.md, "amoCRM"): every request carries `Date`
 * (RFC 2822), `Content-Type`, `Content-MD5` (lowercase hex MD5 of the exact body bytes; of the
 * empty string for a GET) and `X-Signature`, the lowercase hex HMAC-SHA1 with the channel
 * secret of `METHOD\nContent-MD5\nContent-Type\nDate\npath` (path without host and query).
 * The channel's webhooks carry `X-Signature` = hex HMAC-SHA1 of the raw body with the same secret.
 */

export const AMOJO_CONTENT_TYPE = "application/json";

export function contentMd5(body: string): string {
  return createHash("md5").update(body, "utf8").digest("hex");
}

/** `Thu, 29 Oct 2020 11:59:55 +0000`: RFC 2822 in UTC, as amoCRM's own examples write it. */
export function rfc2822Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

export interface SignedRequestParts {
  method: string;
  /** The path only: no scheme, host or query. */
  path: string;
  contentMd5: string;
  contentType: string;
  date: string;
}

export function requestSignature(secret: string, parts: SignedRequestParts): string {
  const text = [parts.method.toUpperCase(), parts.contentMd5, parts.contentType, parts.date, parts.path].join(
    "\n",
  );
  return createHmac("sha1", secret).update(text, "utf8").digest("hex");
}

/** The four headers of one signed request whose body is exactly `body`. */
export function signedHeaders(
  secret: string,
  method: string,
  path: string,
  body: string,
  now: Date,
): Record<string, string> {
  const parts: SignedRequestParts = {
    method,
    path,
    contentMd5: contentMd5(body),
    contentType: AMOJO_CONTENT_TYPE,
    date: rfc2822Date(now),
  };
  return {
    Date: parts.date,
    "Content-Type": parts.contentType,
    "Content-MD5": parts.contentMd5,
    "X-Signature": requestSignature(secret, parts),
  };
}

export function hookSignature(secret: string, rawBody: string): string {
  return createHmac("sha1", secret).update(rawBody, "utf8").digest("hex");
}

/** Whether a webhook's `X-Signature` is the channel's signature of these exact bytes (constant time). */
export function verifyHookSignature(secret: string, rawBody: string, presented: string | undefined): boolean {
  if (!presented) return false;
  return secureEqual(presented.trim().toLowerCase(), hookSignature(secret, rawBody));
}
