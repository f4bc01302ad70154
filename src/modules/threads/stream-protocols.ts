import type { SseStream } from "../../infra/sse.js";
import type { ReplyFinishReason, ToolCallNotice } from "../engine/run-turn.js";

/** The events of one reply, independent of the wire protocol that carries them. */
export interface ReplyStreamWriter {
  textDelta(text: string): void;
  toolCall(call: ToolCallNotice): void;
  toolResult(result: { toolCallId: string; toolName: string; output: unknown }): void;
  /** A call the person refused, settled as the turn that goes on after it starts. */
  toolDenied(call: { toolCallId: string; toolName: string; reason: string | null }): void;
  finish(reason: ReplyFinishReason, details: { messageId: string | null; threadId: string }): void;
  error(code: string, message: string): void;
}

export type StreamProtocol = "data" | "ui";

/**
 * Parley's data stream (docs/api.md): one JSON object per SSE `data` line, `type` one of
 * text-delta {textDelta}, tool-call {toolCallId, toolName, args, approvalId?, approvalPolicy?},
 * tool-result {toolCallId, toolName, result} (a refused call: result {denied: true, reason}),
 * finish {finishReason, message_id, thread_id}, error {code, message}.
 */
export function dataStreamWriter(sse: SseStream): ReplyStreamWriter {
  return {
    textDelta: (textDelta) => sse.send({ data: { type: "text-delta", textDelta } }),
    toolCall: ({ toolCallId, toolName, input, approvalId, approvalPolicy }) =>
      sse.send({
        data: {
          type: "tool-call",
          toolCallId,
          toolName,
          args: input,
          ...(approvalId ? { approvalId, approvalPolicy } : {}),
        },
      }),
    toolResult: ({ toolCallId, toolName, output }) =>
      sse.send({ data: { type: "tool-result", toolCallId, toolName, result: output } }),
    toolDenied: ({ toolCallId, toolName, reason }) =>
      sse.send({ data: { type: "tool-result", toolCallId, toolName, result: { denied: true, reason } } }),
    finish: (finishReason, { messageId, threadId }) =>
      sse.send({ data: { type: "finish", finishReason, message_id: messageId, thread_id: threadId } }),
    error: (code, message) => sse.send({ data: { type: "error", code, message } }),
  };
}

/**
 * The AI SDK UI message stream protocol (v1), for `useChat` clients: start, text-start /
 * text-delta / text-end, tool-input-available, tool-approval-request (a `user_approve` call:
 * the user answers with `addToolApprovalResponse`; an operator's approval is not theirs to
 * give), tool-output-available / tool-output-denied, finish, error, and the closing `[DONE]`.
 * `messageId` is the assistant message the parts belong to: a new one, or the one a
 * continuation after approval responses extends.
 */
export function uiMessageStreamWriter(sse: SseStream, messageId: string): ReplyStreamWriter {
  let textPart = 0;
  let openText: string | null = null;
  const closeText = () => {
    if (openText) sse.send({ data: { type: "text-end", id: openText } });
    openText = null;
  };
  sse.send({ data: { type: "start", messageId } });
  return {
    textDelta: (delta) => {
      if (!openText) {
        openText = `text-${textPart++}`;
        sse.send({ data: { type: "text-start", id: openText } });
      }
      sse.send({ data: { type: "text-delta", id: openText, delta } });
    },
    toolCall: ({ toolCallId, toolName, input, approvalId, approvalPolicy }) => {
      closeText();
      sse.send({ data: { type: "tool-input-available", toolCallId, toolName, input } });
      if (approvalId && approvalPolicy === "user_approve")
        sse.send({ data: { type: "tool-approval-request", approvalId, toolCallId } });
    },
    toolResult: ({ toolCallId, output }) => {
      closeText();
      sse.send({ data: { type: "tool-output-available", toolCallId, output } });
    },
    toolDenied: ({ toolCallId }) => {
      closeText();
      sse.send({ data: { type: "tool-output-denied", toolCallId } });
    },
    finish: (finishReason) => {
      closeText();
      sse.send({ data: { type: "finish", finishReason } });
      sse.send({ data: "[DONE]" });
    },
    error: (_code, message) => {
      closeText();
      sse.send({ data: { type: "error", errorText: message } });
      sse.send({ data: "[DONE]" });
    },
  };
}
