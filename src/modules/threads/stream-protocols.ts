import type { SseStream } from "../../infra/sse.js";
import { failureText, type TurnEventSink } from "../engine/index.js";

export type StreamProtocol = "data" | "ui";

/**
 * Parley's data stream (docs/api.md): one JSON object per SSE `data` line, `type` one of
 * text-delta {textDelta}, tool-call {toolCallId, toolName, args, approvalId?, approvalPolicy?},
 * tool-result {toolCallId, toolName, result} (a refused call: result {denied: true, reason}),
 * finish {finishReason, message_id, thread_id}, error {code, message}. The schema of these
 * frames is `replyStreamEventSchema` (reply-stream-events.ts).
 */
export function dataStreamWriter(sse: SseStream, threadId: string): TurnEventSink {
  return (event) => {
    switch (event.type) {
      case "text-delta":
        sse.send({ data: { type: "text-delta", textDelta: event.text } });
        break;
      case "tool-call":
      case "approval-requested": {
        const { toolCallId, toolName, input } = event;
        const approval =
          event.type === "approval-requested"
            ? { approvalId: event.approvalId, approvalPolicy: event.policy }
            : {};
        sse.send({ data: { type: "tool-call", toolCallId, toolName, args: input, ...approval } });
        break;
      }
      case "tool-result":
      case "tool-denied": {
        const { toolCallId, toolName } = event;
        const result = event.type === "tool-result" ? event.output : { denied: true, reason: event.reason };
        sse.send({ data: { type: "tool-result", toolCallId, toolName, result } });
        break;
      }
      case "finish":
        sse.send({
          data: {
            type: "finish",
            finishReason: event.finishReason,
            message_id: event.messageId,
            thread_id: threadId,
          },
        });
        break;
      case "error":
        sse.send({ data: { type: "error", code: event.code, message: failureText(event) } });
        break;
    }
  };
}

/**
 * The AI SDK UI message stream protocol (v1), for `useChat` clients: start, text-start /
 * text-delta / text-end, tool-input-available, tool-approval-request (a `user_approve` call:
 * the user answers with `addToolApprovalResponse`; an operator's approval is not theirs to
 * give), tool-output-available / tool-output-denied, finish, error, and the closing `[DONE]`.
 * `messageId` is the assistant message the parts belong to: a new one, or the one a
 * continuation after approval responses extends. Sends `start` at once.
 */
export function uiMessageStreamWriter(sse: SseStream, messageId: string): TurnEventSink {
  let textPart = 0;
  let openText: string | null = null;
  const closeText = () => {
    if (openText) sse.send({ data: { type: "text-end", id: openText } });
    openText = null;
  };
  sse.send({ data: { type: "start", messageId } });
  return (event) => {
    if (event.type === "text-delta") {
      if (!openText) {
        openText = `text-${textPart++}`;
        sse.send({ data: { type: "text-start", id: openText } });
      }
      sse.send({ data: { type: "text-delta", id: openText, delta: event.text } });
      return;
    }
    closeText();
    switch (event.type) {
      case "tool-call":
      case "approval-requested": {
        const { toolCallId, toolName, input } = event;
        sse.send({ data: { type: "tool-input-available", toolCallId, toolName, input } });
        if (event.type === "approval-requested" && event.policy === "user_approve")
          sse.send({ data: { type: "tool-approval-request", approvalId: event.approvalId, toolCallId } });
        break;
      }
      case "tool-result":
        sse.send({
          data: { type: "tool-output-available", toolCallId: event.toolCallId, output: event.output },
        });
        break;
      case "tool-denied":
        sse.send({ data: { type: "tool-output-denied", toolCallId: event.toolCallId } });
        break;
      case "finish":
        sse.send({ data: { type: "finish", finishReason: event.finishReason } });
        sse.send({ data: "[DONE]" });
        break;
      case "error":
        sse.send({ data: { type: "error", errorText: failureText(event) } });
        sse.send({ data: "[DONE]" });
        break;
    }
  };
}
