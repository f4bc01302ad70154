import { describe, expect, it } from "vitest";
import type { ThreadApproval } from "./bots-api";
import { argumentRows, continuationOf, pendingCallEvents } from "./try-approval";
import {
  initialTryState,
  pendingApprovals,
  type StreamEvent,
  type TryAction,
  type TryState,
  tryReducer,
} from "./try-conversation";

const run = (actions: TryAction[], state: TryState = initialTryState) => actions.reduce(tryReducer, state);
const ev = (replyId: string, event: StreamEvent): TryAction => ({ type: "event", replyId, event });
const pausedCall: StreamEvent = {
  type: "tool-call",
  toolCallId: "c1",
  toolName: "schedule_message",
  args: { text: "Did the parcel arrive?", delay_minutes: 60 },
  approvalId: "apr_1",
  approvalPolicy: "operator_approve",
};
const paused = run([
  { type: "send", userId: "u1", replyId: "r1", text: "Remind me" },
  ev("r1", pausedCall),
  ev("r1", { type: "finish", finishReason: "tool-calls", message_id: "m1", thread_id: "t" }),
]);

describe("a paused Try-it reply", () => {
  it("holds the call with its approval policy, pending until decided", () => {
    const reply = paused.messages[1]!;
    expect(pendingApprovals(reply)).toEqual([
      expect.objectContaining({ approvalId: "apr_1", approvalPolicy: "operator_approve", done: false }),
    ]);
    expect(paused.activeReplyId).toBeNull();
  });

  it("Approve marks the call and opens the reply the resumed turn fills", () => {
    const state = run([{ type: "decided", approvalId: "apr_1", approve: true, replyId: "r2" }], paused);
    expect(pendingApprovals(state.messages[1]!)).toEqual([]);
    expect(state.messages[1]).toMatchObject({ tools: [{ decision: "approved" }] });
    expect(state.messages[2]).toMatchObject({ id: "r2", role: "assistant", status: "waiting" });
    expect(state.activeReplyId).toBe("r2");
    const done = run(
      [
        ev("r2", { type: "text-delta", textDelta: "Done, I will write in an hour." }),
        ev("r2", { type: "finish", finishReason: "stop", message_id: null, thread_id: "t" }),
      ],
      state,
    );
    expect(done.messages[2]).toMatchObject({ text: "Done, I will write in an hour.", status: "done" });
    expect(done.activeReplyId).toBeNull();
  });

  it("a typed yes: the next reply's result settles the call of the earlier reply", () => {
    const state = run(
      [
        { type: "send", userId: "u2", replyId: "r2", text: "yes" },
        ev("r2", {
          type: "tool-result",
          toolCallId: "c1",
          toolName: "schedule_message",
          result: { scheduled: true },
        }),
        ev("r2", { type: "text-delta", textDelta: "Scheduled." }),
      ],
      paused,
    );
    expect(state.messages[1]).toMatchObject({ tools: [{ toolCallId: "c1", done: true }] });
    expect(pendingApprovals(state.messages[1]!)).toEqual([]);
    expect(state.messages[3]).toMatchObject({ text: "Scheduled.", tools: [] });
  });
});

describe("following the thread after a decision", () => {
  const created = (message: Record<string, unknown>) => ({
    type: "message_created",
    thread_id: "t",
    message,
  });

  it("the bot's next message with text is the reply; tool messages and other threads are not", () => {
    expect(continuationOf(created({ role: "assistant", author: "bot", content: "Done." }), "t")).toEqual({
      kind: "reply",
      text: "Done.",
    });
    expect(continuationOf(created({ role: "tool", author: "bot", content: "x: approved" }), "t")).toBeNull();
    expect(continuationOf(created({ role: "assistant", author: "bot", content: "" }), "t")).toBeNull();
    expect(continuationOf(created({ role: "user", author: "user", content: "hi" }), "t")).toBeNull();
    expect(
      continuationOf(created({ role: "assistant", author: "bot", content: "Done." }), "other"),
    ).toBeNull();
    expect(continuationOf({ type: "pending_count", thread_id: "t", pending_count: 0 }, "t")).toBeNull();
  });

  it("a failed reply ends the wait with its reason", () => {
    expect(
      continuationOf(
        { type: "reply_failed", thread_id: "t", code: "model_unavailable", reason: "No model" },
        "t",
      ),
    ).toEqual({ kind: "failed", code: "model_unavailable", message: "No model" });
  });

  it("announces calls that paused again, not those already shown", () => {
    const approval = (id: string, status: ThreadApproval["status"]): ThreadApproval => ({
      id,
      thread_id: "t",
      tool_name: "handoff_to_operator",
      args: { reason: "asked" },
      policy: "user_approve",
      status,
      reason: null,
      decided_by: null,
      created_at: "2026-11-28T00:00:00.000Z",
      decided_at: null,
    });
    expect(
      pendingCallEvents(
        [approval("apr_1", "pending"), approval("apr_2", "pending"), approval("apr_3", "approved")],
        new Set(["apr_1"]),
      ),
    ).toEqual([
      {
        type: "tool-call",
        toolCallId: "apr_2",
        toolName: "handoff_to_operator",
        args: { reason: "asked" },
        approvalId: "apr_2",
        approvalPolicy: "user_approve",
      },
    ]);
  });
});

describe("argumentRows", () => {
  it("shows text as written, other values as JSON, long values cut, empty ones left out", () => {
    expect(
      argumentRows({ text: "Did it arrive?", delay_minutes: 60, labels: ["a"], note: "", x: null }),
    ).toEqual([
      { key: "text", value: "Did it arrive?" },
      { key: "delay_minutes", value: "60" },
      { key: "labels", value: '["a"]' },
    ]);
    const [long] = argumentRows({ body: "b".repeat(500) });
    expect(long!.value).toHaveLength(200);
    expect(long!.value.endsWith("…")).toBe(true);
    expect(argumentRows(undefined)).toEqual([]);
    expect(argumentRows("raw")).toEqual([{ key: "", value: '"raw"' }]);
  });
});
