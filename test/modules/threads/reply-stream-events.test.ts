import { describe, expect, it } from "vitest";
import type { SseMessage, SseStream } from "../../../src/infra/sse.js";
import type { TurnEvent } from "../../../src/modules/engine/turn-events.js";
import { replyStreamEventSchema } from "../../../src/modules/threads/reply-stream-events.js";
import { dataStreamWriter } from "../../../src/modules/threads/stream-protocols.js";

/** An SseStream that keeps what is sent. */
function capture(): { sse: SseStream; sent: SseMessage[] } {
  const sent: SseMessage[] = [];
  const sse: SseStream = {
    closed: false,
    send: (message) => {
      sent.push(message);
      return true;
    },
    sendEncoded: () => {
      throw new Error("reply streams send messages, not encoded frames");
    },
    comment: () => true,
    drain: async () => {},
    onClose: () => {},
    end: async () => {},
  };
  return { sse, sent };
}

/** Every kind of turn event, as a turn tells it: a new kind fails to compile here until added. */
const EVENTS: { [K in TurnEvent["type"]]: Array<Extract<TurnEvent, { type: K }>> } = {
  "text-delta": [{ type: "text-delta", text: "Hel" }],
  "tool-call": [{ type: "tool-call", toolCallId: "call_1", toolName: "get_time", input: { zone: "UTC" } }],
  "approval-requested": [
    {
      type: "approval-requested",
      toolCallId: "call_2",
      toolName: "send_email",
      input: {},
      approvalId: "apr_1",
      policy: "operator_approve",
    },
  ],
  "tool-result": [{ type: "tool-result", toolCallId: "call_1", toolName: "get_time", output: "12:00" }],
  "tool-denied": [
    { type: "tool-denied", toolCallId: "call_2", toolName: "send_email", reason: "no" },
    { type: "tool-denied", toolCallId: "call_3", toolName: "send_email", reason: null },
  ],
  finish: [
    { type: "finish", finishReason: "stop", messageId: "msg_1" },
    { type: "finish", finishReason: "tool-calls", messageId: null },
  ],
  error: [{ type: "error", code: "insufficient_credits", message: "The project has no credits left." }],
};

describe("the data stream protocol's documented events (ReplyStreamEvent)", () => {
  it("match exactly what the data stream writer sends", () => {
    const { sse, sent } = capture();
    const writer = dataStreamWriter(sse, "thr_1");
    for (const events of Object.values(EVENTS)) for (const event of events) writer(event);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    for (const { data } of sent) {
      const wire = JSON.parse(JSON.stringify(data));
      const parsed = replyStreamEventSchema.safeParse(wire);
      expect(parsed.error, JSON.stringify(wire)).toBeUndefined();
      // Nothing the schema does not describe (a parse strips unknown fields).
      expect(parsed.data).toEqual(wire);
    }
  });

  it("refuses events the writer never sends", () => {
    for (const event of [
      { type: "text-delta" },
      { type: "finish", finishReason: "content-filter", message_id: null, thread_id: "thr_1" },
      { type: "reasoning", text: "…" },
    ]) {
      expect(replyStreamEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(false);
    }
  });
});
