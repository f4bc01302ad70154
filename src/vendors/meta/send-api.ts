import type { OutboundMessage } from "../contract/channel.js";
import { type GraphContext, graphPath, graphRequest } from "./graph-request.js";
import { asString } from "./untrusted-json.js";

/**
 * Messenger's Send API, which Instagram messaging shares (docs/channels.md, "Meta"):
 * `POST /<node>/messages`, where `node` is the Page id or `me` (the Page the token belongs to).
 * A reply to the customer's message is `messaging_type: RESPONSE`, allowed inside the 24-hour
 * window; outside it Meta answers code 10, classified `outside_window`.
 */
export async function sendApiText(
  context: GraphContext,
  node: string,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const result = await graphRequest(context, {
    method: "POST",
    path: graphPath(node, "messages"),
    body: {
      recipient: { id: message.conversationId },
      messaging_type: "RESPONSE",
      message: { text: message.text },
    },
  });
  return { externalMessageId: asString(result.message_id) ?? null };
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
