import {
  type ChannelError,
  credentialsRejected,
  MARKUP_REJECTED,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";

/**
 * How a failed Bot API call maps onto ChannelError kinds (docs/channels.md, "Sending").
 * Telegram answers `{"ok":false,"error_code":N,"description":"…","parameters"?:{…}}` with the
 * HTTP status equal to `error_code`; the description is the only thing that tells a blocked
 * user from a missing chat, so it is matched by its stable wording.
 */

/** The error envelope, as far as it could be read (fields may be missing on a proxy's error page). */
export interface TelegramErrorEnvelope {
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** Used when a 429 carries no wait at all (Telegram always sends one; a proxy might not). */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

/** Why a 403 happened: each is about the recipient or the chat, never about the token. */
const FORBIDDEN_CODES: Array<[RegExp, string]> = [
  [/blocked by the user/i, "recipient_blocked"],
  [/user is deactivated/i, "recipient_deactivated"],
  [/kicked|not a member|bot can't initiate/i, "bot_not_in_chat"],
];

const BAD_REQUEST_CODES: Array<[RegExp, string]> = [
  [/chat not found/i, "conversation_not_found"],
  [/message is too long/i, "message_too_long"],
  // HTML Telegram could not parse: the deliverer sends the part again as plain text.
  [/can't parse entities/i, MARKUP_REJECTED],
  [/file is too big/i, "file_too_large"],
  [/file_id|file is temporarily unavailable/i, "file_not_found"],
];

function codeFor(table: Array<[RegExp, string]>, description: string): string {
  return table.find(([pattern]) => pattern.test(description))?.[1] ?? "vendor_rejected";
}

function retryAfterMs(envelope: TelegramErrorEnvelope, description: string): number {
  const stated = envelope.parameters?.retry_after;
  if (typeof stated === "number" && Number.isFinite(stated) && stated >= 0) return stated * 1000;
  const inText = /retry after (\d+)/i.exec(description);
  return inText ? Number(inText[1]) * 1000 : DEFAULT_RETRY_AFTER_MS;
}

/**
 * Classifies a failed call. `description` must already be free of the token (the caller
 * redacts it); `method` is the Bot API method name, for the message only.
 */
export function classifyTelegramError(
  method: string,
  httpStatus: number,
  envelope: TelegramErrorEnvelope,
): ChannelError {
  const status = typeof envelope.error_code === "number" ? envelope.error_code : httpStatus;
  const description = envelope.description ?? `HTTP ${httpStatus}`;
  const message = `Telegram ${method}: ${description}`;
  if (status === 429 || envelope.parameters?.retry_after !== undefined) {
    return rateLimited("rate_limited", message, retryAfterMs(envelope, description));
  }
  // 401 is a wrong or revoked token; 404 is what the Bot API answers when the token in the path
  // is malformed (our method names are fixed, so "Not Found" can only mean the token).
  if (status === 401 || status === 404) return credentialsRejected("credentials_rejected", message);
  const migratedTo = envelope.parameters?.migrate_to_chat_id;
  if (migratedTo !== undefined) {
    return permanentFailure("chat_migrated", `${message} (the chat is now ${String(migratedTo)})`);
  }
  if (status === 403) return permanentFailure(codeFor(FORBIDDEN_CODES, description), message);
  if (status === 400) return permanentFailure(codeFor(BAD_REQUEST_CODES, description), message);
  if (status >= 500) return transientFailure("vendor_unavailable", message);
  if (status >= 400) return permanentFailure("vendor_rejected", message);
  return transientFailure("unexpected_response", message);
}
