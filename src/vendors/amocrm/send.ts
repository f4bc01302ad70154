import type { OutboundMessage } from "../contract/channel.js";
import { permanentFailure } from "../contract/channel-error.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { amojoRequest } from "./amojo-client.js";
import { requireChannel } from "./channel-config.js";
import {
  type AmojoConversation,
  decodeConversation,
  integrationChatId,
  integrationClientId,
} from "./conversation.js";
import { type AmocrmContext, readAmocrmState } from "./state.js";

/** The name the bot writes under: the integration's `settings.sender_name`, else its name. */
export function senderName(context: AmocrmContext): string {
  const configured = context.settings.sender_name;
  const name =
    typeof configured === "string" && configured.trim() !== "" ? configured.trim() : context.integration.name;
  return name.slice(0, 100);
}

function scopeOf(context: AmocrmContext): string {
  const scopeId = readAmocrmState(context).scope_id;
  if (!scopeId) {
    throw permanentFailure(
      "channel_not_connected",
      "The amoCRM chat channel is not connected to the account yet",
    );
  }
  return scopeId;
}

/** The bot's side of the chat: the chat's client, named by both sides' ids (conversation.ts). */
function clientOf(context: AmocrmContext, conversation: AmojoConversation) {
  return { id: integrationClientId(conversation), ref_id: conversation.clientRef, name: senderName(context) };
}

/** A Chats API message: `text`, or a picture or file by its `media` link (send-file.ts). */
export type AmojoMessage =
  | { type: "text"; text: string }
  | { type: "picture" | "file"; media: string; file_name: string; file_size: number; text?: string };

/**
 * Posts one message into the amoCRM chat as a message of the chat's client
 * (`POST /v2/origin/custom/{scope_id}`, `event_type: new_message`, only `sender`: docs/channels.md,
 * "amoCRM"), linked to amoCRM's chat by `conversation_ref_id`. `msgid` is derived from the
 * part's idempotency key, so a retried part names the same message. Resolves with the Chats
 * API's message id.
 */
export async function postAmojoMessage(
  context: AmocrmContext,
  conversationId: string,
  idempotencyKey: string,
  message: AmojoMessage,
): Promise<{ externalMessageId: string | null }> {
  const channel = requireChannel(context);
  const scopeId = scopeOf(context);
  const conversation = decodeConversation(conversationId);
  const now = Date.now();
  const answer = asRecord(
    await amojoRequest(
      context,
      channel,
      "send message",
      "POST",
      `/v2/origin/custom/${encodeURIComponent(scopeId)}`,
      {
        event_type: "new_message",
        payload: {
          timestamp: Math.floor(now / 1000),
          msec_timestamp: now,
          msgid: `parley-${idempotencyKey}`,
          conversation_id: integrationChatId(conversation),
          conversation_ref_id: conversation.chatRef,
          sender: clientOf(context, conversation),
          message,
          silent: false,
        },
      },
    ),
  );
  return { externalMessageId: asString(asRecord(answer?.new_message)?.msgid) || null };
}

/** Posts one text part into the amoCRM chat (postAmojoMessage). */
export function sendAmocrmMessage(
  context: AmocrmContext,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  return postAmojoMessage(context, message.conversationId, message.idempotencyKey, {
    type: "text",
    text: message.text,
  });
}

/** "Typing…" in the amoCRM chat, from the chat's client (`POST /v2/origin/custom/{scope_id}/typing`). */
export async function sendAmocrmTyping(context: AmocrmContext, conversationId: string): Promise<void> {
  const channel = requireChannel(context);
  const scopeId = scopeOf(context);
  const conversation = decodeConversation(conversationId);
  await amojoRequest(
    context,
    channel,
    "typing",
    "POST",
    `/v2/origin/custom/${encodeURIComponent(scopeId)}/typing`,
    {
      conversation_id: integrationChatId(conversation),
      sender: { id: integrationClientId(conversation) },
    },
  );
}
