import type { InboundMessage, InboundRequest, InboundResult } from "../contract/channel.js";
import type { TelegramContext } from "./context.js";
import { describeMessage } from "./message-content.js";
import { telegramRoute } from "./route.js";
import { type TelegramMessage, telegramMessageSchema, telegramUpdateSchema } from "./update-schema.js";
import { expectedWebhookSecret, WEBHOOK_SECRET_HEADER, webhookSecretMatches } from "./webhook-secret.js";

/**
 * An inbound webhook (docs/channels.md, "Telegram"): one JSON `Update` per POST, trusted only
 * when `X-Telegram-Bot-Api-Secret-Token` equals the webhook secret. Only `message` updates from
 * people are customer messages; edits, channel posts, callbacks, service messages, messages
 * from bots (the bot's own included) and channel posts auto-forwarded into a discussion group
 * are accepted and dropped. Nothing here calls Telegram.
 */
export async function parseTelegramInbound(
  context: TelegramContext,
  request: InboundRequest,
): Promise<InboundResult> {
  const expected = expectedWebhookSecret(context);
  if (expected === undefined || !webhookSecretMatches(expected, request.headers[WEBHOOK_SECRET_HEADER])) {
    return { kind: "rejected" };
  }
  const message = messageOf(request.rawBody);
  const inbound = message ? toInboundMessage(message) : undefined;
  return { kind: "accepted", messages: inbound ? [inbound] : [] };
}

/** The update's `message`, or undefined for anything else (including malformed JSON). */
function messageOf(rawBody: string): TelegramMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const update = telegramUpdateSchema.safeParse(body);
  if (!update.success || update.data.message === undefined) return undefined;
  const message = telegramMessageSchema.safeParse(update.data.message);
  return message.success ? message.data : undefined;
}

function toInboundMessage(message: TelegramMessage): InboundMessage | undefined {
  const { from, chat } = message;
  if (!from || from.is_bot || message.is_automatic_forward) return undefined;
  const content = describeMessage(message);
  if (!content) return undefined;
  const name = [from.first_name, from.last_name].filter((part) => part?.trim()).join(" ");
  return {
    // message_id is unique per chat and, unlike update_id, survives Telegram resetting its update counter.
    externalMessageId: `${chat.id}:${message.message_id}`,
    conversationId: String(chat.id),
    person: { externalId: String(from.id), ...(name ? { name } : {}) },
    text: content.text,
    attachments: content.attachments,
    route: telegramRoute(chat),
  };
}
