/**
 * Copied from the server's src/modules/webhooks/delivery/signature.ts: do not edit.
 * Regenerate with `npm run client:generate`; a test fails while this file is out of date
 * (test/client/generated-files.test.ts).
 */

import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Webhook signing (docs/api.md): `x-service-signature` is the hex
 * HMAC-SHA256 of the raw request body, keyed with the endpoint's secret (its UTF-8 bytes,
 * `whsec_` prefix included). Only the body is signed; the event id inside it is what a
 * receiver deduplicates on. This file imports nothing but node:crypto so that the client
 * package can ship a verbatim copy of it (client/src/webhook-signature.ts, written by
 * `npm run client:generate` and checked by a test): one implementation, no server dependency.
 */

export const DEFAULT_WEBHOOK_USER_AGENT = "Parley-Webhooks/0.1 (+https://github.com/parley)";

export const WEBHOOK_SIGNATURE_HEADER = "x-service-signature";
export const WEBHOOK_EVENT_ID_HEADER = "x-service-event-id";
export const WEBHOOK_TIMESTAMP_HEADER = "x-service-timestamp";

/** Hex HMAC-SHA256 of `rawBody` (exactly the bytes sent) with `secret`. */
export function signWebhookBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

export interface WebhookHeaderInput {
  eventId: string;
  /** When this attempt is sent (not when the event happened); sent as unix seconds. */
  timestamp: Date;
  signature: string;
  userAgent?: string;
}

/** The headers that go with one delivery attempt (content-type is the sender's). */
export function buildWebhookHeaders(input: WebhookHeaderInput): Record<string, string> {
  return {
    [WEBHOOK_SIGNATURE_HEADER]: input.signature,
    [WEBHOOK_EVENT_ID_HEADER]: input.eventId,
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(input.timestamp.getTime() / 1000)),
    "user-agent": input.userAgent ?? DEFAULT_WEBHOOK_USER_AGENT,
  };
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * Receiver side: true when `signatureHeader` is the HMAC of `rawBody` under `secret`.
 * Compare against the raw bytes as received, before any JSON parsing. The comparison is
 * constant-time over the 32 digest bytes; a missing, repeated, malformed or wrong-length
 * header is simply false.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string | Buffer,
  signatureHeader: string | readonly string[] | undefined,
): boolean {
  const header = Array.isArray(signatureHeader)
    ? signatureHeader.length === 1
      ? signatureHeader[0]
      : undefined
    : signatureHeader;
  if (typeof header !== "string") return false;
  const candidate = header.trim();
  if (!HEX_SHA256.test(candidate)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(candidate, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
