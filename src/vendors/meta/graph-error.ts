import {
  type ChannelError,
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";
import { asArray, asNumber, asObject, asString } from "./untrusted-json.js";

/**
 * Graph throttling codes (docs/channels.md, "Meta"): app (4), user (17), Page (32), Send API
 * (613), business-use-case limits (80001 Pages, 80002 Instagram, 80006 Messenger, 80007
 * WhatsApp), WhatsApp throughput (130429) and sender→recipient pair pacing (131056).
 */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80006, 80007, 130429, 131056]);
/** Code 10 subcodes for "sent outside of allowed window" (Messenger 2018278, Instagram 2534022). */
const OUTSIDE_WINDOW_SUBCODES = new Set([2018278, 2534022]);
/** "Unknown error", "service temporarily unavailable", WhatsApp's "something went wrong" / "service unavailable". */
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);
/** Meta states no wait with its throttling errors; a minute is what its limits recover in. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * Maps a failed Graph call to how the service must react (docs/channels.md, "Sending"):
 * code 190 or HTTP 401 → the token is no longer accepted; throttling → wait (a `Retry-After`
 * or `X-Business-Use-Case-Usage` header when given, else 60 s); the 24-hour window, an
 * unavailable recipient (551) or an undeliverable WhatsApp message (131026) → permanent with a
 * stable code; other 4xx → permanent `vendor_rejected`; 5xx → transient.
 * `secrets` are blanked out of the vendor's message, which becomes the error's message.
 */
export function classifyGraphError(
  status: number,
  headers: Headers,
  body: unknown,
  secrets: readonly string[],
): ChannelError {
  const error = asObject(asObject(body)?.error);
  const code = asNumber(error?.code);
  const subcode = asNumber(error?.error_subcode);
  const vendorMessage = asString(error?.message) ?? "no error body";
  const message = redact(
    `Graph API error ${code ?? "?"}${subcode === undefined ? "" : `/${subcode}`} (HTTP ${status}): ${vendorMessage}`,
    secrets,
  );

  if (code === 190 || status === 401) return credentialsRejected("invalid_access_token", message);
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || status === 429) {
    return rateLimited("rate_limited", message, retryAfterMs(headers) ?? DEFAULT_RATE_LIMIT_WAIT_MS);
  }
  if (code === 131047 || (code === 10 && isOutsideWindow(subcode, vendorMessage))) {
    return permanentFailure("outside_window", message);
  }
  if (code === 551) return permanentFailure("recipient_unavailable", message);
  if (code === 131026) return permanentFailure("undeliverable", message);
  if (status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code))) {
    return transientFailure("vendor_unavailable", message);
  }
  if (status >= 400) return permanentFailure("vendor_rejected", message);
  return transientFailure("unexpected_response", message);
}

function isOutsideWindow(subcode: number | undefined, message: string): boolean {
  return (
    (subcode !== undefined && OUTSIDE_WINDOW_SUBCODES.has(subcode)) ||
    /outside of allowed window/i.test(message)
  );
}

/**
 * The wait a throttled answer states: `Retry-After` in seconds, or the largest
 * `estimated_time_to_regain_access` (minutes) of `X-Business-Use-Case-Usage`.
 */
function retryAfterMs(headers: Headers): number | undefined {
  const seconds = asNumber(headers.get("retry-after"));
  if (seconds !== undefined && seconds >= 0) return Math.ceil(seconds * 1000);
  const usage = headers.get("x-business-use-case-usage");
  if (usage === null) return undefined;
  let minutes = 0;
  try {
    for (const entries of Object.values(asObject(JSON.parse(usage)) ?? {})) {
      for (const entry of asArray(entries)) {
        minutes = Math.max(minutes, asNumber(asObject(entry)?.estimated_time_to_regain_access) ?? 0);
      }
    }
  } catch {
    return undefined;
  }
  return minutes > 0 ? minutes * 60_000 : undefined;
}

function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== "") result = result.split(secret).join("[redacted]");
  }
  return result;
}
