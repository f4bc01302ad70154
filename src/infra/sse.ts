import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * One server-sent event. `data` is sent as is when a string, else as JSON. Frames carry no
 * `event:` name: every event reaches an EventSource's `onmessage`, and the JSON data says what
 * it is in its `type` (docs/conversations.md#frames).
 */
export interface SseMessage {
  id?: string | number;
  /** Without data the frame only sets the client's last event id; no event is dispatched. */
  data?: unknown;
}

export interface SseOptions {
  /** A comment line this often keeps proxies from closing an idle stream; 0 disables. Default 15 s. */
  heartbeatMs?: number;
  /** Bytes the socket may hold unsent before the stream is closed. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** How long the client may leave the socket backed up before the stream is closed. Default 30 s. */
  stallTimeoutMs?: number;
}

export interface SseStream {
  /** True once the client left, the stream was ended, or it was cut for not keeping up. */
  readonly closed: boolean;
  /** Returns false when the stream is closed and nothing was written. */
  send(message: SseMessage): boolean;
  /**
   * Writes a frame made by `encodeSseFrame`: a message sent to many streams is encoded once
   * (docs/performance.md). Returns false when the stream is closed.
   */
  sendEncoded(frame: string): boolean;
  comment(text: string): boolean;
  /** Resolves when the socket's buffer has drained (or the stream closed): await it in long loops. */
  drain(): Promise<void>;
  /** Runs once when the stream closes for any reason; at once if it already has. */
  onClose(callback: () => void): void;
  /** Ends the response; resolves once it is flushed (the connection is then idle) or dropped. */
  end(): Promise<void>;
}

/**
 * Turns a Fastify reply into a server-sent event stream. The reply is hijacked: Fastify's
 * serializer and onSend hooks no longer run, so the headers already set on the reply
 * (x-request-id, RateLimit-*) are copied here. Throw API errors before opening the stream.
 *
 * Memory stays bounded: a client that does not read is cut off (buffer above
 * `maxBufferedBytes`, or backed up longer than `stallTimeoutMs`); streams of replayable
 * events lose nothing by that, since the client reconnects with Last-Event-ID.
 *
 * A stream that never ends by itself must be ended at shutdown, awaiting `end()` in a
 * preClose hook: Fastify then closes the idle connection; otherwise app.close() waits for
 * the client to leave.
 */
export function openSseStream(reply: FastifyReply, options: SseOptions = {}): SseStream {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const stallTimeoutMs = options.stallTimeoutMs ?? 30_000;
  const res = reply.raw;

  reply.hijack();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== "content-length") headers[name] = value;
  }
  res.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    // Set here rather than by Node, which adds `keep-alive: timeout=…`: with that, undici's
    // fetch cancelling an event stream waited for it to end. A client's `connection: close` is
    // honoured (the connection is closed after the stream, as HTTP/1.1 requires).
    connection: /\bclose\b/i.test(String(reply.request.headers.connection ?? "")) ? "close" : "keep-alive",
    // nginx buffers proxied responses unless told otherwise.
    "x-accel-buffering": "no",
  });
  res.flushHeaders();
  // Events go out at once rather than coalesced; app.inject's fake socket has no such method.
  if (typeof res.socket?.setNoDelay === "function") res.socket.setNoDelay(true);

  let closed = false;
  let stallTimer: NodeJS.Timeout | undefined;
  const callbacks: Array<() => void> = [];
  const heartbeat = heartbeatMs > 0 ? setInterval(() => write(": ping\n\n"), heartbeatMs) : undefined;
  heartbeat?.unref();

  function finish(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(stallTimer);
    for (const callback of callbacks.splice(0)) callback();
  }

  function cutOff(): void {
    finish();
    res.destroy();
  }

  // Frames written in one turn of the event loop (a model's burst of deltas) leave in one
  // socket write, as one chunk: they are gathered here and written once the loop moves on.
  // Gathered here rather than by corking the response: on Node.js 22 a corked chunked
  // response could put frames after its terminating chunk (docs/operations.md#nodejs).
  let gathered = "";
  function flush(): void {
    const chunk = gathered;
    gathered = "";
    if (chunk === "" || res.writableEnded || res.destroyed) return;
    if (!res.write(chunk) && !stallTimer) stallTimer = setTimeout(cutOff, stallTimeoutMs);
  }

  function write(chunk: string): boolean {
    if (closed) return false;
    if (gathered === "") setImmediate(flush);
    gathered += chunk;
    if (res.writableLength + gathered.length > maxBufferedBytes) {
      cutOff();
      return false;
    }
    return true;
  }

  res.on("drain", () => {
    clearTimeout(stallTimer);
    stallTimer = undefined;
  });
  res.on("close", finish);
  res.on("error", finish);
  // The client may have left while the handler was still awaiting something: 'close' is gone.
  if (res.destroyed || res.socket?.destroyed) finish();

  return {
    get closed() {
      return closed;
    },
    send: (message) => write(encodeSseFrame(message)),
    sendEncoded: (encoded) => write(encoded),
    comment: (text) => write(`${lines(text, ": ")}\n`),
    drain: () =>
      new Promise((resolve) => {
        if (closed || !res.writableNeedDrain) return resolve();
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      }),
    onClose(callback) {
      if (closed) callback();
      else callbacks.push(callback);
    },
    end: () =>
      new Promise((resolve) => {
        if (res.writableFinished || res.destroyed) return resolve();
        res.once("finish", resolve);
        res.once("close", resolve);
        finish();
        if (!res.writableEnded) {
          flush();
          res.end();
        }
      }),
  };
}

/**
 * The text of one frame. Field values cannot hold line breaks; string data spans several
 * `data:` lines instead (JSON has none: it escapes them).
 */
export function encodeSseFrame(message: SseMessage): string {
  let out = "";
  if (message.id !== undefined) out += `id: ${singleLine(String(message.id))}\n`;
  if (typeof message.data === "string") out += lines(message.data, "data: ");
  else if (message.data !== undefined) out += `data: ${JSON.stringify(message.data)}\n`;
  return `${out}\n`;
}

function lines(text: string, prefix: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `${prefix}${line}\n`)
    .join("");
}

function singleLine(value: string): string {
  return value.replace(/[\r\n\0]/g, "");
}
