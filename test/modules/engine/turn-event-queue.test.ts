import { describe, expect, it } from "vitest";
import type { TurnEvent } from "../../../src/modules/engine/index.js";
import { TurnEventQueue } from "../../../src/modules/engine/index.js";

const text = (t: string): TurnEvent => ({ type: "text-delta", text: t });

describe("a turn's events, read as they come", () => {
  it("gives every event in order, those told while the reader was busy too, then ends with the turn", async () => {
    const queue = new TurnEventQueue();
    const read: string[] = [];
    const reader = (async () => {
      for await (const event of queue) {
        read.push(event.type === "text-delta" ? event.text : event.type);
        // A slow reader: the turn goes on telling meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    queue.push(text("a"));
    queue.push(text("b"));
    await new Promise((resolve) => setImmediate(resolve));
    queue.push(text("c"));
    queue.push({ type: "finish", finishReason: "stop", messageId: "msg_1" });
    queue.end();
    queue.push(text("after the end"));
    await reader;
    expect(read).toEqual(["a", "b", "c", "finish"]);
  });

  it("ends a reader that waits when the turn ends without a word", async () => {
    const queue = new TurnEventQueue();
    const reading = (async () => {
      const seen: TurnEvent[] = [];
      for await (const event of queue) seen.push(event);
      return seen;
    })();
    await new Promise((resolve) => setImmediate(resolve));
    queue.end();
    expect(await reading).toEqual([]);
  });
});
