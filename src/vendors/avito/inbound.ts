import type { InboundRequest, InboundResult } from "../contract/channel.js";
import { asRecord, asString, parseJsonObject } from "../shared/json-fields.js";
import { secureEqual } from "../shared/secure-equal.js";
import { toInboundMessage } from "./message.js";
import { type AvitoContext, readAvitoState } from "./state.js";

/**
 * Verifies and parses an Avito messenger webhook (docs/channels.md, "Avito"). Avito signs
 * nothing, so the proof is the secret Parley put in the URL it registered: the `token` query
 * parameter must equal the saved `webhook_token` (none saved: rejected). A verified body that
 * is not a `message` payload, or not JSON at all (Avito's reachability probe posts `{}`), is
 * accepted with no message. Never calls Avito.
 */
export async function parseAvitoInbound(
  context: AvitoContext,
  request: InboundRequest,
): Promise<InboundResult> {
  const expected = readAvitoState(context).webhook_token;
  const presented = request.query.token;
  if (!expected || typeof presented !== "string" || !secureEqual(presented, expected))
    return { kind: "rejected" };

  const body = parseJsonObject(request.rawBody);
  const payload = asRecord(body?.payload);
  const value = asRecord(payload?.value);
  if (!body || payload?.type !== "message" || !value) return { kind: "accepted", messages: [] };
  const message = toInboundMessage(value, asString(body.id));
  return { kind: "accepted", messages: message ? [message] : [] };
}
