/**
 * An incremental server-sent events parser (the WHATWG "event stream interpretation"), for
 * streams read with fetch: EventSource cannot POST a body or send the CSRF header.
 *
 * Chunks may split anywhere: inside a line, between "\r" and "\n", or inside a UTF-8
 * character (readSse decodes with a streaming TextDecoder). Lines end with "\n", "\r\n" or
 * "\r"; ":" lines are comments (the server's ": ping" heartbeats) and dispatch nothing; several
 * `data:` lines join with "\n"; a frame is dispatched at its blank line, and only if it had data.
 */

export interface SseFrame {
  /** `event:` field; "message" when absent. */
  event: string;
  data: string;
  /** The last `id:` seen so far on the stream ("" before any). */
  id: string;
}

export interface SseParser {
  push(chunk: string): void;
  /** The stream ended: a frame without its closing blank line is dropped, as the spec says. */
  end(): void;
}

export function createSseParser(onFrame: (frame: SseFrame) => void): SseParser {
  let buffer = "";
  let skipLeadingLf = false;
  let firstChunk = true;
  let data: string[] = [];
  let event = "";
  let lastId = "";

  function dispatch(): void {
    if (data.length > 0) onFrame({ event: event || "message", data: data.join("\n"), id: lastId });
    data = [];
    event = "";
  }

  function line(text: string): void {
    if (text === "") {
      dispatch();
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) lastId = value;
    // `retry` and unknown fields do not matter to a fetch reader.
  }

  return {
    push(chunk: string) {
      if (firstChunk && chunk.length > 0) {
        firstChunk = false;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      if (skipLeadingLf && chunk.startsWith("\n")) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        line(buffer.slice(start, i));
        if (char === "\r") {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === "\n") i++;
          } else {
            // "\r" ends the chunk: a "\n" opening the next one belongs to this line break.
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = "";
      data = [];
      event = "";
    },
  };
}

/** Reads a fetch body as server-sent events until it ends (or the signal aborts it). */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: SseFrame) => void,
): Promise<void> {
  const parser = createSseParser(onFrame);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
