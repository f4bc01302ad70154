import type { OutboundMessage } from "../contract/channel.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { resolveUserId } from "./account.js";
import { AvitoApiClient } from "./api-client.js";
import type { AvitoContext } from "./state.js";

/**
 * Sends one text part into an Avito chat (`POST /messenger/v1/accounts/{user_id}/chats/{chat_id}/messages`);
 * resolves with Avito's message id. Avito has no idempotency key: a part retried after a lost
 * answer may show twice.
 */
export async function sendAvitoMessage(
  context: AvitoContext,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const client = new AvitoApiClient(context);
  const userId = await resolveUserId(context, client);
  return postAvitoText(client, userId, message.conversationId, message.text);
}

/** One text message (`{"message":{"text"},"type":"text"}`, at most 1000 characters) with a client at hand. */
export async function postAvitoText(
  client: AvitoApiClient,
  userId: string,
  chatId: string,
  text: string,
): Promise<{ externalMessageId: string | null }> {
  const path = `/messenger/v1/accounts/${encodeURIComponent(userId)}/chats/${encodeURIComponent(chatId)}/messages`;
  const sent = asRecord(
    await client.request("send message", "POST", path, { message: { text }, type: "text" }),
  );
  return { externalMessageId: asString(sent?.id) || null };
}
