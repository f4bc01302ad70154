import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { StreamKeyGuard } from "../../events/stream-key-guard.js";
import { type StoredThreadEvent, threadEventSchema } from "../../events/thread-event.js";
import type { ThreadEventHub } from "../../events/thread-event-hub.js";
import { streamThreadEvents, type ThreadEventSink } from "../../events/thread-event-stream.js";
import { authOf } from "../../infra/api-guard.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { eventStreamResponse } from "../../infra/event-stream-response.js";
import type { App } from "../../infra/http-types.js";
import { encodeSseFrame, type SseStream } from "../../infra/sse.js";
import { closingSseStreams } from "../../infra/sse-streams.js";
import type { ThreadEventsRepo } from "../../storage/repos/thread-events.repo.js";

export interface ThreadEventRoutesDeps {
  hub: ThreadEventHub;
  /** The event log (a function, so each stream reads through the current connection). */
  events: () => ThreadEventsRepo;
  /** Ends a stream when the key that opened it is revoked (the app always passes one). */
  keyGuard?: StreamKeyGuard;
  /** Throws the API's 404 (no such thread) or 403 (another project's thread); the result is unused. */
  resolveThread: (auth: AuthContext, threadId: string) => Promise<unknown>;
  /** Interval of the keep-alive comments; default 15 s. */
  heartbeatMs?: number;
}

const tags = ["Threads"];

const eventId = z
  .string()
  .regex(/^\d{0,15}$/, "must be the id of an event received from this stream")
  .optional();
const headersSchema = z.looseObject({
  "last-event-id": eventId.describe("Resume after this event: sent by EventSource when it reconnects."),
});
const querySchema = z.object({
  last_event_id: eventId.describe(
    "Resume after this event, for clients that cannot set Last-Event-ID; the header wins.",
  ),
});
const threadParamsSchema = z.object({ thread_id: z.string().min(1).max(128) });

const streamDescription = `A \`text/event-stream\` of ThreadEvent. Every event has \`id:\` (a sequence
number) and \`data:\` (the ThreadEvent as JSON, its kind in \`type\`) and no \`event:\` name, so an
EventSource receives every event through \`onmessage\`. A comment line is
sent regularly (PARLEY_SSE_HEARTBEAT_MS, default 15 s) to keep proxies from closing the connection. Reconnect with \`Last-Event-ID\` (as
EventSource does) to receive the events missed in between, exactly once; events can be replayed for at
least 10 minutes (15 by default). Without it the stream starts with new events only; its first frame carries just an
\`id:\`, so that even a client that saw no event can resume without a gap.`;

/**
 * The frames of a delivery, encoded once for every stream it goes to: the hub hands the same
 * array to all the streams of a scope (docs/performance.md, "Webhook acknowledgement with event
 * streams open"), and each stream writes it at once.
 */
const frames = new WeakMap<readonly StoredThreadEvent[], string>();
function framesOf(events: readonly StoredThreadEvent[]): string {
  let text = frames.get(events);
  if (text === undefined) {
    text = "";
    for (const stored of events) text += encodeSseFrame({ id: stored.seq, data: stored.event });
    frames.set(events, text);
  }
  return text;
}

function streamResponses(what: string) {
  return {
    200: eventStreamResponse({ description: `${what}. ${streamDescription}`, events: threadEventSchema }),
  };
}

/**
 * GET /threads/events and /threads/events/:thread_id (docs/api.md), scoped to the key's project.
 * Mount under the authenticated /v1 prefix.
 */
export function threadEventRoutes(app: App, deps: ThreadEventRoutesDeps): void {
  const streams = closingSseStreams(app);

  async function stream(request: FastifyRequest, reply: FastifyReply, threadId?: string): Promise<void> {
    const auth = authOf(request);
    if (threadId !== undefined) await deps.resolveThread(auth, threadId);
    const headers = request.headers as { "last-event-id"?: string };
    const query = request.query as { last_event_id?: string };
    const resume = headers["last-event-id"] || query.last_event_id || undefined;

    let sse: SseStream | undefined;
    const openSink = (): ThreadEventSink => {
      const opened = streams.open(
        reply,
        deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs },
      );
      sse = opened;
      const forgetKey = deps.keyGuard?.watch(auth.keyId, () => void opened.end()) ?? (() => {});
      opened.onClose(forgetKey);
      // One thread's stream also carries the bot's reply while it is written (live only, no id).
      if (threadId !== undefined) {
        const forgetLive = deps.hub.subscribeLive({ projectId: auth.projectId, threadId }, (event) => {
          opened.send({ data: event });
        });
        opened.onClose(forgetLive);
      }
      return {
        get closed() {
          return opened.closed;
        },
        send: (stored) => void opened.send({ id: stored.seq, data: stored.event }),
        sendAll: (events) => void (events.length > 0 && opened.sendEncoded(framesOf(events))),
        mark: (seq) => void opened.send({ id: seq }),
        drain: () => opened.drain(),
        end: () => opened.end(),
        onClose: (callback) => opened.onClose(callback),
      };
    };
    try {
      // The stream opens (200 and its headers) once it is live: see streamThreadEvents.
      await streamThreadEvents(deps, { projectId: auth.projectId, threadId }, resume, openSink);
    } catch (error) {
      // Before the stream opened, an error answer; after, the stream ends and the client
      // reconnects and resumes.
      if (!sse) throw error;
      request.log.error({ err: error }, "thread event stream failed");
      await sse.end();
    }
  }

  app.get(
    "/threads/events",
    {
      schema: {
        tags,
        operationId: "streamProjectThreadEvents",
        summary: "Stream events of every thread of the project",
        headers: headersSchema,
        querystring: querySchema,
        response: streamResponses("Events of every thread of the key's project"),
      },
    },
    (request, reply) => stream(request, reply),
  );

  app.get(
    "/threads/events/:thread_id",
    {
      schema: {
        tags,
        operationId: "streamThreadEvents",
        summary: "Stream events of one thread",
        headers: headersSchema,
        querystring: querySchema,
        params: threadParamsSchema,
        response: streamResponses("Events of the thread"),
      },
    },
    (request, reply) => stream(request, reply, request.params.thread_id),
  );
}
