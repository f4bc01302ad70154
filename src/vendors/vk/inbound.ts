import type { HookReply, InboundRequest, InboundResult } from "../contract/channel.js";
import { asNumber, asString, parseJsonObject } from "../shared/json-fields.js";
import { secureEqual } from "../shared/secure-equal.js";
import { toInboundMessage } from "./message.js";
import { knownConfirmationCode, knownGroupId, knownSecret, type VkContext } from "./state.js";

/** VK counts an event as delivered only when the answer is exactly `ok` (docs/channels.md, "VK"). */
const OK_REPLY: HookReply = { status: 200, contentType: "text/plain", body: "ok" };

/**
 * Verifies and parses a Callback API request (docs/channels.md, "VK"). VK proves itself with
 * the secret key in the body (`secret`), so an event is accepted only when a secret is known
 * (auth_data's or the one setUpWebhook registered) and the body carries it; when the
 * community id is known, the event must be for it. `confirmation` is answered with the
 * confirmation code; every other verified event with `ok`, and only `message_new` yields a
 * message. Never calls VK.
 */
export async function parseVkInbound(context: VkContext, request: InboundRequest): Promise<InboundResult> {
  const event = parseJsonObject(request.rawBody);
  const expectedSecret = knownSecret(context);
  const presentedSecret = asString(event?.secret);
  if (!event || !expectedSecret || presentedSecret === undefined) return { kind: "rejected" };
  if (!secureEqual(presentedSecret, expectedSecret)) return { kind: "rejected" };
  const groupId = knownGroupId(context);
  if (groupId !== undefined && asNumber(event.group_id) !== groupId) return { kind: "rejected" };

  if (event.type === "confirmation") {
    const code = knownConfirmationCode(context);
    if (!code) return { kind: "rejected" };
    return { kind: "accepted", messages: [], reply: { status: 200, contentType: "text/plain", body: code } };
  }
  const message = event.type === "message_new" ? toInboundMessage(event, groupId) : undefined;
  return { kind: "accepted", messages: message ? [message] : [], reply: OK_REPLY };
}
