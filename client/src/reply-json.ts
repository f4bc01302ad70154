import { type ClientOrOptions, clientOf } from "./client.js";
import { ParleyError } from "./errors.js";
import { REPLY_PATH, type ReplyRequest, type ReplyResult, replyInit } from "./reply-request.js";

/**
 * The reply endpoint in blocking mode (`Accept: application/json`, docs/conversations.md): waits
 * for the turn and answers one ReplyResult. A failed turn is a thrown ParleyError with the
 * error status (402 `insufficient_credits`, 422 `model_unavailable`, 502 `model_error`, 504
 * `model_timeout`); the user's messages stay stored either way. With an Idempotency-Key a
 * repeat answers the same result without a second turn.
 */
export async function replyJson(target: ClientOrOptions, request: ReplyRequest): Promise<ReplyResult> {
  const { data, error, response } = await clientOf(target).POST(REPLY_PATH, {
    ...replyInit(request, "application/json"),
    parseAs: "text",
  });
  if (!response.ok) throw ParleyError.fromResponse(response, error);
  const result = parseJson(data);
  // A server without blocking mode streams instead; a key first used by a streamed request
  // replays that request's summary: neither is a ReplyResult.
  if (!isReplyResult(result)) {
    throw new ParleyError({
      status: response.status,
      code: "unexpected_response",
      message:
        "The answer is not a ReplyResult: the server may not support blocking replies, or the Idempotency-Key was " +
        "first used for a streamed request.",
      request_id: response.headers.get("x-request-id") ?? undefined,
    });
  }
  return result;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isReplyResult(value: unknown): value is ReplyResult {
  if (typeof value !== "object" || value === null) return false;
  const { text, outcome, tool_calls } = value as Record<string, unknown>;
  return typeof text === "string" && typeof outcome === "string" && Array.isArray(tool_calls);
}
