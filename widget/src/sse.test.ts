import { describe, expect, it } from "vitest";
import { readSse, SseParser } from "./sse";

function all(chunks: string[], parser = new SseParser()) {
  return chunks.flatMap((chunk) => parser.feed(chunk));
}

describe("SseParser", () => {
  it("parses whole frames with id, event and data", () => {
    const events = all(['id: 7\nevent: message_created\ndata: {"a":1}\n\n', "data: plain\n\n"]);
    expect(events).toEqual([
      { event: "message_created", data: '{"a":1}', id: "7" },
      { event: "message", data: "plain", id: "7" },
    ]);
  });

  it("joins multi-line data with newlines", () => {
    expect(all(["data: one\ndata: two\ndata\n\n"])).toEqual([
      { event: "message", data: "one\ntwo\n", id: undefined },
    ]);
  });

  it("handles any chunking, byte by byte", () => {
    const text =
      'id: 1\r\nevent: mode_changed\r\ndata: {"mode":"manual"}\r\n\r\n: keep-alive\n\nid: 2\rdata: x\r\r';
    const whole = all([text]);
    const bytewise = all(text.split(""));
    expect(bytewise).toEqual(whole);
    expect(whole).toEqual([
      { event: "mode_changed", data: '{"mode":"manual"}', id: "1" },
      { event: "message", data: "x", id: "2" },
    ]);
  });

  it("does not take a CR split from its LF for a blank line", () => {
    expect(all(["data: a\r", "\ndata: b\r", "\n\r", "\n"])).toEqual([
      { event: "message", data: "a\nb", id: undefined },
    ]);
  });

  it("ignores comments, unknown fields and events without data", () => {
    expect(all([": hello\nfoo: bar\nevent: x\n\nid: 5\n\n"])).toEqual([]);
  });

  it("keeps the last event id for reconnecting, and refuses ids with NUL", () => {
    const parser = new SseParser("3");
    expect(parser.lastEventId).toBe("3");
    parser.feed("id: 4\n\n");
    expect(parser.lastEventId).toBe("4");
    parser.feed("id: bad\0id\n\n");
    expect(parser.lastEventId).toBe("4");
    expect(parser.feed("data: x\n\n")[0]!.id).toBe("4");
  });

  it("strips exactly one space after the colon", () => {
    expect(all(["data:  two spaces\ndata:none\n\n"])[0]!.data).toBe(" two spaces\nnone");
  });

  it("reads retry", () => {
    const parser = new SseParser();
    parser.feed("retry: 2500\n\nretry: soon\n\n");
    expect(parser.retry).toBe(2500);
  });

  it("drops an event the stream never finished", () => {
    expect(all(["data: incomplete"])).toEqual([]);
  });
});

describe("readSse", () => {
  it("decodes UTF-8 split across chunks and reports activity", async () => {
    const bytes = new TextEncoder().encode('data: {"t":"Привет 👋"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const seen: string[] = [];
    let activity = 0;
    await readSse(
      body,
      new SseParser(),
      (event) => {
        seen.push(event.data);
      },
      () => activity++,
    );
    expect(seen).toEqual(['{"t":"Привет 👋"}']);
    expect(activity).toBe(bytes.length);
  });
});
