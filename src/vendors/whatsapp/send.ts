import type { OutboundMessage } from "../contract/channel.js";
import type { VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asArray, asObject, asString } from "../meta/untrusted-json.js";
import type { WhatsappAuthData } from "./auth-data.js";
import { textContent, type WhatsappContent, whatsappButtonMessages } from "./interactive.js";

/**
 * `POST /<phone_number_id>/messages` to one wa_id with the message's own fields (`type` and its
 * object): text, interactive and template sends share it; resolves with the wamid Meta answers.
 */
export async function postWhatsappMessage(
  context: VendorContext<WhatsappAuthData>,
  to: string,
  content: WhatsappContent | Record<string, unknown>,
): Promise<string | null> {
  const result = await graphRequest(context, {
    method: "POST",
    path: graphPath(context.authData.phone_number_id, "messages"),
    body: { messaging_product: "whatsapp", recipient_type: "individual", to, ...content },
  });
  return asString(asObject(asArray(result.messages)[0])?.id) ?? null;
}

/**
 * One part to a wa_id (docs/channels.md, "WhatsApp"): `POST /<phone_number_id>/messages`.
 * Link previews are off: a reply is the bot's text, not a card. With buttons the part becomes
 * an interactive message (interactive.ts), preceded by plain text when its text is longer than
 * an interactive body; the id returned is the last message's, the one with the buttons.
 * Free-form messages are allowed only within 24 hours of the customer's last message; after
 * that Meta answers 131047, classified `outside_window`.
 */
export async function sendWhatsappMessage(
  context: VendorContext<WhatsappAuthData>,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const buttons = message.buttons ?? [];
  const contents =
    buttons.length > 0 ? whatsappButtonMessages(message.text, buttons) : [textContent(message.text)];
  let externalMessageId: string | null = null;
  for (const content of contents) {
    externalMessageId = await postWhatsappMessage(context, message.conversationId, content);
  }
  return { externalMessageId };
}
