import { describe, expect, it } from "vitest";
import type { SseMessage, SseStream } from "../../src/infra/sse.js";
import { replyStreamEventSchema } from "../../src/modules/threads/reply-stream-events.js";
import { dataStreamWriter, type ReplyStreamWriter } from "../../src/modules/threads/stream-protocols.js";

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

/** Every writer method, called the ways a turn calls it: a new method fails to compile here until added. */
const CALLS: { [K in keyof ReplyStreamWriter]: Array<(writer: ReplyStreamWriter) => void> } = {
  textDelta: [(w) => w.textDelta("Hel"), (w) => w.textDelta("")],
  toolCall: [
    (w) => w.toolCall({ toolCallId: "call_1", toolName: "get_time", input: { zone: "UTC" } }),
    (w) =>
      w.toolCall({
        toolCallId: "call_2",
        toolName: "send_email",
        input: {},
        approvalId: "apr_1",
        approvalPolicy: "operator_approve",
      }),
  ],
  toolResult: [(w) => w.toolResult({ toolCallId: "call_1", toolName: "get_time", output: "12:00" })],
  toolDenied: [
    (w) => w.toolDenied({ toolCallId: "call_2", toolName: "send_email", reason: "no" }),
    (w) => w.toolDenied({ toolCallId: "call_3", toolName: "send_email", reason: null }),
  ],
  finish: [
    (w) => w.finish("stop", { messageId: "msg_1", threadId: "thr_1" }),
    (w) => w.finish("tool-calls", { messageId: null, threadId: "thr_1" }),
  ],
  error: [(w) => w.error("insufficient_credits", "The project has no credits left.")],
};

describe("the data stream protocol's documented events (ReplyStreamEvent)", () => {
  it("match exactly what the data stream writer sends", () => {
    const { sse, sent } = capture();
    const writer = dataStreamWriter(sse);
    for (const calls of Object.values(CALLS)) for (const call of calls) call(writer);
    expect(sent.length).toBeGreaterThanOrEqual(10);
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
