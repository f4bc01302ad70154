import { afterEach, describe, expect, it, vi } from "vitest";
import { type ReplyDelta, replyProgress } from "../../../src/modules/engine/reply-progress.js";
import type { TurnEvent } from "../../../src/modules/engine/turn-events.js";

/** The coalescing of a reply's text for operators (docs/conversations.md, "Replies as they are written"). */
describe("reply progress", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    vi.useFakeTimers();
    const published: ReplyDelta[] = [];
    const told: TurnEvent[] = [];
    const progress = replyProgress(
      (_, delta) => published.push(delta),
      { projectId: "prj", threadId: "t-1", turnId: "turn" },
      (event) => told.push(event),
      100,
    );
    return { published, told, progress };
  }

  it("the customer's stream gets every piece; operators get a burst coalesced", () => {
    const { published, told, progress } = setup();
    const pieces = ["We ", "ship ", "within ", "two ", "days."];
    for (const text of pieces) progress.events({ type: "text-delta", text });
    progress.events({ type: "tool-call", toolCallId: "c", toolName: "x", input: {} });
    expect(told).toHaveLength(pieces.length + 1);
    // The first piece at once, the rest held until the interval has passed.
    expect(published.map((d) => d.text)).toEqual(["We "]);
    vi.advanceTimersByTime(100);
    expect(published.map((d) => d.text)).toEqual(["We ", "ship within two days."]);
    expect(published.map((d) => d.offset)).toEqual([0, 3]);
    expect(published.every((d) => d.turnId === "turn" && d.threadId === "t-1")).toBe(true);
  });

  it("flush tells what is held at once; after end nothing more is told", () => {
    const { published, progress } = setup();
    progress.events({ type: "text-delta", text: "One" });
    progress.events({ type: "text-delta", text: " two" });
    progress.flush();
    expect(published.map((d) => d.text).join("")).toBe("One two");
    progress.events({ type: "text-delta", text: " three" });
    progress.end();
    expect(published.map((d) => d.text).join("")).toBe("One two three");
    progress.events({ type: "text-delta", text: " four" });
    vi.advanceTimersByTime(1000);
    expect(published.map((d) => d.text).join("")).toBe("One two three");
  });

  it("without a publisher the turn's events pass as they are", () => {
    const sink = (_: TurnEvent) => {};
    expect(replyProgress(undefined, { projectId: "p", threadId: "t", turnId: "x" }, sink).events).toBe(sink);
  });
});
