import { describe, expect, it } from "vitest";
import { createSseParser, readSse, type SseFrame } from "./sse-parser";

function parse(chunks: string[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const parser = createSseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return frames;
}

describe("createSseParser", () => {
  it("dispatches a frame at its blank line", () => {
    expect(parse(['data: {"type":"finish"}\n\n'])).toEqual([
      { event: "message", data: '{"type":"finish"}', id: "" },
    ]);
  });

  it("reassembles frames split across chunks anywhere", () => {
    const stream =
      'data: {"type":"text-delta","textDelta":"Hel"}\n\ndata: {"type":"text-delta","textDelta":"lo"}\n\n';
    const whole = parse([stream]);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)])).toEqual(whole);
    }
    expect(parse(stream.split(""))).toEqual(whole);
    expect(whole.map((f) => JSON.parse(f.data).textDelta)).toEqual(["Hel", "lo"]);
  });

  it("joins multi-line data with newlines", () => {
    expect(parse(["data: first\ndata: second\ndata\ndata:third\n\n"]).map((f) => f.data)).toEqual([
      "first\nsecond\n\nthird",
    ]);
  });

  it("skips comments and heartbeats, which dispatch nothing", () => {
    expect(parse([": ping\n\n", ":\n", "data: x\n", ": inside\n", "\n", ": ping\n\n"])).toEqual([
      { event: "message", data: "x", id: "" },
    ]);
  });

  it("understands CRLF and CR line ends, also when CR and LF arrive in different chunks", () => {
    expect(parse(["data: a\r\n\r\ndata: b\r\rdata: c\n\n"]).map((f) => f.data)).toEqual(["a", "b", "c"]);
    expect(parse(["data: a\r", "\n\r", "\ndata: b\r", "\r"]).map((f) => f.data)).toEqual(["a", "b"]);
    // A CRLF split between chunks is one line break, not a blank line that ends the frame.
    expect(parse(["data: a\r", "\ndata: b\r\n\r\n"]).map((f) => f.data)).toEqual(["a\nb"]);
  });

  it("reads event and id fields and strips only one leading space", () => {
    expect(parse(["event: message_created\nid: 7\ndata:  two spaces\n\ndata: y\n\n"])).toEqual([
      { event: "message_created", data: " two spaces", id: "7" },
      { event: "message", data: "y", id: "7" },
    ]);
  });

  it("drops a frame that never got its blank line and frames without data", () => {
    expect(parse(["event: x\n\n", "data: cut off"])).toEqual([]);
  });

  it("ignores a byte order mark at the start", () => {
    expect(parse(["\uFEFFdata: a\n\n"]).map((f) => f.data)).toEqual(["a"]);
  });
});

describe("readSse", () => {
  it("decodes UTF-8 split inside a character across chunks", async () => {
    const bytes = new TextEncoder().encode('data: {"textDelta":"Привет 👋"}\n\n');
    const chunks = [bytes.slice(0, 22), bytes.slice(22, 33), bytes.slice(33)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const frames: SseFrame[] = [];
    await readSse(body, (frame) => frames.push(frame));
    expect(frames.map((f) => JSON.parse(f.data).textDelta)).toEqual(["Привет 👋"]);
  });
});
