/**
 * One server-sent event block as sent: the fields it set. A block with only `id:` (Parley's
 * thread event streams open with one) moves the resume point without carrying data.
 */
export interface SseFrame {
  id?: string;
  /** The `event:` name, if any. Parley's streams carry the type in the JSON data instead. */
  event?: string;
  /** The `data:` lines joined with "\n"; absent when the block had none. */
  data?: string;
  /** A reconnection delay the server asked for, in milliseconds. */
  retry?: number;
}

/**
 * Reads a `text/event-stream` body as the HTML standard's parser does: lines end in CRLF, LF
 * or CR; a blank line ends a block; lines starting with `:` (Parley's `: ping` heartbeats)
 * are comments; unknown fields are ignored. Cancels the body when the caller stops early.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let frame: SseFrame = {};
  let data: string[] | undefined;
  let first = true;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        // A CR that ends the stream ends its line: no LF can follow any more.
        if (buffer.endsWith("\r")) buffer += "\n";
      } else buffer += value;
      if (first && buffer.length > 0) {
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
        first = false;
      }
      for (;;) {
        const end = lineEnd(buffer);
        if (end === undefined) break;
        const line = buffer.slice(0, end.at);
        buffer = buffer.slice(end.at + end.length);
        if (line === "") {
          if (data !== undefined) frame.data = data.join("\n");
          if (Object.keys(frame).length > 0) yield frame;
          frame = {};
          data = undefined;
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const raw = colon === -1 ? "" : line.slice(colon + 1);
        const text = raw.startsWith(" ") ? raw.slice(1) : raw;
        if (field === "data") {
          data ??= [];
          data.push(text);
        } else if (field === "id" && !text.includes("\0")) frame.id = text;
        else if (field === "event") frame.event = text;
        else if (field === "retry" && /^\d+$/.test(text)) frame.retry = Number(text);
      }
      // What is left without a blank line after it is an unfinished frame: dropped.
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Where the first complete line of `buffer` ends. A CR at the very end may be the first half
 * of a CRLF still to come: wait for the next chunk.
 */
function lineEnd(buffer: string): { at: number; length: number } | undefined {
  for (let i = 0; i < buffer.length; i++) {
    const char = buffer[i];
    if (char === "\n") return { at: i, length: 1 };
    if (char === "\r") {
      if (i + 1 === buffer.length) return undefined;
      return { at: i, length: buffer[i + 1] === "\n" ? 2 : 1 };
    }
  }
  return undefined;
}
