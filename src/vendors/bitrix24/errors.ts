import {
  type ChannelError,
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";
import { asString, parseJsonObject } from "../shared/json-fields.js";

/**
 * Bitrix24's leaky bucket drains two requests a second (docs/channels.md, "Bitrix24"): after
 * `QUERY_LIMIT_EXCEEDED` one second is enough for the next call.
 */
export const BITRIX24_QUERY_LIMIT_WAIT_MS = 1_000;
/** A method blocked for its accumulated running time (`OPERATION_TIME_LIMIT`) frees up within minutes. */
export const BITRIX24_OPERATION_LIMIT_WAIT_MS = 60_000;

/** The error code and Bitrix24's own words, from `{"error","error_description"}`; never a credential. */
export function bitrix24ErrorOf(bodyText: string): { code: string; description: string } {
  const body = parseJsonObject(bodyText);
  return {
    code: asString(body?.error) ?? "",
    description: (asString(body?.error_description) ?? "").slice(0, 300),
  };
}

/** Codes with which a portal refuses the token itself (HTTP 401): the connection is lost. */
const TOKEN_REFUSED = new Set([
  "expired_token",
  "invalid_token",
  "invalid_grant",
  "NO_AUTH_FOUND",
  "INVALID_CREDENTIALS",
  "user_access_error",
  "wrong_client",
]);

/**
 * A Bitrix24 REST error as the service must react to it (docs/channels.md, "Bitrix24"):
 * - `QUERY_LIMIT_EXCEEDED` (503) and `OPERATION_TIME_LIMIT` (429): wait and retry;
 * - a refused token (`expired_token` after a refresh, `invalid_token`, `NO_AUTH_FOUND`, …):
 *   the connection is lost;
 * - `OVERLOAD_LIMIT` (a manual block by Bitrix24's support, sent as 401 but not about the
 *   token): retried with backoff, then failed;
 * - `insufficient_scope` (the application lacks a permission), `ACCESS_DENIED` (REST not in
 *   the plan, or the method not allowed), a method that does not exist, and other 4xx:
 *   refusals of this very call;
 * - 5xx and the rest: retried.
 */
export function bitrix24Error(method: string, status: number, bodyText: string): ChannelError {
  const { code, description } = bitrix24ErrorOf(bodyText);
  const detail = [code, description].filter(Boolean).join(": ");
  const message = `Bitrix24 ${method} failed: HTTP ${status}${detail ? ` (${detail})` : ""}`;
  if (code === "QUERY_LIMIT_EXCEEDED")
    return rateLimited("rate_limited", message, BITRIX24_QUERY_LIMIT_WAIT_MS);
  if (code === "OPERATION_TIME_LIMIT" || status === 429) {
    return rateLimited("rate_limited", message, BITRIX24_OPERATION_LIMIT_WAIT_MS);
  }
  if (code === "OVERLOAD_LIMIT") return transientFailure("vendor_blocked", message);
  if (TOKEN_REFUSED.has(code)) return credentialsRejected("credentials_rejected", message);
  if (code === "insufficient_scope") return permanentFailure("insufficient_scope", message);
  if (code === "ACCESS_DENIED") return permanentFailure("access_denied", message);
  if (code === "ERROR_METHOD_NOT_FOUND") return permanentFailure("method_not_found", message);
  if (code === "BOT_ID_ERROR" || code === "APP_ID_ERROR")
    return permanentFailure("bot_not_registered", message);
  if (code === "PORTAL_DELETED") return permanentFailure("portal_deleted", message);
  if (status === 401) return credentialsRejected("credentials_rejected", message);
  if (status >= 400 && status < 500) return permanentFailure("vendor_rejected", message);
  return transientFailure("vendor_unavailable", message);
}
