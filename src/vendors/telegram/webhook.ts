import { callTelegram } from "./api-client.js";
import type { TelegramContext } from "./context.js";
import { expectedWebhookSecret, generateWebhookSecret, WEBHOOK_SECRET_STATE_KEY } from "./webhook-secret.js";

/**
 * Webhook registration (docs/channels.md, "Telegram"): setWebhook points the bot at
 * `context.hookUrl` with the secret Telegram must echo. Only `message` updates and
 * `callback_query` (a press of an inline keyboard button) are asked for: edits and channel posts
 * are not answered. A secret generated here is stored before the call, so a registration
 * whose answer was lost still has its secret, and an update that arrives before the answer
 * is accepted.
 */
export async function setUpTelegramWebhook(context: TelegramContext): Promise<void> {
  let secret = expectedWebhookSecret(context);
  if (secret === undefined) {
    secret = generateWebhookSecret();
    // Stored before setWebhook: Telegram may post the first update before it answers, and an
    // update with a secret Parley does not know yet is refused.
    await context.saveState({ [WEBHOOK_SECRET_STATE_KEY]: secret });
  }
  await callTelegram(context, "setWebhook", {
    url: context.hookUrl,
    secret_token: secret,
    allowed_updates: ["message", "callback_query"],
  });
}

/** Removes the webhook; updates sent meanwhile stay queued at Telegram (up to 24 h). */
export async function tearDownTelegramWebhook(context: TelegramContext): Promise<void> {
  await callTelegram(context, "deleteWebhook", { drop_pending_updates: false });
}
