import { permanentFailure } from "../contract/channel-error.js";

/**
 * A thread's conversation id on amoCRM (docs/channels.md, "amoCRM"): the Chats API's chat id
 * and the id of the chat's client, `<chat id>:<client id>` (both amojo UUIDs, stable for the
 * life of the chat). The reply is posted in the client's name, so it needs both.
 */
export interface AmojoConversation {
  /** `message.conversation.id` of the webhook: the chat in the Chats API. */
  chatRef: string;
  /** `message.receiver.id` of the webhook: the chat's client, whom Parley's bot speaks as. */
  clientRef: string;
}

export function encodeConversation(conversation: AmojoConversation): string {
  return `${conversation.chatRef}:${conversation.clientRef}`;
}

export function decodeConversation(conversationId: string): AmojoConversation {
  const separator = conversationId.indexOf(":");
  const chatRef = conversationId.slice(0, separator);
  const clientRef = conversationId.slice(separator + 1);
  if (separator <= 0 || clientRef === "" || clientRef.includes(":")) {
    throw permanentFailure("conversation_not_found", "Not an amoCRM conversation id");
  }
  return { chatRef, clientRef };
}

/**
 * The ids Parley gives the chat and its client on its own side of the Chats API
 * (`conversation_id`, `sender.id`): derived from amoCRM's, so every reply names the same ones.
 */
export const integrationChatId = (conversation: AmojoConversation) => `parley-${conversation.chatRef}`;
export const integrationClientId = (conversation: AmojoConversation) => `parley-${conversation.clientRef}`;
