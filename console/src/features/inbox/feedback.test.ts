import { describe, expect, it } from "vitest";
import { feedbackByMessage, type MessageFeedback, mergeFeedback, mine, ratingChange } from "./feedback";

const feedback = (id: string, overrides: Partial<MessageFeedback> = {}): MessageFeedback => ({
  id,
  message_id: "m1",
  thread_id: "t",
  source: "operator",
  rating: "up",
  comment: null,
  correction: null,
  operator: { id: "opr_a", name: "Ann" },
  created_at: `2026-01-01T00:00:0${id.slice(-1)}.000Z`,
  updated_at: "2026-01-01T00:00:09.000Z",
  ...overrides,
});

describe("feedback", () => {
  it("groups a thread's feedback by message, oldest first", () => {
    const grouped = feedbackByMessage([
      feedback("fb_1"),
      feedback("fb_2", { message_id: "m2" }),
      feedback("fb_3", { source: "customer", operator: null }),
    ]);
    expect([...grouped.keys()]).toEqual(["m1", "m2"]);
    expect(grouped.get("m1")!.map((f) => f.id)).toEqual(["fb_1", "fb_3"]);
  });

  it("merges a new, a replaced and a removed feedback", () => {
    const list = [feedback("fb_1"), feedback("fb_3")];
    expect(mergeFeedback(list, feedback("fb_2")).map((f) => f.id)).toEqual(["fb_1", "fb_2", "fb_3"]);
    const replaced = mergeFeedback(list, feedback("fb_1", { rating: "down" }));
    expect(replaced.map((f) => [f.id, f.rating])).toEqual([
      ["fb_1", "down"],
      ["fb_3", "up"],
    ]);
    expect(mergeFeedback(list, feedback("fb_1"), true).map((f) => f.id)).toEqual(["fb_3"]);
  });

  it("finds the operator's own feedback, never the customer's", () => {
    const list = [
      feedback("fb_1", { source: "customer", operator: null }),
      feedback("fb_2", { operator: { id: "opr_b", name: "Bo" } }),
    ];
    expect(mine(list, "opr_b")?.id).toBe("fb_2");
    expect(mine(list, "opr_a")).toBeUndefined();
  });

  it("pressing the chosen rating takes it back; the other keeps the comment and correction", () => {
    const current = feedback("fb_1", { rating: "down", comment: "vague", correction: "Better" });
    expect(ratingChange(current, "down")).toEqual({ remove: true });
    expect(ratingChange(current, "up")).toEqual({
      remove: false,
      body: { rating: "up", comment: "vague", correction: "Better" },
    });
    expect(ratingChange(undefined, "up")).toEqual({
      remove: false,
      body: { rating: "up", comment: null, correction: null },
    });
  });
});
