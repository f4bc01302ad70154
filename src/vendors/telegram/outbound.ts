import type { OutboundButton, OutboundMessage } from "../contract/channel.js";
import { callTelegram } from "./api-client.js";
import { chatIdParam } from "./chat-id.js";
import type { TelegramContext } from "./context.js";

/**
 * Sending (docs/channels.md, "Sending"): one part per `sendMessage`, with `parse_mode: "HTML"`
 * when the part is in Telegram's HTML (docs/channels.md, "Formatting"), else plain text (no
 * `parse_mode`, so nothing needs escaping). Telegram has no idempotency key, so
 * `idempotencyKey` is not used. The id returned is `<chat id>:<message_id>`, the same shape
 * inbound messages get, because a message_id alone is only unique within its chat. Buttons
 * go as an inline keyboard (docs/channels.md, "Buttons").
 */
export async function sendTelegramText(
  context: TelegramContext,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const result = await callTelegram(context, "sendMessage", {
    chat_id: chatIdParam(message.conversationId),
    text: message.text,
    ...(message.markup === "telegram-html" ? { parse_mode: "HTML" } : {}),
    ...(message.buttons && message.buttons.length > 0
      ? { reply_markup: inlineKeyboard(message.buttons) }
      : {}),
  });
  const sent = result as { message_id?: unknown; chat?: { id?: unknown } } | null;
  if (typeof sent?.message_id !== "number") return { externalMessageId: null };
  const chatId = typeof sent.chat?.id === "number" ? String(sent.chat.id) : message.conversationId;
  return { externalMessageId: `${chatId}:${sent.message_id}` };
}

/** "typing…" for up to 5 s or until the bot's next message (the service repeats it while it works). */
export async function sendTelegramTyping(context: TelegramContext, conversationId: string): Promise<void> {
  await callTelegram(context, "sendChatAction", { chat_id: chatIdParam(conversationId), action: "typing" });
}

/**
 * An `InlineKeyboardMarkup`, one button a row: a reply button carries its id as `callback_data`
 * (1–64 bytes, which Parley's ids keep to), a link button its `url`.
 */
export function inlineKeyboard(buttons: readonly OutboundButton[]): {
  inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>>;
} {
  return {
    inline_keyboard: buttons.map((button) => [
      button.kind === "link"
        ? { text: button.label, url: button.url ?? "" }
        : { text: button.label, callback_data: button.id ?? "" },
    ]),
  };
}
