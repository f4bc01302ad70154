import { describe, expect, it } from "vitest";
import {
  initialTryState,
  isSilentReply,
  newThreadId,
  parseStreamEvent,
  type StreamEvent,
  type TryAction,
  type TryState,
  tryReducer,
} from "./try-conversation";

function run(actions: TryAction[], state: TryState = initialTryState): TryState {
  return actions.reduce(tryReducer, state);
}

const send: TryAction = { type: "send", userId: "u1", replyId: "r1", text: "What time is it?" };
const ev = (event: StreamEvent): TryAction => ({ type: "event", replyId: "r1", event });

describe("parseStreamEvent", () => {
  it("reads the data protocol's events", () => {
    expect(parseStreamEvent('{"type":"text-delta","textDelta":"Hi"}')).toEqual({
      type: "text-delta",
      textDelta: "Hi",
    });
    expect(
      parseStreamEvent(
        '{"type":"tool-call","toolCallId":"c1","toolName":"get_current_time","args":{},"approvalId":"a1"}',
      ),
    ).toEqual({
      type: "tool-call",
      toolCallId: "c1",
      toolName: "get_current_time",
      args: {},
      approvalId: "a1",
    });
    expect(
      parseStreamEvent('{"type":"finish","finishReason":"stop","message_id":null,"thread_id":"t"}'),
    ).toEqual({
      type: "finish",
      finishReason: "stop",
      message_id: null,
      thread_id: "t",
    });
    expect(parseStreamEvent('{"type":"error","code":"model_unavailable","message":"no key"}')).toEqual({
      type: "error",
      code: "model_unavailable",
      message: "no key",
    });
  });

  it("skips non-JSON, unknown types and malformed events", () => {
    expect(parseStreamEvent("[DONE]")).toBeNull();
    expect(parseStreamEvent('{"type":"start"}')).toBeNull();
    expect(parseStreamEvent('{"type":"text-delta"}')).toBeNull();
    expect(parseStreamEvent("null")).toBeNull();
  });
});

describe("tryReducer", () => {
  it("adds the user message and a waiting reply that streams text in", () => {
    const state = run([
      send,
      ev({ type: "text-delta", textDelta: "It is " }),
      ev({ type: "text-delta", textDelta: "noon." }),
    ]);
    expect(state.activeReplyId).toBe("r1");
    expect(state.messages).toEqual([
      { id: "u1", role: "user", text: "What time is it?" },
      { id: "r1", role: "assistant", text: "It is noon.", tools: [], status: "streaming" },
    ]);
    const done = run([ev({ type: "finish", finishReason: "stop", message_id: "m1", thread_id: "t" })], state);
    expect(done.activeReplyId).toBeNull();
    expect(done.messages[1]).toMatchObject({ status: "done", finishReason: "stop" });
  });

  it("pairs tool results with their calls", () => {
    const state = run([
      send,
      ev({ type: "tool-call", toolCallId: "c1", toolName: "get_current_time", args: { tz: "UTC" } }),
      ev({ type: "tool-result", toolCallId: "c1", toolName: "get_current_time", result: "12:00" }),
      ev({ type: "tool-result", toolCallId: "c2", toolName: "other", result: 1 }),
    ]);
    const reply = state.messages[1];
    expect(reply?.role === "assistant" && reply.tools).toEqual([
      { toolCallId: "c1", toolName: "get_current_time", args: { tz: "UTC" }, done: true, result: "12:00" },
      { toolCallId: "c2", toolName: "other", args: undefined, done: true, result: 1 },
    ]);
  });

  it("settles the reply on an error event or a failed request", () => {
    const errored = run([
      send,
      ev({ type: "text-delta", textDelta: "partial" }),
      ev({ type: "error", code: "model_error", message: "boom" }),
    ]);
    expect(errored.activeReplyId).toBeNull();
    // The partial text is not stored by the server, so it is not shown as the reply either.
    expect(errored.messages[1]).toMatchObject({ status: "error", text: "", error: { code: "model_error" } });
    const failed = run([send, { type: "failed", replyId: "r1", code: "forbidden", message: "no" }]);
    expect(failed.messages[1]).toMatchObject({
      status: "error",
      error: { code: "forbidden", message: "no" },
    });
  });

  it("does not turn a finished reply into an error when the stream then ends", () => {
    const state = run([
      send,
      ev({ type: "finish", finishReason: "stop", message_id: null, thread_id: "t" }),
      { type: "failed", replyId: "r1", code: "stream_interrupted", message: "ended" },
    ]);
    expect(state.messages[1]).toMatchObject({ status: "done" });
    expect(state.messages[1]).not.toHaveProperty("error");
  });

  it("ignores events after the user stopped the reply", () => {
    const state = run([
      send,
      ev({ type: "text-delta", textDelta: "Hel" }),
      { type: "stopped", replyId: "r1" },
      ev({ type: "text-delta", textDelta: "lo" }),
    ]);
    expect(state.activeReplyId).toBeNull();
    expect(state.messages[1]).toMatchObject({ text: "Hel", status: "stopped" });
  });

  it("resets to an empty conversation", () => {
    expect(run([send, { type: "reset" }])).toEqual(initialTryState);
  });

  it("recognizes a finished reply without content", () => {
    const silent = run([
      send,
      ev({ type: "finish", finishReason: "stop", message_id: null, thread_id: "t" }),
    ]);
    expect(isSilentReply(silent.messages[1]!)).toBe(true);
    const spoken = run([
      send,
      ev({ type: "text-delta", textDelta: "x" }),
      ev({ type: "finish", finishReason: "stop", message_id: null, thread_id: "t" }),
    ]);
    expect(isSilentReply(spoken.messages[1]!)).toBe(false);
  });
});

describe("newThreadId", () => {
  it("makes ids the stream path accepts", () => {
    expect(newThreadId(() => "0b7a-11:22/33")).toBe("try-0b7a-112233");
    expect(newThreadId()).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(newThreadId()).not.toBe(newThreadId());
  });
});
