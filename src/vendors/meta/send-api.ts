import type { OutboundMessage } from "../contract/channel.js";
import { type GraphContext, graphPath, graphRequest } from "./graph-request.js";
import { type SendApiButtonOptions, sendApiButtonMessages } from "./send-api-buttons.js";
import { asString } from "./untrusted-json.js";

/**
 * Messenger's Send API, which Instagram messaging shares (docs/channels.md, "Meta"):
 * `POST /<node>/messages`, where `node` is the Page id or `me` (the Page the token belongs to).
 * A reply to the customer's message is `messaging_type: RESPONSE`, allowed inside the 24-hour
 * window; outside it Meta answers code 10, classified `outside_window`. A part with buttons may
 * take more than one message (send-api-buttons.ts); the id returned is the last one's, the
 * message with the buttons.
 */
export async function sendApiMessage(
  context: GraphContext,
  node: string,
  message: OutboundMessage,
  buttonOptions: SendApiButtonOptions,
): Promise<{ externalMessageId: string | null }> {
  const buttons = message.buttons ?? [];
  const contents =
    buttons.length > 0
      ? sendApiButtonMessages(message.text, buttons, buttonOptions)
      : [{ text: message.text }];
  let externalMessageId: string | null = null;
  for (const content of contents) {
    const result = await graphRequest(context, {
      method: "POST",
      path: graphPath(node, "messages"),
      body: { recipient: { id: message.conversationId }, messaging_type: "RESPONSE", message: content },
    });
    externalMessageId = asString(result.message_id) ?? null;
  }
  return { externalMessageId };
}

/** "Typing…" in the conversation: the same endpoint with only `recipient` and `sender_action`. */
export async function sendApiTypingOn(
  context: GraphContext,
  node: string,
  conversationId: string,
): Promise<void> {
  await graphRequest(context, {
    method: "POST",
    path: graphPath(node, "messages"),
    body: { recipient: { id: conversationId }, sender_action: "typing_on" },
  });
}
