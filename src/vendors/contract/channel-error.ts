/**
 * How a vendor call failed, as the service must react to it (docs/channels.md, "Sending"):
 * - `rate_limited`: the vendor asked to wait (Telegram 429 `retry_after`, VK error 6/9, Meta
 *   throttling codes); the send is retried after `retryAfterMs`.
 * - `credentials_rejected`: the token or secret is no longer accepted (HTTP 401/403, VK 5/27,
 *   Meta 190); the integration goes to `error` and `integration.auth_lost` is raised once.
 * - `permanent`: this message can never be delivered (the user blocked the bot, the 24-hour
 *   window closed, the chat is gone); recorded on the message with `code`, not retried.
 * - `transient`: anything else (5xx, a network failure): retried with backoff.
 * Adapters throw these; an error of any other class counts as transient.
 */
export type ChannelErrorKind = "rate_limited" | "credentials_rejected" | "permanent" | "transient";

export class ChannelError extends Error {
  constructor(
    readonly kind: ChannelErrorKind,
    /** snake_case, stable, shown on the message's delivery (e.g. `recipient_blocked`, `outside_window`). */
    readonly code: string,
    message: string,
    /** For `rate_limited`: how long the vendor asked to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}

/**
 * The `permanent` code of a send the vendor refused for its markup (Telegram's "can't parse
 * entities"): the deliverer sends that part once more as plain text (docs/channels.md,
 * "Formatting").
 */
export const MARKUP_REJECTED = "markup_rejected";

export const rateLimited = (code: string, message: string, retryAfterMs: number) =>
  new ChannelError("rate_limited", code, message, retryAfterMs);

export const credentialsRejected = (code: string, message: string) =>
  new ChannelError("credentials_rejected", code, message);

export const permanentFailure = (code: string, message: string) =>
  new ChannelError("permanent", code, message);

export const transientFailure = (code: string, message: string) =>
  new ChannelError("transient", code, message);
