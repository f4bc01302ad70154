import type { InboundMessage } from "../contract/channel.js";
import { asArray, asNumber, asObject, asString, type JsonObject } from "../meta/untrusted-json.js";
import { whatsappMessageContent } from "./message-content.js";

/**
 * The customer messages of a WhatsApp Cloud API webhook (docs/channels.md, "WhatsApp"):
 * `entry[].changes[]` with `field: "messages"`, each `value.messages[]` one message in the
 * conversation of its sender (`from`, the wa_id), named from `value.contacts[]`. Only changes for
 * this integration's phone number count (a WABA's numbers share one app webhook); `statuses[]`
 * (sent/delivered/read receipts) and messages that say nothing are dropped. Meta does not
 * guarantee order, so messages are sorted by their `timestamp`.
 */
export function parseWhatsappMessages(body: JsonObject | undefined, phoneNumberId: string): InboundMessage[] {
  if (body?.object !== "whatsapp_business_account") return [];
  const found: Array<{ timestamp: number; message: InboundMessage }> = [];
  for (const entry of asArray(body.entry)) {
    for (const rawChange of asArray(asObject(entry)?.changes)) {
      const change = asObject(rawChange);
      const value = asObject(change?.value);
      if (change?.field !== "messages" || value === undefined) continue;
      if (asString(asObject(value.metadata)?.phone_number_id) !== phoneNumberId) continue;
      const names = contactNames(asArray(value.contacts));
      for (const rawMessage of asArray(value.messages)) {
        const message = asObject(rawMessage);
        const parsed = message && parseMessage(message, names, phoneNumberId);
        if (parsed) found.push({ timestamp: asNumber(message.timestamp) ?? 0, message: parsed });
      }
    }
  }
  return found.sort((a, b) => a.timestamp - b.timestamp).map((item) => item.message);
}

function parseMessage(
  message: JsonObject,
  names: Map<string, string>,
  phoneNumberId: string,
): InboundMessage | undefined {
  const from = asString(message.from);
  const id = asString(message.id);
  if (from === undefined || id === undefined) return undefined;
  const content = whatsappMessageContent(message);
  if (content === undefined) return undefined;
  const name = names.get(from) ?? (names.size === 1 ? [...names.values()][0] : undefined);
  return {
    externalMessageId: id,
    conversationId: from,
    person: name === undefined ? { externalId: from } : { externalId: from, name },
    text: content.text,
    attachments: content.attachments,
    route: { phone_number_id: phoneNumberId },
    ...(content.choice ? { choice: content.choice } : {}),
  };
}

/** wa_id → the profile name WhatsApp sent along. */
function contactNames(contacts: unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const rawContact of contacts) {
    const contact = asObject(rawContact);
    const waId = asString(contact?.wa_id);
    const name = asString(asObject(contact?.profile)?.name);
    if (waId !== undefined && name !== undefined) names.set(waId, name);
  }
  return names;
}
