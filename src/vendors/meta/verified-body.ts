import type { InboundRequest } from "../contract/channel.js";
import { hasValidSignature } from "./signature.js";
import { type JsonObject, parseJsonObject } from "./untrusted-json.js";

/**
 * The first step of every Meta `parseInbound`: `"rejected"` when the signature does not verify,
 * else the parsed body (`undefined` when a verified sender posted something that is not a JSON
 * object: accepted with no messages, docs/channels.md "Receiving").
 */
export function verifiedBody(
  appSecret: string,
  request: InboundRequest,
): JsonObject | undefined | "rejected" {
  if (!hasValidSignature(appSecret, request.rawBody, request.headers["x-hub-signature-256"]))
    return "rejected";
  return parseJsonObject(request.rawBody);
}
