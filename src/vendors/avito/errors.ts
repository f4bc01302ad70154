import {
  type ChannelError,
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";
import { asRecord, asString, parseJsonObject } from "../shared/json-fields.js";

/** The wait when Avito answers 429 without a `Retry-After` (docs/channels.md, "Sending"). */
export const AVITO_DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/** `Retry-After` in seconds or as an HTTP date; the default when absent or unreadable. */
export function retryAfterMs(header: string | null): number {
  if (!header) return AVITO_DEFAULT_RATE_LIMIT_WAIT_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  return AVITO_DEFAULT_RATE_LIMIT_WAIT_MS;
}

/**
 * Avito's own words about an error: `{"error":{"code","message"}}` on the API, an OAuth-style
 * `{"error","error_description"}` on /token. Never contains a credential.
 */
function vendorMessage(bodyText: string): string {
  const body = parseJsonObject(bodyText);
  const error = asRecord(body?.error);
  const text = asString(error?.message) ?? asString(body?.error_description) ?? asString(body?.error) ?? "";
  return text.slice(0, 200);
}

/**
 * An Avito API error as the service must react to it (docs/channels.md, "Sending"): 429 waits
 * for `Retry-After`; 401/403 (already after one token refresh, api-client.ts) means the
 * credentials are no longer accepted; 402 the account's plan lacks the Messenger API; 404 the
 * chat is gone; other 4xx are refusals of this very message; 5xx and the rest are retried.
 */
export function avitoHttpError(
  what: string,
  status: number,
  bodyText: string,
  retryAfter: string | null,
): ChannelError {
  const detail = vendorMessage(bodyText);
  const message = `Avito ${what} failed: HTTP ${status}${detail ? ` (${detail})` : ""}`;
  if (status === 429) return rateLimited("rate_limited", message, retryAfterMs(retryAfter));
  if (status === 401 || status === 403) return credentialsRejected("credentials_rejected", message);
  if (status === 402) return permanentFailure("vendor_plan_required", message);
  if (status === 404) return permanentFailure("conversation_not_found", message);
  if (status >= 400 && status < 500) return permanentFailure("vendor_rejected", message);
  return transientFailure("vendor_unavailable", message);
}
