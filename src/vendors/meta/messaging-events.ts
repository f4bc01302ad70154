import type { InboundMessage } from "../contract/channel.js";
import { messagingAttachment } from "./messaging-attachment.js";
import { asArray, asId, asNumber, asObject, asString, type JsonObject } from "./untrusted-json.js";

export interface MessagingSource {
  /** The webhook `object` this channel receives: `page` (Messenger) or `instagram`. */
  object: "page" | "instagram";
  /** The integration's own Page / Instagram account id, when `auth_data` names it. */
  ownId: string | undefined;
  /** The route key `entry.id` is given under. */
  routeKey: "page_id" | "account_id";
}

/**
 * The customer messages of a Messenger or Instagram webhook (docs/channels.md, "Meta"):
 * `entry[].messaging[]` events with a `message` or a `postback`. A tapped quick reply carries
 * `quick_reply.payload`, the id of the button Parley sent: its `choice`. A postback comes from
 * buttons Parley does not send (a Page's menu, ice breakers) and is no choice. Dropped without
 * error: entries of another Page/account than `ownId`, echoes (`is_echo`: the Page's own sends), anything the
 * account itself sent, deleted or unsupported messages, and every other event kind (delivery,
 * read, reaction, referral, …). The conversation is the sender's page-/Instagram-scoped id.
 * Messages come out in `timestamp` order (Meta does not guarantee delivery order).
 */
export function parseMessagingEvents(
  body: JsonObject | undefined,
  source: MessagingSource,
): InboundMessage[] {
  if (body?.object !== source.object) return [];
  const found: Array<{ timestamp: number; message: InboundMessage }> = [];
  for (const rawEntry of asArray(body.entry)) {
    const entry = asObject(rawEntry);
    const entryId = asId(entry?.id);
    if (entry === undefined || entryId === undefined) continue;
    if (source.ownId !== undefined && entryId !== source.ownId) continue;
    for (const rawEvent of asArray(entry.messaging)) {
      const event = asObject(rawEvent);
      const message = event && parseEvent(event, entryId, source);
      if (message) found.push({ timestamp: asNumber(event.timestamp) ?? 0, message });
    }
  }
  return found.sort((a, b) => a.timestamp - b.timestamp).map((item) => item.message);
}

function parseEvent(event: JsonObject, entryId: string, source: MessagingSource): InboundMessage | undefined {
  const senderId = asId(asObject(event.sender)?.id);
  if (senderId === undefined || senderId === entryId || senderId === source.ownId) return undefined;
  const base = {
    conversationId: senderId,
    person: { externalId: senderId },
    route: { [source.routeKey]: entryId },
  };

  const message = asObject(event.message);
  if (message !== undefined) {
    if (message.is_echo === true || message.is_deleted === true || message.is_unsupported === true)
      return undefined;
    const mid = asString(message.mid);
    if (mid === undefined) return undefined;
    const readable = asArray(message.attachments)
      .map(messagingAttachment)
      .filter((item) => item !== undefined);
    const parts = readable.map((item) => item.text);
    const text = asString(message.text);
    if (text !== undefined) parts.push(text);
    if (parts.length === 0) return undefined;
    // A tapped quick reply: its title is the text, its payload the id of the button Parley sent.
    const buttonId = asString(asObject(message.quick_reply)?.payload);
    return {
      ...base,
      externalMessageId: mid,
      text: parts.join("\n"),
      attachments: readable.map((item) => item.attachment),
      ...(buttonId === undefined ? {} : { choice: { buttonId } }),
    };
  }

  // A button press: the button's title is what the customer "said".
  const postback = asObject(event.postback);
  const title = asString(postback?.title);
  if (postback !== undefined && title !== undefined) {
    const key = asString(postback.mid) ?? `${senderId}:${asNumber(event.timestamp) ?? 0}`;
    return { ...base, externalMessageId: `postback:${key}`, text: title, attachments: [] };
  }
  return undefined;
}
