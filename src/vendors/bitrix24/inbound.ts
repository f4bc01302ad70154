import type { InboundRequest, InboundResult } from "../contract/channel.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { secureEqual } from "../shared/secure-equal.js";
import { parseEventBody } from "./event-body.js";
import { verifyInstallEvent } from "./install-event.js";
import { toInboundMessage } from "./message.js";
import { type Bitrix24Context, expectedApplicationToken, readBitrix24State } from "./state.js";

const header = (request: InboundRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Verifies and parses a Bitrix24 event posted to the hook URL (docs/channels.md, "Bitrix24").
 * Bitrix24 signs nothing; every event carries the application's token in
 * `auth[application_token]`, which must equal the pinned one (auth_data) or the one the
 * verified installation event brought (state). Events:
 * - `ONAPPINSTALL`: verified with the portal (install-event.ts; the one case where this calls
 *   Bitrix24), then its token and the portal's `member_id` are remembered;
 * - `ONIMBOTMESSAGEADD`: the customer's message, for this integration's bot;
 * - `ONAPPUNINSTALL`, `ONIMBOTDELETE`: the token or the bot are forgotten;
 * - anything else verified (`ONIMBOTJOINCHAT`, …) is acknowledged with no message.
 * A token that does not match, or no token known yet, is rejected (401, nothing stored).
 */
export async function parseBitrix24Inbound(
  context: Bitrix24Context,
  request: InboundRequest,
): Promise<InboundResult> {
  const body = parseEventBody(request.rawBody, header(request, "content-type"));
  const auth = asRecord(body?.auth);
  if (!body || !auth) return { kind: "rejected" };
  const event = (asString(body.event) ?? "").toUpperCase();

  if (event === "ONAPPINSTALL") {
    const installed = await verifyInstallEvent(context, auth);
    if (!installed) return { kind: "rejected" };
    context.saveState({ application_token: installed.applicationToken, member_id: installed.memberId });
    return { kind: "accepted", messages: [] };
  }

  const expected = expectedApplicationToken(context);
  const presented = asString(auth.application_token);
  if (!expected || !presented || !secureEqual(presented, expected)) return { kind: "rejected" };
  const state = readBitrix24State(context);
  const memberId = asString(auth.member_id) ?? state.member_id ?? "";
  if (state.member_id && memberId !== state.member_id) return { kind: "rejected" };

  const data = asRecord(body.data) ?? {};
  switch (event) {
    case "ONIMBOTMESSAGEADD": {
      // The application may have other bots; this integration answers for its own only.
      const bots = Object.keys(asRecord(data.BOT) ?? {});
      if (state.bot_id && bots.length > 0 && !bots.includes(state.bot_id)) {
        return { kind: "accepted", messages: [] };
      }
      const message = toInboundMessage(data, memberId);
      return { kind: "accepted", messages: message ? [message] : [] };
    }
    case "ONAPPUNINSTALL":
      context.saveState({ application_token: undefined, bot_id: undefined });
      return { kind: "accepted", messages: [] };
    case "ONIMBOTDELETE": {
      if (state.bot_id && asString(data.BOT_ID) === state.bot_id) context.saveState({ bot_id: undefined });
      return { kind: "accepted", messages: [] };
    }
    default:
      return { kind: "accepted", messages: [] };
  }
}
