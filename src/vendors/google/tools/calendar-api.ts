import type { VendorContext } from "../../contract/vendor-context.js";
import { asArray, asRecord, asString, type JsonRecord } from "../../shared/json-fields.js";
import { oauthAccessOf, toolRequest } from "../../shared/tool-http.js";
import { configuredTimeZone } from "./calendar-settings.js";
import { isTimeZone } from "./zoned-time.js";

/**
 * Google's error body: `{"error": {"code", "message", "errors": [{"domain", "reason", "message"}],
 * "status"}}`; the OAuth layer's own is `{"error": "invalid_token", "error_description"}`.
 */
function googleErrorMessage(body: JsonRecord | undefined): string | undefined {
  const error = asRecord(body?.error);
  return asString(error?.message) ?? asString(body?.error_description) ?? asString(body?.error);
}

/** Reasons with which Google answers a usage limit (403 as well as 429). */
const RATE_LIMIT_REASONS = new Set([
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "quotaExceeded",
  "dailyLimitExceeded",
]);

function isGoogleRateLimit(status: number, _headers: Headers, body: JsonRecord | undefined): boolean {
  if (status !== 403) return false;
  const error = asRecord(body?.error);
  return (
    asString(error?.status) === "RESOURCE_EXHAUSTED" ||
    asArray(error?.errors).some((item) => RATE_LIMIT_REASONS.has(asString(asRecord(item)?.reason) ?? ""))
  );
}

/** One call to the Google Calendar API with the integration's token; the answer's JSON object. */
export async function calendarRequest(
  context: VendorContext<unknown>,
  call: { what: string; method: "GET" | "POST"; path: string; json?: unknown; creates?: boolean },
): Promise<JsonRecord> {
  const access = await oauthAccessOf(context, "Google");
  return toolRequest(context.fetch, {
    vendor: "Google Calendar",
    what: call.what,
    method: call.method,
    url: `${access.apiBase}${call.path}`,
    headers: { authorization: `Bearer ${access.accessToken}`, accept: "application/json" },
    json: call.json,
    token: access.accessToken,
    creates: call.creates,
    errorMessage: googleErrorMessage,
    isRateLimit: isGoogleRateLimit,
  });
}

export const calendarPath = (calendarId: string) =>
  `/calendar/v3/calendars/${encodeURIComponent(calendarId)}`;

/**
 * The zone the integration works in: `settings.time_zone`, else the calendar's own
 * (`GET /calendar/v3/calendars/{id}`), else UTC when Google names none Intl knows.
 */
export async function workingTimeZone(context: VendorContext<unknown>, calendarId: string): Promise<string> {
  const configured = configuredTimeZone(context.settings);
  if (configured) return configured;
  const calendar = await calendarRequest(context, {
    what: `reading the calendar "${calendarId}"`,
    method: "GET",
    path: calendarPath(calendarId),
  });
  const zone = asString(calendar.timeZone);
  return zone && isTimeZone(zone) ? zone : "UTC";
}
