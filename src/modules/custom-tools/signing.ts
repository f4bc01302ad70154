import { randomBytes } from "node:crypto";
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "../webhooks/index.js";

/**
 * How a custom tool's request is signed (docs/custom-tools.md, "Verifying a call"): exactly
 * like a webhook delivery, so a receiver verifies it with the same code —
 * `x-service-signature` is the hex HMAC-SHA256 of the raw body (an empty body for GET and
 * DELETE) keyed with the tool's secret, `x-service-timestamp` the unix seconds of the call and
 * `x-service-call-id` a new `tcall_…` id per call (dedupe on it).
 */

export const TOOL_SECRET_PREFIX = "tsec_";
export const TOOL_CALL_ID_HEADER = "x-service-call-id";
export const TOOL_USER_AGENT = "Parley-Tools/0.1 (+https://github.com/parley)";

/** Header names a tool's own headers may not set: the signature's and the request's framing. */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set([
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  TOOL_CALL_ID_HEADER,
  "content-type",
  "content-length",
  "transfer-encoding",
  "connection",
  "host",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** A new signing secret: `tsec_` and 256 random bits in base64url; the whole string is the key. */
export function generateToolSecret(): string {
  return TOOL_SECRET_PREFIX + randomBytes(32).toString("base64url");
}

export function signatureHeaders(input: {
  secret: string;
  body: string;
  callId: string;
  timestamp: Date;
}): Record<string, string> {
  return {
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(input.secret, input.body),
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(input.timestamp.getTime() / 1000)),
    [TOOL_CALL_ID_HEADER]: input.callId,
  };
}
