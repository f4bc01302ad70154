import type { FastifyReply } from "fastify";
import type { App } from "./http-types.js";
import { openSseStream, type SseOptions, type SseStream } from "./sse.js";

/** Opens SSE streams that end when the app begins to close. */
export interface ClosingSseStreams {
  open(reply: FastifyReply, options?: SseOptions): SseStream;
}

/**
 * Event streams never end by themselves, and app.close() waits for every connection: without
 * this, a shutdown waits for every listening client to leave (docs/operations.md, "Graceful
 * shutdown"). The streams opened here end in a preClose hook (their clients reconnect to
 * another process with Last-Event-ID and lose nothing); once ended and flushed, their
 * connections are idle and are closed. One that opens after that ends at once.
 */
export function closingSseStreams(app: App): ClosingSseStreams {
  const open = new Set<SseStream>();
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    await Promise.all([...open].map((stream) => stream.end()));
  });
  return {
    open(reply, options = {}) {
      const stream = openSseStream(reply, options);
      open.add(stream);
      stream.onClose(() => open.delete(stream));
      if (closing) void stream.end();
      return stream;
    },
  };
}
