import { EventSource as NodeEventSource } from "eventsource";
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscribe } from "./event-source";

/** What the server sends: unnamed frames (its own), and what the console must not take for events. */
const BODY = [
  "id: 7\n\n",
  ": ping\n\n",
  'id: 8\ndata: {"type":"pending_count","thread_id":"t1","pending_count":1}\n\n',
  "id: 9\ndata: not json\n\n",
  'id: 10\nevent: mode_changed\ndata: {"type":"mode_changed","thread_id":"t1","mode":"manual"}\n\n',
  'id: 11\ndata: {"type":"mode_changed","thread_id":"t1","mode":"manual"}\n\n',
].join("");

const requested: string[] = [];

/** The `eventsource` package (a spec-faithful EventSource) reading BODY instead of the network. */
class EventSourceOverBody extends NodeEventSource {
  constructor(url: string | URL, init?: { withCredentials?: boolean }) {
    super(new URL(String(url), "http://console.test"), {
      ...init,
      fetch: async (input) => {
        requested.push(String(input));
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode(BODY)),
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      },
    });
  }
}

describe("subscribe", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    requested.length = 0;
  });

  it("hands the JSON data of every unnamed frame to the callback, through onmessage", async () => {
    vi.stubGlobal("EventSource", EventSourceOverBody);
    const received: unknown[] = [];
    const statuses: boolean[] = [];
    const close = subscribe(
      "/threads/events",
      (data) => received.push(data),
      (connected) => statuses.push(connected),
    );
    try {
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 20_000 });
      expect(requested).toEqual(["http://console.test/v1/threads/events"]);
      expect(statuses).toEqual([true]);
      // The named frame (an `event:` line) is not a message; the non-JSON frame is skipped.
      expect(received).toEqual([
        { type: "pending_count", thread_id: "t1", pending_count: 1 },
        { type: "mode_changed", thread_id: "t1", mode: "manual" },
      ]);
    } finally {
      close();
    }
  });
});
