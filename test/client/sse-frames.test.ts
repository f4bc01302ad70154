import { describe, expect, it } from "vitest";
import { readSseFrames, type SseFrame } from "../../client/src/sse.js";

/** A body delivered in the given chunks, as a network would split it. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function frames(...chunks: string[]): Promise<SseFrame[]> {
  const read: SseFrame[] = [];
  for await (const frame of readSseFrames(body(...chunks))) read.push(frame);
  return read;
}

describe("readSseFrames", () => {
  it("reads named and unnamed frames alike: id, event and data", async () => {
    expect(
      await frames(
        'id: 7\nevent: mode_changed\ndata: {"type":"mode_changed"}\n\n',
        'id: 8\ndata: {"type":"pending_count"}\n\n',
      ),
    ).toEqual([
      { id: "7", event: "mode_changed", data: '{"type":"mode_changed"}' },
      { id: "8", data: '{"type":"pending_count"}' },
    ]);
  });

  it("skips comments (heartbeats), joins data lines, and keeps id-only frames", async () => {
    expect(await frames(": ping\n\nid: 3\n\ndata: a\ndata: b\n\n: ping\n\n")).toEqual([
      { id: "3" },
      { data: "a\nb" },
    ]);
  });

  it("accepts CRLF and CR line ends, a BOM, and frames split anywhere across chunks", async () => {
    expect(await frames("\uFEFFid: 1\r", "\ndata: x", "y\r\n\r", "\nretry: 2500\rdata: z\r\r")).toEqual([
      { id: "1", data: "xy" },
      { retry: 2500, data: "z" },
    ]);
  });

  it("takes the value after one optional space, ignores unknown fields and drops an unfinished frame", async () => {
    expect(await frames("data:  two spaces\nfoo: bar\nretry: soon\n\ndata: cut off")).toEqual([
      { data: " two spaces" },
    ]);
  });
});
