import type { HookReply, InboundRequest } from "../contract/channel.js";
import { secureEqual } from "../shared/secure-equal.js";

/** Meta's challenges are short numbers; anything this long is not one and is not echoed. */
const MAX_CHALLENGE_LENGTH = 1024;

/**
 * The GET handshake Meta makes when the callback URL is saved in the app dashboard
 * (docs/channels.md, "Meta"): `hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`. When the
 * verify token matches (constant time) the raw challenge is echoed as text/plain; anything else
 * is rejected.
 */
export function subscriptionHandshake(verifyToken: string, request: InboundRequest): HookReply | "rejected" {
  const mode = request.query["hub.mode"];
  const token = request.query["hub.verify_token"];
  const challenge = request.query["hub.challenge"];
  if (mode !== "subscribe" || token === undefined || challenge === undefined) return "rejected";
  if (challenge === "" || challenge.length > MAX_CHALLENGE_LENGTH) return "rejected";
  if (!secureEqual(token, verifyToken)) return "rejected";
  return { status: 200, contentType: "text/plain", body: challenge };
}
