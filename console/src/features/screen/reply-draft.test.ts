import { describe, expect, it } from "vitest";
import { applyDelta, type ReplyDelta, toReplyDelta } from "./reply-draft";

const delta = (turn: string, offset: number, text: string): ReplyDelta => ({
  type: "reply_delta",
  thread_id: "t-1",
  turn_id: turn,
  offset,
  delta: text,
});

describe("reply drafts", () => {
  it("joins a turn's deltas in order", () => {
    let draft = applyDelta(null, delta("a", 0, "We ship "), new Set());
    draft = applyDelta(draft, delta("a", 8, "today."), new Set());
    expect(draft).toEqual({ turnId: "a", text: "We ship today.", start: 0, partial: false });
  });

  it("marks a draft joined mid-reply, and drops what was seen twice", () => {
    let draft = applyDelta(null, delta("a", 5, "later"), new Set());
    expect(draft).toEqual({ turnId: "a", text: "later", start: 5, partial: true });
    draft = applyDelta(draft, delta("a", 3, "erlater!"), new Set());
    expect(draft?.text).toBe("later!");
  });

  it("a new turn starts over; an ended turn's late delta changes nothing", () => {
    const first = applyDelta(null, delta("a", 0, "One"), new Set());
    expect(applyDelta(first, delta("b", 0, "Two"), new Set())?.text).toBe("Two");
    expect(applyDelta(null, delta("a", 3, " more"), new Set(["a"]))).toBeNull();
  });

  it("reads only well-formed reply_delta events", () => {
    expect(toReplyDelta(delta("a", 0, "x"))).not.toBeNull();
    expect(
      toReplyDelta({ type: "reply_delta", thread_id: "t", turn_id: "a", offset: "0", delta: "x" }),
    ).toBeNull();
    expect(toReplyDelta({ type: "message_created" })).toBeNull();
  });
});
