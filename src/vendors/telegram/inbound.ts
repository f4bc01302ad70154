import type { HookReply, InboundMessage, InboundRequest, InboundResult } from "../contract/channel.js";
import type { TelegramContext } from "./context.js";
import { describeMessage } from "./message-content.js";
import { telegramRoute } from "./route.js";
import {
  type TelegramCallbackQuery,
  type TelegramMessage,
  telegramCallbackQuerySchema,
  telegramMessageSchema,
  telegramUpdateSchema,
} from "./update-schema.js";
import { expectedWebhookSecret, WEBHOOK_SECRET_HEADER, webhookSecretMatches } from "./webhook-secret.js";

/**
 * An inbound webhook (docs/channels.md, "Telegram"): one JSON `Update` per POST, trusted only
 * when `X-Telegram-Bot-Api-Secret-Token` equals the webhook secret. `message` updates from
 * people are customer messages, and so is a `callback_query` (the press of a button Parley
 * sent: docs/channels.md, "Buttons"); edits, channel posts, service messages, messages from bots
 * (the bot's own included) and channel posts auto-forwarded into a discussion group are
 * accepted and dropped. Nothing here calls Telegram: a press is answered (`answerCallbackQuery`,
 * which stops the client's spinner) in the webhook's own response, as the Bot API allows.
 */
export async function parseTelegramInbound(
  context: TelegramContext,
  request: InboundRequest,
): Promise<InboundResult> {
  const expected = expectedWebhookSecret(context);
  if (expected === undefined || !webhookSecretMatches(expected, request.headers[WEBHOOK_SECRET_HEADER])) {
    return { kind: "rejected" };
  }
  const update = updateOf(request.rawBody);
  const press = update?.callback_query;
  if (press !== undefined) {
    const query = telegramCallbackQuerySchema.safeParse(press);
    if (!query.success) return { kind: "accepted", messages: [] };
    const inbound = pressMessage(query.data);
    return {
      kind: "accepted",
      messages: inbound ? [inbound] : [],
      reply: answerInResponse(query.data.id),
    };
  }
  const message = update?.message === undefined ? undefined : telegramMessageSchema.safeParse(update.message);
  const inbound = message?.success ? toInboundMessage(message.data) : undefined;
  return { kind: "accepted", messages: inbound ? [inbound] : [] };
}

/** The update, or undefined for malformed JSON or an update of another shape. */
function updateOf(rawBody: string) {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const update = telegramUpdateSchema.safeParse(body);
  return update.success ? update.data : undefined;
}

/** `answerCallbackQuery` as the webhook's answer (a method call in the response body). */
function answerInResponse(callbackQueryId: string): HookReply {
  return {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ method: "answerCallbackQuery", callback_query_id: callbackQueryId }),
  };
}

/**
 * A press as the customer's message: `text` is the pressed button's label, read from the
 * keyboard of the message it was under (the id itself when Telegram no longer gives that
 * message: the core then shows the label it stored). A press by a bot, or of a button without
 * `callback_data` (a link), is no message.
 */
function pressMessage(query: TelegramCallbackQuery): InboundMessage | undefined {
  const { from, data, message } = query;
  if (from.is_bot || data === undefined || data === "") return undefined;
  const button = message?.reply_markup?.inline_keyboard.flat().find((key) => key.callback_data === data);
  // A private chat's id is its user's: a press without its message still names the conversation.
  const chat = message?.chat ?? { id: from.id, type: "private" };
  const name = [from.first_name, from.last_name].filter((part) => part?.trim()).join(" ");
  return {
    externalMessageId: `callback:${query.id}`,
    conversationId: String(chat.id),
    person: { externalId: String(from.id), ...(name ? { name } : {}) },
    text: button?.text.trim() || data,
    attachments: [],
    route: telegramRoute(chat),
    choice: { buttonId: data },
  };
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
