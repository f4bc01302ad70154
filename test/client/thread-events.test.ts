import { describe, expect, it } from "vitest";
import { createParleyClient, type ThreadEventMessage, threadEvents } from "../../client/src/index.js";

const BASE = "http://parley.test";
const event = (type: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ thread_id: "t-1", type, created_at: "2026-11-21T10:00:00.000Z", ...extra });

/** A client whose server answers each request with the next of `answers` (and records the requests). */
function scripted(answers: Array<() => Response>) {
  const requests: Request[] = [];
  const client = createParleyClient({
    baseUrl: BASE,
    apiKey: "prl_test",
    fetch: async (request) => {
      requests.push(request);
      const answer = answers.shift();
      if (!answer) throw new TypeError("fetch failed: no more answers");
      return answer();
    },
  });
  return { client, requests };
}

const sse = (text: string) => () =>
  new Response(text, { status: 200, headers: { "content-type": "text/event-stream" } });
const errorAnswer = (status: number, code: string) => () =>
  new Response(JSON.stringify({ code, message: code }), {
    status,
    headers: { "content-type": "application/json" },
  });

async function take(iterator: AsyncGenerator<ThreadEventMessage>, n: number): Promise<ThreadEventMessage[]> {
  const read: ThreadEventMessage[] = [];
  for await (const message of iterator) {
    read.push(message);
    if (read.length === n) break;
  }
  return read;
}

describe("threadEvents", () => {
  it("reads the type from the data, with or without an `event:` line, and skips heartbeats and unknown types", async () => {
    const { client, requests } = scripted([
      sse(
        `id: 4\n\n: ping\n\nid: 5\nevent: mode_changed\ndata: ${event("mode_changed", { mode: "manual" })}\n\n` +
          `id: 6\ndata: ${event("something_new")}\n\n` +
          `id: 7\ndata: ${event("pending_count", { pending_count: 2 })}\n\n`,
      ),
    ]);
    const read = await take(threadEvents(client, { threadId: "t-1", reconnect: false }), 2);
    expect(read).toEqual([
      { id: "5", event: expect.objectContaining({ type: "mode_changed", mode: "manual" }) },
      { id: "7", event: expect.objectContaining({ type: "pending_count", pending_count: 2 }) },
    ]);
    expect(requests[0]!.url).toBe(`${BASE}/v1/threads/events/t-1`);
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer prl_test");
    expect(requests[0]!.headers.get("last-event-id")).toBeNull();
  });

  it("reconnects after an ended stream, a failed connection and a 503, each time from the last id seen", async () => {
    const { client, requests } = scripted([
      sse(`id: 10\ndata: ${event("pending_count", { pending_count: 1 })}\n\nid: 12\n\n`),
      () => {
        throw new TypeError("fetch failed");
      },
      errorAnswer(503, "shutting_down"),
      sse(`id: 13\ndata: ${event("pending_count", { pending_count: 0 })}\n\n`),
    ]);
    const read = await take(threadEvents(client, { lastEventId: "9", retryDelayMs: 1 }), 2);
    expect(read.map(({ id }) => id)).toEqual(["10", "13"]);
    expect(requests.map((request) => request.url)).toEqual(Array(4).fill(`${BASE}/v1/threads/events`));
    // The id-only frame (12) moved the resume point, too.
    expect(requests.map((request) => request.headers.get("last-event-id"))).toEqual(["9", "12", "12", "12"]);
  });

  it("stops at a refusal that a retry cannot fix", async () => {
    const { client, requests } = scripted([errorAnswer(403, "forbidden"), sse("")]);
    await expect(take(threadEvents(client, { threadId: "t-1", retryDelayMs: 1 }), 1)).rejects.toMatchObject({
      name: "ParleyError",
      status: 403,
      code: "forbidden",
    });
    expect(requests).toHaveLength(1);
  });

  it("ends with the signal's reason when aborted while waiting to reconnect", async () => {
    const controller = new AbortController();
    const { client } = scripted([
      () => {
        // The stream ends at once; the abort comes before the (long) wait to reconnect is over.
        setTimeout(() => controller.abort(new Error("stop now")), 0);
        return sse("")();
      },
    ]);
    const events = threadEvents(client, { signal: controller.signal, retryDelayMs: 60_000 });
    await expect(take(events, 1)).rejects.toThrow("stop now");
  });
});
