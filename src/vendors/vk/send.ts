import { createHash } from "node:crypto";
import type { OutboundMessage } from "../contract/channel.js";
import { ChannelError, permanentFailure } from "../contract/channel-error.js";
import { asNumber } from "../shared/json-fields.js";
import { callVk } from "./api-client.js";
import { keyboardAsText, vkKeyboard } from "./keyboard.js";
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

/** The conversation id as VK's `peer_id`; anything else can never be sent to. */
export function peerIdOf(conversationId: string): number {
  const peerId = Number(conversationId);
  if (!/^-?\d{1,16}$/.test(conversationId) || !Number.isSafeInteger(peerId)) {
    throw permanentFailure("conversation_not_found", "VK conversation id is not a peer id");
  }
  return peerId;
}

/**
 * Sends one part with `messages.send`; resolves with VK's message id. Buttons go as an inline
 * `keyboard`. A community whose bot features are off refuses any keyboard (error 912,
 * `bot_features_off`): the part is then sent once more with the buttons written into the text,
 * under its own `random_id` (so a retry of the whole part is still dropped by VK).
 */
export async function sendVkMessage(
  context: VkContext,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const peerId = peerIdOf(message.conversationId);
  const buttons = message.buttons ?? [];
  const send = (text: string, key: string, keyboard?: string) =>
    callVk(context, "messages.send", {
      peer_id: peerId,
      random_id: randomIdFor(key),
      message: text,
      keyboard,
    });
  let response: unknown;
  try {
    response = await send(
      message.text,
      message.idempotencyKey,
      buttons.length > 0 ? vkKeyboard(buttons) : undefined,
    );
  } catch (error) {
    if (!(error instanceof ChannelError && error.code === "bot_features_off")) throw error;
    response = await send(keyboardAsText(message.text, buttons), `${message.idempotencyKey}:text`);
  }
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
