import type { ChatRow } from "../../../storage/repos/chats.repo.js";

/**
 * Which chat of an integration receives an inbound message (docs/channels.md, "Routing"):
 * - an integration with a single chat sends everything to it;
 * - otherwise a chat claims the messages whose route values equal every route key in its
 *   `settings` (e.g. `{"chat_id": "-100123"}`); a chat with no route key in its settings takes
 *   what no other chat claims; the chat matching the most keys wins, then the oldest;
 * - a message no chat claims is stored nowhere.
 * Disabled chats are chosen like any other: their messages are stored and not answered.
 */
export function routeToChat(
  chats: readonly ChatRow[],
  route: Record<string, string>,
  routeKeys: readonly string[],
): ChatRow | undefined {
  if (chats.length === 1) return chats[0];
  let best: { chat: ChatRow; specificity: number } | undefined;
  for (const chat of chats) {
    const settings = JSON.parse(chat.settings) as Record<string, unknown>;
    const keys = routeKeys.filter((key) => settings[key] !== undefined && settings[key] !== null);
    if (!keys.every((key) => String(settings[key]) === route[key])) continue;
    if (!best || keys.length > best.specificity) best = { chat, specificity: keys.length };
  }
  return best?.chat;
}
