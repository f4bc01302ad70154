import { createHash } from "node:crypto";
import type { OutboundMessage } from "../contract/channel.js";
import { permanentFailure } from "../contract/channel-error.js";
import { asNumber } from "../shared/json-fields.js";
import { callVk } from "./api-client.js";
import { knownGroupId, type VkContext } from "./state.js";

/**
 * VK's `random_id` for a part: a positive int32 from the first four bytes of the SHA-256 of
 * its idempotency key. VK sends a message once per `random_id`, so a part retried after a
 * timeout is not shown twice (docs/channels.md, "Sending"); 0 would switch that check off.
 */
export function randomIdFor(idempotencyKey: string): number {
  const value = createHash("sha256").update(idempotencyKey, "utf8").digest().readInt32BE(0) & 0x7fffffff;
  return value === 0 ? 1 : value;
}

function peerIdOf(conversationId: string): number {
  const peerId = Number(conversationId);
  if (!/^-?\d{1,16}$/.test(conversationId) || !Number.isSafeInteger(peerId)) {
    throw permanentFailure("conversation_not_found", "VK conversation id is not a peer id");
  }
  return peerId;
}

/** Sends one part with `messages.send`; resolves with VK's message id. */
export async function sendVkMessage(
  context: VkContext,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const response = await callVk(context, "messages.send", {
    peer_id: peerIdOf(message.conversationId),
    random_id: randomIdFor(message.idempotencyKey),
    message: message.text,
  });
  const id = asNumber(response);
  return { externalMessageId: id === undefined ? null : String(id) };
}

/** "Typing…" for about 10 seconds or until the next message (`messages.setActivity`). */
export async function sendVkTyping(context: VkContext, conversationId: string): Promise<void> {
  await callVk(context, "messages.setActivity", {
    peer_id: peerIdOf(conversationId),
    type: "typing",
    group_id: knownGroupId(context),
  });
}
