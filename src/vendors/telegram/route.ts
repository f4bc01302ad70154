import type { TelegramChat } from "./update-schema.js";

/**
 * The keys a chat's `settings` may match Telegram messages on (docs/channels.md, "Routing"):
 * the chat's type (`private`, `group`, `supergroup`) and its id.
 */
export const TELEGRAM_ROUTE_KEYS = ["chat_type", "chat_id"] as const;

export function telegramRoute(chat: TelegramChat): Record<(typeof TELEGRAM_ROUTE_KEYS)[number], string> {
  return { chat_type: chat.type, chat_id: String(chat.id) };
}
