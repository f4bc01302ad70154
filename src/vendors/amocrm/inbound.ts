import type { InboundMessage, InboundRequest, InboundResult } from "../contract/channel.js";
import { asRecord, asString, type JsonRecord, parseJsonObject } from "../shared/json-fields.js";
import { verifyHookSignature } from "./amojo-signature.js";
import { channelOf } from "./channel-config.js";
import { encodeConversation } from "./conversation.js";
import { describeContent } from "./message.js";
import { type AmocrmContext, readAmocrmState } from "./state.js";

const header = (request: InboundRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * One message of a v2 channel webhook (`{account_id, time, message: {conversation, sender,
 * receiver, source?, timestamp, message: {id, type, text, media, …}}}`) as an inbound message:
 * written in amoCRM by a user (or the Salesbot) to the chat's client, whom Parley's bot speaks
 * as (docs/channels.md, "amoCRM"). The person is the writer (`sender.id`, their Chats API id);
 * the dedupe key amoCRM's message id. Shapes without these ids carry no message.
 */
function toInboundMessage(event: JsonRecord): InboundMessage | undefined {
  const conversation = asRecord(event.conversation);
  const chatRef = asString(conversation?.id);
  const senderId = asString(asRecord(event.sender)?.id);
  const clientRef = asString(asRecord(event.receiver)?.id);
  const message = asRecord(event.message);
  const messageId = asString(message?.id);
  if (!chatRef || !senderId || !clientRef || !message || !messageId) return undefined;
  const described = describeContent(message);
  if (!described.text) return undefined;
  return {
    externalMessageId: messageId,
    conversationId: encodeConversation({ chatRef, clientRef }),
    person: { externalId: senderId },
    text: described.text,
    attachments: described.attachment ? [described.attachment] : [],
    route: { sender_id: senderId, source_id: asString(asRecord(event.source)?.external_id) ?? "" },
  };
}

/**
 * Verifies and parses a Chats API channel webhook (docs/channels.md, "amoCRM"). The proof is
 * `X-Signature`, the hex HMAC-SHA1 of the exact body with the channel secret; the body's
 * `account_id` must be the account this integration connected (a hook of another account,
 * however well signed, is not this integration's). A verified hook that is not a message
 * (typing, reactions) or not JSON is accepted with no message. Never calls amoCRM.
 */
export async function parseAmocrmInbound(
  context: AmocrmContext,
  request: InboundRequest,
): Promise<InboundResult> {
  const channel = channelOf(context);
  if (!channel || !verifyHookSignature(channel.secret, request.rawBody, header(request, "x-signature"))) {
    return { kind: "rejected" };
  }
  const body = parseJsonObject(request.rawBody);
  if (!body) return { kind: "accepted", messages: [] };
  const amojoId = readAmocrmState(context).amojo_id;
  if (!amojoId || asString(body.account_id) !== amojoId) return { kind: "rejected" };
  const event = asRecord(body.message);
  const message = event ? toInboundMessage(event) : undefined;
  return { kind: "accepted", messages: message ? [message] : [] };
}
