import { z } from "zod";
import type { ReplyFinishReason } from "../engine/index.js";

const FINISH_REASONS = ["stop", "length", "tool-calls"] as const satisfies readonly ReplyFinishReason[];

/**
 * The events of Parley's data stream protocol (`?protocol=data`, the default), as the OpenAPI
 * document describes the `data:` of each server-sent event of a reply stream. The writer is
 * `dataStreamWriter` (stream-protocols.ts); test/modules/threads/reply-stream-events.test.ts checks that
 * everything it writes matches this schema exactly.
 */
export const replyStreamEventSchema = z
  .discriminatedUnion("type", [
    z
      .object({ type: z.literal("text-delta"), textDelta: z.string() })
      .describe("The next piece of the reply's text."),
    z
      .object({
        type: z.literal("tool-call"),
        toolCallId: z.string(),
        toolName: z.string(),
        args: z.unknown().describe("The tool input the model gave."),
        approvalId: z.string().optional().describe("Present when the call waits for a person's approval."),
        approvalPolicy: z
          .enum(["user_approve", "operator_approve"])
          .optional()
          .describe("Who is to approve it."),
      })
      .describe("The model called a tool."),
    z
      .object({
        type: z.literal("tool-result"),
        toolCallId: z.string(),
        toolName: z.string(),
        result: z.unknown().describe("The tool's output; for a refused call `{denied: true, reason}`."),
      })
      .describe("A tool's result."),
    z
      .object({
        type: z.literal("finish"),
        finishReason: z.enum(FINISH_REASONS),
        message_id: z.string().nullable().describe("The stored reply message; null when nothing was said."),
        thread_id: z.string(),
      })
      .describe("The reply is complete and stored: the last event."),
    z
      .object({ type: z.literal("error"), code: z.string(), message: z.string() })
      .describe("The turn failed (e.g. `insufficient_credits`, `model_error`): the last event."),
  ])
  .meta({
    id: "ReplyStreamEvent",
    description:
      "The JSON `data` of one server-sent event of a reply stream in Parley's data protocol. With " +
      "`?protocol=ui` the events are the AI SDK UI message stream's instead, ending with `data: [DONE]`.",
  });

export type ReplyStreamEvent = z.infer<typeof replyStreamEventSchema>;
