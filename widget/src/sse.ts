/**
 * A server-sent events reader for fetch responses (EventSource cannot send Authorization).
 * `SseParser` is the pure part: feed it decoded text in any chunking, it hands back whole
 * events as the HTML spec's "interpret an event stream" describes them.
 */
export interface SseEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
  /** The last event id seen so far on the stream (the spec's "last event ID buffer"). */
  id: string | undefined;
}

export class SseParser {
  private buffer = "";
  /** A `\r` ended the previous chunk: a `\n` starting the next one belongs to it. */
  private pendingCr = false;
  private data: string[] = [];
  private hasData = false;
  private eventType = "";
  /** The id to send as Last-Event-ID when reconnecting. */
  lastEventId: string | undefined;
  /** Milliseconds from a `retry:` field, if the server sent one. */
  retry: number | undefined;

  constructor(lastEventId?: string) {
    this.lastEventId = lastEventId;
  }

  feed(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = chunk;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith("\n")) text = text.slice(1);
    }
    this.buffer += text;
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf("\r", start);
      const lf = this.buffer.indexOf("\n", start);
      if (cr === -1 && lf === -1) break;
      let end: number;
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        end = cr;
        if (cr + 1 < this.buffer.length) {
          next = this.buffer[cr + 1] === "\n" ? cr + 2 : cr + 1;
        } else {
          next = cr + 1;
          this.pendingCr = true;
        }
      } else {
        end = lf;
        next = lf + 1;
      }
      this.line(this.buffer.slice(start, end), out);
      start = next;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === "") {
      if (this.hasData) {
        out.push({ event: this.eventType || "message", data: this.data.join("\n"), id: this.lastEventId });
      }
      this.data = [];
      this.hasData = false;
      this.eventType = "";
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        this.data.push(value);
        this.hasData = true;
        break;
      case "event":
        this.eventType = value;
        break;
      case "id":
        if (!value.includes("\0")) this.lastEventId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
    }
  }
}

/**
 * Reads an event-stream body, calling `onEvent` for each event, until the server closes the
 * stream or `onEvent` returns false (then the rest is cancelled). Rejects on a network error.
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  parser: SseParser,
  onEvent: (event: SseEvent) => unknown,
  onActivity?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity?.();
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        if (onEvent(event) === false) {
          await reader.cancel().catch(() => {});
          return;
        }
      }
    }
    // An event not followed by a blank line when the stream ends is dropped (as the spec says).
    parser.feed(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
