import type { InboundMessage } from "../contract/channel.js";
import { asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";
import { describeContent } from "./content.js";

/** Message types that are not a customer writing: Avito's notices and deleted messages. */
const NOT_CUSTOMER_TYPES = new Set(["system", "deleted"]);

const idString = (value: unknown) => asNumber(value)?.toString() ?? (asString(value) || undefined);

/**
 * Normalises the `payload.value` of an Avito `message` webhook (docs/channels.md, "Avito").
 * No message for the account's own sends (Avito reports them too: `author_id` equals the hook
 * owner's `user_id`), for system notices and deleted messages, and for shapes without a
 * chat, author or id. The person's name is not in the webhook and stays unknown.
 */
export function toInboundMessage(
  value: JsonRecord,
  envelopeId: string | undefined,
): InboundMessage | undefined {
  const type = asString(value.type) ?? "";
  if (NOT_CUSTOMER_TYPES.has(type)) return undefined;
  const chatId = asString(value.chat_id);
  const authorId = idString(value.author_id);
  const ownerId = idString(value.user_id);
  const messageId = asString(value.id) || envelopeId;
  if (!chatId || !authorId || !messageId || authorId === ownerId) return undefined;

  const described = describeContent(type, asRecord(value.content) ?? {});
  if (!described.text) return undefined;
  return {
    externalMessageId: messageId,
    conversationId: chatId,
    person: { externalId: authorId },
    text: described.text,
    attachments: described.attachment ? [described.attachment] : [],
    route: { chat_type: asString(value.chat_type) ?? "", item_id: idString(value.item_id) ?? "" },
  };
}
