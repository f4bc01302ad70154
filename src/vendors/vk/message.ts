import type { InboundMessage } from "../contract/channel.js";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";
import { type DescribedAttachment, describeAttachment, describeGeo } from "./attachments.js";
import { choiceOf } from "./keyboard.js";

/** Peer ids from this one up are group chats (2000000000 + chat id); below it, users. */
const CHAT_PEER_BASE = 2_000_000_000;

/**
 * The message of a `message_new` event: `object.message` since API 5.103; older versions (a
 * callback server configured by hand may use one) put the message itself in `object`.
 */
function messageOf(object: JsonRecord): JsonRecord | undefined {
  return asRecord(object.message) ?? (object.peer_id !== undefined ? object : undefined);
}

/**
 * In a group chat a button press reaches the bot as `[club<id>|<name>] <label>`, the mention
 * VK puts before messages addressed to the community (seen in SDKs and bots, not in VK's pages:
 * unconfirmed); a choice's text is the label alone.
 */
const COMMUNITY_MENTION = /^\[club\d+\|[^\]]*\]\s*/;

/** How the model reads the message: its text and a placeholder per non-text part. */
function readableText(text: string, described: DescribedAttachment[], forwarded: number): string {
  const only = described.length === 1 ? described[0] : undefined;
  // A lone photo or video sent with text: the text is its caption.
  if (
    text &&
    only &&
    (only.attachment.kind === "photo" || only.attachment.kind === "video") &&
    !only.attachment.caption
  ) {
    only.attachment.caption = text;
    return `[${only.attachment.kind}: ${text}]`;
  }
  const lines = [text, ...described.map((part) => part.placeholder)];
  if (forwarded > 0)
    lines.push(forwarded === 1 ? "[forwarded message]" : `[${forwarded} forwarded messages]`);
  return lines.filter(Boolean).join("\n");
}

/**
 * Normalises a `message_new` event (docs/channels.md, "VK"); a press of a keyboard button
 * Parley sent carries its id in `payload` (keyboard.ts) and becomes `choice`, its text being the
 * button's label. No message for: the community's
 * own messages (`out: 1`, or sent from the community's id), service messages (`action`: a user
 * joined, the chat was renamed…), and messages with nothing in them.
 */
export function toInboundMessage(event: JsonRecord, groupId: number | undefined): InboundMessage | undefined {
  const message = messageOf(asRecord(event.object) ?? {});
  if (!message) return undefined;
  const peerId = asNumber(message.peer_id);
  const fromId = asNumber(message.from_id);
  if (peerId === undefined || fromId === undefined) return undefined;
  if (asNumber(message.out) === 1 || (groupId !== undefined && fromId === -groupId)) return undefined;
  if (asRecord(message.action)) return undefined;

  const described = asArray(message.attachments)
    .map(asRecord)
    .filter((entry) => entry !== undefined)
    .map(describeAttachment);
  const geo = asRecord(message.geo);
  const location = geo ? describeGeo(geo) : undefined;
  if (location) described.push(location);
  const forwarded = asArray(message.fwd_messages).length;
  const choice = choiceOf(message.payload);
  const typed = asString(message.text) ?? "";
  const text = readableText(choice ? typed.replace(COMMUNITY_MENTION, "") : typed, described, forwarded);
  if (!text) return undefined;

  const conversationMessageId = asNumber(message.conversation_message_id);
  return {
    externalMessageId:
      asString(event.event_id) || `${peerId}:${conversationMessageId ?? asNumber(message.id) ?? 0}`,
    conversationId: String(peerId),
    person: { externalId: String(fromId) },
    text,
    attachments: described.map((part) => part.attachment),
    route: { peer_type: peerId < CHAT_PEER_BASE ? "user" : "chat", peer_id: String(peerId) },
    ...(choice ? { choice } : {}),
  };
}
