import { z } from "zod";
import { ApiError } from "../../infra/errors.js";
import type { TurnEvent } from "../engine/index.js";
import { messageSchema } from "./schemas.js";
import { toMessage } from "./serializers.js";
import type { StreamResult } from "./stream-service.js";

/**
 * The blocking answer of the stream endpoint (`Accept: application/json`, docs/conversations.md,
 * "Blocking replies"): the same turn as the stream, reported once it is over.
 */
export const replyResultSchema = z
  .object({
    thread_id: z.string(),
    outcome: z
      .enum(["replied", "already_answered", "not_answering"])
      .describe(
        "`replied`: this request's turn stored `message`. `already_answered`: another turn answered these messages " +
          "(double texting; `message` is that reply). `not_answering`: the AI does not answer now (see `not_answering_reason`).",
      ),
    not_answering_reason: z
      .string()
      .nullable()
      .describe(
        "`mode_manual`, `mode_operator`, `mode_blocked`, `chat_not_active`, `bot_not_active`, `awaiting_approval`, …",
      ),
    message: messageSchema.nullable().describe("The stored reply message."),
    text: z
      .string()
      .describe(
        "All text the stream would have carried, joined: the reply, or the bot's confirmation question.",
      ),
    tool_calls: z.array(
      z.object({
        tool_call_id: z.string(),
        tool_name: z.string(),
        args: z.unknown(),
        approval_id: z.string().optional().describe("Set when the call waits for a person's approval."),
        approval_policy: z.enum(["operator_approve", "user_approve"]).optional(),
      }),
    ),
    tool_results: z.array(
      z.object({
        tool_call_id: z.string(),
        tool_name: z.string(),
        result: z.unknown(),
        denied: z.boolean().describe("The person refused the call; `result` is then {reason}."),
      }),
    ),
    finish_reason: z.enum(["stop", "tool-calls", "length"]),
    usage: z
      .object({
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
        total_tokens: z.number().int(),
      })
      .nullable()
      .describe("Tokens of this turn's model calls; null when no model was called."),
  })
  .meta({ id: "ReplyResult" });

export type ReplyResult = z.infer<typeof replyResultSchema>;

/** Collects a turn's events as they happen, for the blocking answer. */
export class ReplyCollector {
  private text = "";
  private readonly toolCalls: ReplyResult["tool_calls"] = [];
  private readonly toolResults: ReplyResult["tool_results"] = [];

  /** Takes one event; how the turn ended is read from its StreamResult. */
  readonly take = (event: TurnEvent): void => {
    switch (event.type) {
      case "text-delta":
        this.text += event.text;
        break;
      case "tool-call":
      case "approval-requested":
        this.toolCalls.push({
          tool_call_id: event.toolCallId,
          tool_name: event.toolName,
          args: event.input,
          ...(event.type === "approval-requested"
            ? { approval_id: event.approvalId, approval_policy: event.policy }
            : {}),
        });
        break;
      case "tool-result":
        this.toolResults.push({
          tool_call_id: event.toolCallId,
          tool_name: event.toolName,
          result: event.output,
          denied: false,
        });
        break;
      case "tool-denied":
        this.toolResults.push({
          tool_call_id: event.toolCallId,
          tool_name: event.toolName,
          result: { reason: event.reason },
          denied: true,
        });
        break;
    }
  };

  /** The answer; a failed turn is an error response instead (see FAILED_TURN_STATUS). */
  result(threadId: string, ended: StreamResult): ReplyResult {
    if (ended.error) throw failedTurnError(ended.error);
    const usage = ended.usage;
    return {
      thread_id: threadId,
      outcome: OUTCOMES[ended.summary.outcome as keyof typeof OUTCOMES] ?? "not_answering",
      not_answering_reason: ended.notAnsweringReason,
      message: ended.reply ? toMessage(ended.reply) : null,
      text: this.text,
      tool_calls: this.toolCalls,
      tool_results: this.toolResults,
      finish_reason: ended.finishReason ?? "stop",
      usage: usage
        ? {
            input_tokens: usage.inputTokens,
            output_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
          }
        : null,
    };
  }
}

const OUTCOMES = {
  replied: "replied",
  "already-answered": "already_answered",
  "not-answering": "not_answering",
} as const;

/**
 * The status of a turn that failed, in blocking mode (the stream reports the same as an
 * `error` event after a 200): the user's messages are stored either way.
 */
const FAILED_TURN_STATUS: Record<string, number> = {
  insufficient_credits: 402,
  model_unavailable: 422,
  model_error: 502,
  model_timeout: 504,
};

function failedTurnError(error: { code: string; message: string }): ApiError {
  return new ApiError(FAILED_TURN_STATUS[error.code] ?? 500, error.code, error.message);
}

/**
 * Whether the client asked for the blocking JSON answer: `application/json` preferred over
 * `text/event-stream` by the Accept header's order and q-values. No Accept, `*\/*` or a tie
 * in favour of the stream keeps the stream, the endpoint's default.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = { q: 0, index: Number.POSITIVE_INFINITY };
  let sse = { q: 0, index: Number.POSITIVE_INFINITY };
  accept.split(",").forEach((entry, index) => {
    const [type = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) return;
    if (type === "application/json" && q > json.q) json = { q, index };
    if (type === "text/event-stream" && q > sse.q) sse = { q, index };
  });
  if (json.q === 0) return false;
  return json.q > sse.q || (json.q === sse.q && json.index < sse.index);
}
