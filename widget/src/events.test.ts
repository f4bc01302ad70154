import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { backoffDelay, EventStream } from "./events";

function streamOf(text: string, keepOpen = false): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!keepOpen) controller.close();
    },
  });
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe("backoffDelay", () => {
  it("doubles up to 30 s, with jitter in the upper half", () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(10, () => 0)).toBe(15_000);
  });
});

describe("EventStream", () => {
  it("reconnects after the stream ends, resuming from the last event id", async () => {
    const seen: string[] = [];
    const asked: Array<string | undefined> = [];
    const delays: number[] = [];
    const stream = new EventStream({
      open: async (lastEventId) => {
        asked.push(lastEventId);
        return asked.length === 1
          ? streamOf("id: 5\nevent: message_created\ndata: a\n\n: ping\n\n")
          : streamOf("id: 6\ndata: b\n\n", true);
      },
      onEvent: (event) => seen.push(`${event.event}:${event.data}`),
      onRefused: () => {},
      backoff: (n) => {
        delays.push(n);
        return 1;
      },
    });
    stream.start();
    for (let i = 0; i < 50 && seen.length < 2; i++) await tick();
    stream.stop();
    expect(seen).toEqual(["message_created:a", "message:b"]);
    expect(asked).toEqual([undefined, "5"]);
    expect(stream.lastEventId).toBe("6");
    expect(delays).toEqual([0]);
  });

  it("backs off further on each failure in a row", async () => {
    const delays: number[] = [];
    let attempts = 0;
    const stream = new EventStream({
      open: async () => {
        attempts++;
        throw new TypeError("Failed to fetch");
      },
      onEvent: () => {},
      onRefused: () => {},
      backoff: (n) => {
        delays.push(n);
        return 1;
      },
    });
    stream.start();
    for (let i = 0; i < 50 && attempts < 4; i++) await tick();
    stream.stop();
    expect(delays.slice(0, 3)).toEqual([0, 1, 2]);
  });

  it("stops and reports a refusal (401/403/404)", async () => {
    let refused: ApiError | null = null;
    let attempts = 0;
    const stream = new EventStream({
      open: async () => {
        attempts++;
        throw new ApiError(401, "visitor_token_invalid", "no");
      },
      onEvent: () => {},
      onRefused: (error) => {
        refused = error;
      },
      backoff: () => 1,
    });
    stream.start();
    await tick(30);
    expect(attempts).toBe(1);
    expect(refused!.code).toBe("visitor_token_invalid");
  });

  it("treats a silent stream as dropped", async () => {
    let attempts = 0;
    const stream = new EventStream({
      open: async (_id, signal) => {
        attempts++;
        return new ReadableStream({
          start(controller) {
            signal.addEventListener("abort", () =>
              controller.error(new DOMException("aborted", "AbortError")),
            );
          },
        });
      },
      onEvent: () => {},
      onRefused: () => {},
      backoff: () => 1,
      idleMs: 10,
    });
    stream.start();
    for (let i = 0; i < 50 && attempts < 3; i++) await tick();
    stream.stop();
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it("waits as long as Retry-After asks on 429", async () => {
    // Backoff alone would retry after 1 ms; Retry-After asks for 60 s, so no second
    // attempt may come while the test waits. (No clock reading: a busy machine only
    // makes the second attempt later, never earlier.)
    let attempts = 0;
    const stream = new EventStream({
      open: async () => {
        attempts++;
        throw new ApiError(429, "rate_limited", "slow", 60);
      },
      onEvent: () => {},
      onRefused: () => {},
      backoff: () => 1,
    });
    stream.start();
    for (let i = 0; i < 10; i++) await tick();
    stream.stop();
    expect(attempts).toBe(1);
  });
});
