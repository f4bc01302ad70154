import type { OutboundMessage } from "../contract/channel.js";
import type { VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asArray, asObject, asString } from "../meta/untrusted-json.js";
import type { WhatsappAuthData } from "./auth-data.js";

/**
 * One text part to a wa_id (docs/channels.md, "WhatsApp"): `POST /<phone_number_id>/messages`.
 * Link previews are off: a reply is the bot's text, not a card. Free-form text is allowed only
 * within 24 hours of the customer's last message; after that Meta answers 131047, classified
 * `outside_window`.
 */
export async function sendWhatsappText(
  context: VendorContext<WhatsappAuthData>,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  return postWhatsappMessage(context, message.conversationId, {
    type: "text",
    text: { body: message.text, preview_url: false },
  });
}

/**
 * `POST /<phone_number_id>/messages` to one wa_id with the message's own fields (`type` and its
 * object); resolves with the wamid Meta answers.
 */
export async function postWhatsappMessage(
  context: VendorContext<WhatsappAuthData>,
  to: string,
  content: Record<string, unknown>,
): Promise<{ externalMessageId: string | null }> {
  const result = await graphRequest(context, {
    method: "POST",
    path: graphPath(context.authData.phone_number_id, "messages"),
    body: { messaging_product: "whatsapp", recipient_type: "individual", to, ...content },
  });
  return { externalMessageId: asString(asObject(asArray(result.messages)[0])?.id) ?? null };
}
