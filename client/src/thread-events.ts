import { type ClientOrOptions, clientOf, type ParleyClient } from "./client.js";
import { ParleyError } from "./errors.js";
import type { components } from "./schema.js";
import { readSseFrames } from "./sse.js";

/** One change to a thread (docs/conversations.md#threadevent). */
export type ThreadEvent = components["schemas"]["ThreadEvent"];

/** A ThreadEvent with its stream id: pass the id of the last one you processed as `lastEventId` to resume. */
export interface ThreadEventMessage {
  id: string;
  event: ThreadEvent;
}

export interface ThreadEventsRequest {
  /** One thread's events; without it, every thread of the key's project. */
  threadId?: string;
  /** Start after this event (the `id` of the last one processed): missed events are replayed first. */
  lastEventId?: string;
  /** Ends the stream: the iteration then throws the signal's reason, as fetch does. */
  signal?: AbortSignal;
  /** Reconnect when the connection ends or fails (default true): with Last-Event-ID, nothing is lost. */
  reconnect?: boolean;
  /** The first wait before reconnecting (default 1000 ms, or what the server sends as `retry:`). */
  retryDelayMs?: number;
  /** Waits double after each failed attempt in a row, up to this (default 30000 ms). */
  maxRetryDelayMs?: number;
}

const THREAD_EVENT_TYPES = [
  "pending_count",
  "mode_changed",
  "message_created",
  "thread_assigned",
  "reply_failed",
  "message_feedback",
  // Live only, without an id of its own: it comes with the id of the last recorded event.
  "reply_delta",
  "labels_changed",
] as const;
// Fails to compile when the document gains a type this list lacks (regenerated schema.ts).
const everyTypeListed: Exclude<ThreadEvent["type"], (typeof THREAD_EVENT_TYPES)[number]> extends never
  ? true
  : false = true;
void everyTypeListed;
const KNOWN_TYPES = new Set<string>(THREAD_EVENT_TYPES);

/** Failures worth another attempt: the server busy, stopping or behind a failing proxy. */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/**
 * GET /v1/threads/events (or /v1/threads/events/{thread_id}) as an async iterator of
 * ThreadEvents, for as long as the caller reads. When the connection ends or fails it
 * reconnects with `Last-Event-ID`, so the events in between are replayed exactly once. The
 * event's kind is read from `data.type` (frames with or without an `event:` line both work);
 * heartbeats and events of types this client does not know are skipped. Throws ParleyError when
 * the server refuses the stream for good (401 revoked key, 403, 404 thread_not_found, 422).
 */
export async function* threadEvents(
  target: ClientOrOptions,
  request: ThreadEventsRequest = {},
): AsyncGenerator<ThreadEventMessage> {
  const client = clientOf(target);
  const reconnect = request.reconnect ?? true;
  const maxDelay = request.maxRetryDelayMs ?? 30_000;
  let baseDelay = request.retryDelayMs ?? 1000;
  let lastEventId = request.lastEventId;
  let failures = 0;
  for (;;) {
    request.signal?.throwIfAborted();
    try {
      const body = await open(client, request, lastEventId);
      failures = 0;
      for await (const frame of readSseFrames(body)) {
        if (frame.retry !== undefined && request.retryDelayMs === undefined) baseDelay = frame.retry;
        if (frame.id !== undefined) lastEventId = frame.id === "" ? undefined : frame.id;
        const event = frame.data === undefined ? undefined : threadEventOf(frame.data);
        if (event && lastEventId !== undefined) yield { id: lastEventId, event };
      }
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      const retryable = !(error instanceof ParleyError) || RETRYABLE_STATUS.has(error.status);
      if (!reconnect || !retryable) throw error;
      failures++;
    }
    if (!reconnect) return;
    await sleep(Math.min(maxDelay, baseDelay * 2 ** Math.max(0, failures - 1)), request.signal);
  }
}

async function open(
  client: ParleyClient,
  request: ThreadEventsRequest,
  lastEventId: string | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const init = {
    headers: { Accept: "text/event-stream", ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}) },
    parseAs: "stream" as const,
    ...(request.signal ? { signal: request.signal } : {}),
  };
  const { data, error, response } =
    request.threadId === undefined
      ? await client.GET("/v1/threads/events", init)
      : await client.GET("/v1/threads/events/{thread_id}", {
          ...init,
          params: { path: { thread_id: request.threadId } },
        });
  if (!response.ok || !data) throw ParleyError.fromResponse(response, error);
  return data;
}

function threadEventOf(data: string): ThreadEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && KNOWN_TYPES.has(type) ? (value as ThreadEvent) : undefined;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}
