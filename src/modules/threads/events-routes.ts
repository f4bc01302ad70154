import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { StreamKeyGuard } from "../../events/stream-key-guard.js";
import { type StoredThreadEvent, threadEventSchema } from "../../events/thread-event.js";
import type { ThreadEventHub, ThreadEventScope } from "../../events/thread-event-hub.js";
import { latestThreadEventSeq, replayThreadEvents } from "../../events/thread-event-log.js";
import { authOf } from "../../infra/api-guard.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { standardErrorResponses } from "../../infra/error-body.js";
import type { App } from "../../infra/http-types.js";
import { openSseStream, type SseStream } from "../../infra/sse.js";
import type { Database } from "../../storage/schema.js";

export interface ThreadEventRoutesDeps {
  hub: ThreadEventHub;
  /** Ends a stream when the key that opened it is revoked (the app always passes one). */
  keyGuard?: StreamKeyGuard;
  db: () => Kysely<Database>;
  /** Throws the API's 404 (no such thread) or 403 (another project's thread); the result is unused. */
  resolveThread: (auth: AuthContext, threadId: string) => Promise<unknown>;
  /** Interval of the keep-alive comments; default 15 s. */
  heartbeatMs?: number;
}

const tags = ["Threads"];
const REPLAY_PAGE = 500;
/** Live events held back while a replay runs; a client that needs more reconnects and replays again. */
const MAX_HELD_BACK = 10_000;

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
number), \`event:\` (the ThreadEvent's type) and \`data:\` (the ThreadEvent as JSON). A comment line is
sent regularly (PARLEY_SSE_HEARTBEAT_MS, default 15 s) to keep proxies from closing the connection. Reconnect with \`Last-Event-ID\` (as
EventSource does) to receive the events missed in between, exactly once; events can be replayed for at
least 10 minutes (15 by default). Without it the stream starts with new events only; its first frame carries just an
\`id:\`, so that even a client that saw no event can resume without a gap.`;

function streamResponses(what: string) {
  return {
    200: {
      description: `${what}. ${streamDescription}`,
      content: { "text/event-stream": { schema: threadEventSchema } },
    },
    ...standardErrorResponses,
  };
}

/**
 * GET /threads/events and /threads/events/:thread_id (SPEC §6.1), scoped to the key's project.
 * Mount under the authenticated /v1 prefix.
 */
export function threadEventRoutes(app: App, deps: ThreadEventRoutesDeps): void {
  const open = new Set<SseStream>();
  // Streams never end by themselves; app.close() would wait for every client to leave.
  // Once ended and flushed, their connections are idle and Fastify closes them.
  app.addHook("preClose", async () => {
    await Promise.all([...open].map((stream) => stream.end()));
  });

  async function stream(request: FastifyRequest, reply: FastifyReply, threadId?: string): Promise<void> {
    const auth = authOf(request);
    if (threadId !== undefined) await deps.resolveThread(auth, threadId);
    const headers = request.headers as { "last-event-id"?: string };
    const query = request.query as { last_event_id?: string };
    const resume = headers["last-event-id"] || query.last_event_id || undefined;
    // The stream carries every event with a seq above `start`, exactly once. A fresh stream
    // starts at the newest event recorded before it subscribes; read before subscribing, so
    // that whatever commits after that read is replayed, held back, or both. An id above the
    // newest (a database that was reset) counts as fresh, or the stream would stay silent.
    const head = await latestThreadEventSeq(deps.db(), auth.projectId);
    const fresh = resume === undefined || Number(resume) > head;
    const start = fresh ? head : Number(resume);

    const sse = openSseStream(reply, deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs });
    open.add(sse);
    const send = (stored: StoredThreadEvent) =>
      sse.send({ id: stored.seq, event: stored.event.type, data: stored.event });

    // Live events are held back until the replay is done, then the ones it did not contain
    // follow: an event committed meanwhile is in the log, held back, or both; never neither.
    let heldBack: StoredThreadEvent[] | null = [];
    const scope: ThreadEventScope = { projectId: auth.projectId, threadId };
    const unsubscribe = deps.hub.subscribe(scope, (stored) => {
      if (!heldBack) return void send(stored);
      heldBack.push(stored);
      if (heldBack.length > MAX_HELD_BACK) void sse.end();
    });
    const forgetKey = deps.keyGuard?.watch(auth.keyId, () => void sse.end()) ?? (() => {});
    sse.onClose(() => {
      unsubscribe();
      forgetKey();
      open.delete(sse);
    });
    // An id-only frame dispatches nothing but sets the client's Last-Event-ID, so a client
    // that sees no event before reconnecting still resumes without a gap.
    if (fresh) sse.send({ id: start });

    try {
      const db = deps.db();
      const replayed = new Set<number>();
      let after = start;
      while (!sse.closed) {
        const page = await replayThreadEvents(db, { ...scope, afterSeq: after, limit: REPLAY_PAGE });
        for (const stored of page) {
          send(stored);
          replayed.add(stored.seq);
          after = stored.seq;
        }
        if (page.length < REPLAY_PAGE) break;
        await sse.drain();
      }
      const live = heldBack ?? [];
      heldBack = null;
      for (const stored of live) if (stored.seq > start && !replayed.has(stored.seq)) send(stored);
    } catch (error) {
      // The headers are sent: end the stream; the client reconnects and resumes.
      request.log.error({ err: error }, "thread event stream failed");
      await sse.end();
    }
  }

  app.get(
    "/threads/events",
    {
      schema: {
        tags,
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
