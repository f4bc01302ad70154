import { randomBytes } from "node:crypto";
import { secureEqual } from "../shared/secure-equal.js";
import type { TelegramContext } from "./context.js";

/**
 * The webhook's shared secret (docs/channels.md, "Telegram"): registered as setWebhook's
 * `secret_token`, sent back verbatim by Telegram in this header on every update. The
 * user's `auth_data.webhook_secret` wins; otherwise setUpWebhook generates one and keeps it
 * in the integration's state under `webhook_secret`.
 */
export const WEBHOOK_SECRET_HEADER = "x-telegram-bot-api-secret-token";
export const WEBHOOK_SECRET_STATE_KEY = "webhook_secret";

/** 43 characters of `A-Za-z0-9_-` (256 random bits): within Telegram's 1–256 `secret_token` rule. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The secret updates must carry, or undefined when none was set up yet (every update is then refused). */
export function expectedWebhookSecret(context: TelegramContext): string | undefined {
  if (context.authData.webhook_secret) return context.authData.webhook_secret;
  const saved = context.state[WEBHOOK_SECRET_STATE_KEY];
  return typeof saved === "string" && saved.length > 0 ? saved : undefined;
}

/** The received header against the expected secret, in constant time; a missing or repeated header never matches. */
export function webhookSecretMatches(expected: string, received: string | string[] | undefined): boolean {
  const value = Array.isArray(received) ? (received.length === 1 ? received[0] : undefined) : received;
  if (typeof value !== "string") return false;
  return secureEqual(value, expected);
}
