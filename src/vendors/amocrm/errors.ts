import {
  type ChannelError,
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";
import { asArray, asNumber, asRecord, asString, parseJsonObject } from "../shared/json-fields.js";

/** amoCRM allows 7 requests a second; a 429 without `Retry-After` waits this long. */
export const AMOCRM_DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;

function retryAfterMs(header: string | null): number {
  const seconds = header === null ? Number.NaN : Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.round(seconds * 1000));
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(date)) return Math.max(1, date - Date.now());
  return AMOCRM_DEFAULT_RATE_LIMIT_WAIT_MS;
}

/**
 * amoCRM's own words about an error, never a credential: API v4 answers problem+json
 * (`title`, `detail`, `validation-errors: [{errors: [{path, detail}]}]`); the Chats API's error
 * bodies are not documented, so any `detail`, `title`, `error` or `message` string is taken.
 */
export function vendorMessage(bodyText: string): string {
  const body = parseJsonObject(bodyText);
  if (!body) return "";
  const problems = asArray(body["validation-errors"]).flatMap((entry) =>
    asArray(asRecord(entry)?.errors).map((error) => {
      const record = asRecord(error);
      const path = asString(record?.path);
      const detail = asString(record?.detail) ?? asString(record?.code) ?? "invalid";
      return path ? `${path}: ${detail}` : detail;
    }),
  );
  const head =
    asString(body.detail) ?? asString(body.title) ?? asString(body.error) ?? asString(body.message) ?? "";
  return [head, ...problems].filter(Boolean).join("; ").slice(0, 300);
}

export interface AmocrmFailure {
  /** Which API: the Chats API (signed with the channel secret) or API v4 (the OAuth token). */
  api: "chats" | "v4";
  /** What was being done, for the message: `send message`, `create lead`, … */
  what: string;
  status: number;
  bodyText: string;
  retryAfter: string | null;
}

/**
 * A failed amoCRM call as the service must react to it (docs/channels.md, "amoCRM"): 429 waits
 * (`Retry-After`, else a second); 401 is refused credentials on both APIs, and so is the Chats
 * API's 403 (its documented meaning: the request signature, i.e. the channel secret, is wrong);
 * API v4's 403 (no rights, or the account blocked the address) and every other 4xx refuse this
 * call only; 5xx and the rest are retried.
 */
export function amocrmHttpError(failure: AmocrmFailure): ChannelError {
  const detail = vendorMessage(failure.bodyText);
  const api = failure.api === "chats" ? "amoCRM Chats API" : "amoCRM";
  const message = `${api} ${failure.what} failed: HTTP ${failure.status}${detail ? ` (${detail})` : ""}`;
  const { status } = failure;
  if (status === 429) return rateLimited("rate_limited", message, retryAfterMs(failure.retryAfter));
  if (status === 401 || (status === 403 && failure.api === "chats")) {
    return credentialsRejected("credentials_rejected", message);
  }
  if (status === 404) return permanentFailure("not_found", message);
  if (status >= 400 && status < 500) return permanentFailure("vendor_rejected", message);
  return transientFailure("vendor_unavailable", message);
}

/** A JSON answer's id as a string (amoCRM ids are numbers in API v4, UUIDs in the Chats API). */
export function idOf(value: unknown): string | undefined {
  return asNumber(value)?.toString() ?? (asString(value) || undefined);
}
