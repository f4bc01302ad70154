import type { OutboundMessage } from "../contract/channel.js";
import { asNumber, asString } from "../shared/json-fields.js";
import { resolveBotId } from "./bot.js";
import { callBitrix24 } from "./rest-client.js";
import type { Bitrix24Context } from "./state.js";

/**
 * Sends one text part from the integration's bot into a dialog (`imbot.message.add`,
 * docs/channels.md "Bitrix24"): the dialog is the event's `DIALOG_ID` (a user id, or
 * `chat<id>` for group chats and open lines). Resolves with Bitrix24's message id. Bitrix24 has
 * no idempotency key: a part retried after a lost answer may show twice.
 */
export async function sendBitrix24Message(
  context: Bitrix24Context,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const botId = await resolveBotId(context);
  const result = await callBitrix24(context, "imbot.message.add", {
    BOT_ID: botId,
    DIALOG_ID: message.conversationId,
    MESSAGE: message.text,
  });
  return { externalMessageId: asNumber(result)?.toString() ?? (asString(result) || null) };
}

/** "Typing…" from the bot in the dialog (`imbot.chat.sendTyping`). */
export async function sendBitrix24Typing(context: Bitrix24Context, conversationId: string): Promise<void> {
  const botId = await resolveBotId(context);
  await callBitrix24(context, "imbot.chat.sendTyping", { BOT_ID: botId, DIALOG_ID: conversationId });
}
