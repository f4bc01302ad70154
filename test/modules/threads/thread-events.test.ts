import { connect } from "node:net";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NewThreadEvent, StoredThreadEvent } from "../../../src/events/thread-event.js";
import { ThreadEventHub } from "../../../src/events/thread-event-hub.js";
import type { AuthContext } from "../../../src/infra/auth-context.js";
import { forbidden, notFound } from "../../../src/infra/errors.js";
import type { App } from "../../../src/infra/http-types.js";
import { openSseStream, type SseStream } from "../../../src/infra/sse.js";
import { threadEventRoutes } from "../../../src/modules/threads/events-routes.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { recordThreadEvents } from "../../../src/storage/repos/thread-events.repo.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WAIT_BOUND_MS } from "../../helpers/wait-bound.js";

/**
 * Real SSE over HTTP. Until src/app.ts mounts the routes, they are mounted here under a prefix
 * of their own, with a stub authentication: `x-test-project` names the caller's project.
 */
const PREFIX = "/test/v1";
const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
/** Threads the stub resolveThread knows, by project. */
const THREADS: Record<string, string[]> = { prj_a: ["thr_1", "thr_2"], prj_b: ["thr_b"] };

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comments: string[];
}

/** A minimal EventSource-style reader over fetch: one Frame per blank-line-terminated block. */
class SseClient {
  readonly frames: Frame[] = [];
  ended = false;
  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async connect(url: string, headers: Record<string, string>): Promise<SseClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    const client = new SseClient(response, abort);
    if (response.ok) void client.read();
    return client;
  }

  private async read(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          this.frames.push(parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
  }

  /** Frames that carry an event (data), as the browser would dispatch them. */
  events(): Array<{ id: string; data: unknown }> {
    return this.frames
      .filter((f) => f.data !== undefined)
      .map((f) => ({ id: f.id!, data: JSON.parse(f.data!) }));
  }

  async waitForEvents(count: number): Promise<Array<{ id: string; data: unknown }>> {
    await vi.waitFor(() => expect(this.events().length).toBeGreaterThanOrEqual(count), {
      timeout: WAIT_BOUND_MS,
    });
    return this.events();
  }

  close(): void {
    this.abort.abort();
  }
}

function parse(block: string): Frame {
  const frame: Frame = { comments: [] };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id" || field === "event") frame[field] = value;
    if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return frame;
}

describe.each(DIALECTS)("thread event streams on %s", (dialect) => {
  let t: TestApp;
  let hub: ThreadEventHub;
  let base: string;
  const clients: SseClient[] = [];
  /** Runs each time the route asks for its database handle: after subscribing, before replaying. */
  let beforeReplay: (() => void) | undefined;
  /** Runs after each page the replay read, before the route sees it. */
  let afterReplayPage: (() => void) | undefined;

  async function start() {
    hub = new ThreadEventHub({ log: silent });
    t = await createTestApp({
      dialect,
      beforeReady: (app) => {
        app.register(
          async (scope) => {
            const api = scope as unknown as App;
            if (!api.hasRequestDecorator("auth")) api.decorateRequest("auth", null);
            api.addHook("onRequest", async (request) => {
              const projectId = request.headers["x-test-project"];
              if (typeof projectId === "string") {
                request.auth = { keyId: "key_test", projectId, organizationId: "org_test", role: "project" };
              }
            });
            threadEventRoutes(api, {
              hub,
              events: () => {
                beforeReplay?.();
                const repo = createRepos(t.storage.db).threadEvents;
                const replay: typeof repo.replay = async <E>(options: Parameters<typeof repo.replay>[0]) => {
                  const page = await repo.replay<E>(options);
                  afterReplayPage?.();
                  return page;
                };
                return Object.assign(Object.create(repo), { replay });
              },
              resolveThread: async (auth: AuthContext, threadId: string) => {
                if (THREADS[auth.projectId]?.includes(threadId)) return;
                if (Object.values(THREADS).some((ids) => ids.includes(threadId))) {
                  throw forbidden(`The thread '${threadId}' belongs to another project.`);
                }
                throw notFound("thread", threadId);
              },
              heartbeatMs: 100,
            });
          },
          { prefix: PREFIX },
        );
      },
    });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `${address}${PREFIX}`;
  }

  afterEach(async () => {
    beforeReplay = undefined;
    afterReplayPage = undefined;
    for (const client of clients.splice(0)) client.close();
    // An aborted fetch leaves Node's client with a spare connection that never sends a
    // request; app.close() would wait for it to time out.
    if (t?.app.server.listening) t.app.server.closeAllConnections();
    await t?.close();
    await hub?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function connect(path: string, projectId = "prj_a", headers: Record<string, string> = {}) {
    const client = await SseClient.connect(`${base}${path}`, { "x-test-project": projectId, ...headers });
    clients.push(client);
    return client;
  }

  /** Records in a transaction and publishes after commit, as services do. */
  async function raise(projectId: string, events: NewThreadEvent[]): Promise<StoredThreadEvent[]> {
    const stored = await t.storage.db
      .transaction()
      .execute((trx) => recordThreadEvents(trx, projectId, events, { now: () => new Date() }));
    hub.publish(stored);
    return stored;
  }

  const pending = (threadId: string, count: number): NewThreadEvent => ({
    thread_id: threadId,
    type: "pending_count",
    pending_count: count,
  });

  async function subscribed(count: number) {
    await vi.waitFor(() => expect(hub.subscriberCount()).toBe(count), { timeout: WAIT_BOUND_MS });
  }

  it_(
    "streams the project's events as unnamed frames of id and data, and nothing of other projects",
    async () => {
      await start();
      const client = await connect("/threads/events");
      expect(client.response.status).toBe(200);
      expect(client.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(client.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(client.response.headers.get("x-accel-buffering")).toBe("no");
      expect(client.response.headers.get("x-request-id")).toMatch(/^req_/);
      await subscribed(1);

      await raise("prj_b", [pending("thr_b", 5)]);
      const message = {
        id: "msg_1",
        role: "assistant" as const,
        content: "Hi!",
        author: "operator" as const,
        created_at: "2026-11-21T10:00:00.000Z",
      };
      const ours = await raise("prj_a", [
        { thread_id: "thr_1", type: "message_created", message },
        { thread_id: "thr_2", type: "mode_changed", mode: "manual" },
      ]);
      const events = await client.waitForEvents(2);
      expect(events).toEqual(ours.map((s) => ({ id: String(s.seq), data: s.event })));
      // No `event:` name: an EventSource hands every event to onmessage; `type` says what it is.
      expect(client.frames.filter((f) => f.event !== undefined)).toEqual([]);
      expect(events[0]!.data).toMatchObject({ thread_id: "thr_1", type: "message_created", message });
      expect(events[0]!.data).toHaveProperty("created_at");
    },
  );

  it_("starts with new events only, after an id-only frame to resume from", async () => {
    await start();
    const [before] = await raise("prj_a", [pending("thr_1", 1)]);
    const client = await connect("/threads/events");
    await subscribed(1);
    const [after] = await raise("prj_a", [pending("thr_1", 2)]);
    const events = await client.waitForEvents(1);
    expect(events.map((e) => e.id)).toEqual([String(after!.seq)]);
    expect(client.frames[0]).toEqual({ id: String(before!.seq), comments: [] });
  });

  it_("treats a Last-Event-ID above the newest event (a reset database) as a fresh start", async () => {
    await start();
    const [newest] = await raise("prj_a", [pending("thr_1", 1)]);
    const client = await connect("/threads/events", "prj_a", { "last-event-id": "999999999" });
    await subscribed(1);
    const [next] = await raise("prj_a", [pending("thr_1", 2)]);
    const events = await client.waitForEvents(1);
    expect(events.map((e) => e.id)).toEqual([String(next!.seq)]);
    expect(client.frames[0]).toEqual({ id: String(newest!.seq), comments: [] });
  });

  it_("a thread's stream carries only that thread's events", async () => {
    await start();
    const client = await connect("/threads/events/thr_1");
    expect(client.response.status).toBe(200);
    await subscribed(1);
    await raise("prj_a", [pending("thr_2", 1)]);
    const [mine] = await raise("prj_a", [pending("thr_1", 1)]);
    const events = await client.waitForEvents(1);
    expect(events.map((e) => e.id)).toEqual([String(mine!.seq)]);
  });

  it_("answers JSON errors before streaming: 404, 403, 401 and 422", async () => {
    await start();
    const missing = await connect("/threads/events/thr_nope");
    expect(missing.response.status).toBe(404);
    expect(await missing.response.json()).toMatchObject({ code: "thread_not_found" });
    const foreign = await connect("/threads/events/thr_b");
    expect(foreign.response.status).toBe(403);
    expect(await foreign.response.json()).toMatchObject({ code: "forbidden" });
    const anonymous = await fetch(`${base}/threads/events`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const badId = await connect("/threads/events", "prj_a", { "last-event-id": "abc" });
    expect(badId.response.status).toBe(422);
    expect(await badId.response.json()).toMatchObject({ code: "validation_failed" });
    expect(hub.subscriberCount()).toBe(0);
  });

  it_("after a disconnect, Last-Event-ID replays exactly the missed events, then live ones", async () => {
    await start();
    const first = await connect("/threads/events");
    await subscribed(1);
    const [seen] = await raise("prj_a", [pending("thr_1", 1)]);
    await first.waitForEvents(1);
    first.close();
    await subscribed(0);

    const missed = await raise("prj_a", [pending("thr_1", 2), pending("thr_2", 1)]);
    await raise("prj_b", [pending("thr_b", 1)]);

    const again = await connect("/threads/events", "prj_a", { "last-event-id": String(seen!.seq) });
    await subscribed(1);
    const live = await raise("prj_a", [pending("thr_1", 3)]);
    const events = await again.waitForEvents(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(again.events().map((e) => e.id)).toEqual([...missed, ...live].map((s) => String(s.seq)));
    expect(events[0]!.data).toEqual(missed[0]!.event);
  });

  it_("replays by ?last_event_id= too, filtered to the thread", async () => {
    await start();
    const all = await raise("prj_a", [pending("thr_1", 1), pending("thr_2", 1), pending("thr_1", 2)]);
    const client = await connect(`/threads/events/thr_1?last_event_id=${all[0]!.seq}`);
    const events = await client.waitForEvents(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.map((e) => e.id)).toEqual([String(all[2]!.seq)]);
  });

  it_("an event published while the replay starts is delivered once, not twice", async () => {
    await start();
    const [seen] = await raise("prj_a", [pending("thr_1", 1)]);
    // Committed but not yet published when the client connects; published after the route
    // subscribed and before it read the log, so it is both held back and replayed.
    const racing = await t.storage.db
      .transaction()
      .execute((trx) => recordThreadEvents(trx, "prj_a", [pending("thr_1", 2)], { now: () => new Date() }));
    beforeReplay = () => hub.publish(racing);
    const client = await connect("/threads/events", "prj_a", { "last-event-id": String(seen!.seq) });
    await client.waitForEvents(1);
    beforeReplay = undefined;
    const [next] = await raise("prj_a", [pending("thr_1", 3)]);
    await client.waitForEvents(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.events().map((e) => e.id)).toEqual([String(racing[0]!.seq), String(next!.seq)]);
  });

  it_(
    "an event the replay read, published only after the replay's last page, is delivered once",
    async () => {
      await start();
      const [seen] = await raise("prj_a", [pending("thr_1", 1)]);
      // Committed before the replay reads the log, published right after it did: the hub delivers
      // on the next turn of the event loop, after the replay is over.
      const racing = await t.storage.db
        .transaction()
        .execute((trx) => recordThreadEvents(trx, "prj_a", [pending("thr_1", 2)], { now: () => new Date() }));
      afterReplayPage = () => {
        afterReplayPage = undefined;
        hub.publish(racing);
      };
      const client = await connect("/threads/events", "prj_a", { "last-event-id": String(seen!.seq) });
      await client.waitForEvents(1);
      const [next] = await raise("prj_a", [pending("thr_1", 3)]);
      await client.waitForEvents(2);
      await hub.delivered();
      expect(client.events().map((e) => e.id)).toEqual([String(racing[0]!.seq), String(next!.seq)]);
    },
  );

  it_("sends heartbeat comments", async () => {
    await start();
    const client = await connect("/threads/events");
    await vi.waitFor(
      () => expect(client.frames.filter((f) => f.comments.includes("ping")).length).toBeGreaterThan(1),
      {
        timeout: WAIT_BOUND_MS,
      },
    );
  });

  it_("notices a client that went away", async () => {
    await start();
    const leaving = await connect("/threads/events");
    await connect("/threads/events/thr_1");
    await subscribed(2);
    leaving.close();
    await subscribed(1);
  });

  it_("ends open streams when the app closes, without waiting for the clients", async () => {
    await start();
    const client = await connect("/threads/events");
    await subscribed(1);
    // The client never leaves by itself: close() returning at all shows it did not wait for it.
    await t.app.close();
    expect(hub.subscriberCount()).toBe(0);
    await vi.waitFor(() => expect(client.ended).toBe(true), { timeout: WAIT_BOUND_MS });
  });

  it_("documents the streams in OpenAPI as text/event-stream of ThreadEvent", async () => {
    await start();
    const document = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    const ok = document.paths[`${PREFIX}/threads/events/{thread_id}`].get.responses["200"];
    expect(ok.description).toContain("Last-Event-ID");
    expect(ok.content["text/event-stream"].schema).toEqual({ $ref: "#/components/schemas/ThreadEvent" });
    expect(document.components.schemas.ThreadEvent).toBeDefined();
  });
});

describe("SSE writer", () => {
  it("cuts off a client that stops reading instead of buffering without bound", async () => {
    const app = Fastify();
    let stream: SseStream | undefined;
    app.get("/s", (_request, reply) => {
      stream = openSseStream(reply, { heartbeatMs: 0, maxBufferedBytes: 256 * 1024 });
    });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    // A raw socket that never reads: the kernel buffers fill, then Node's.
    const socket = connect(Number(port), "127.0.0.1");
    socket.pause();
    socket.write("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n");
    try {
      await vi.waitFor(() => expect(stream).toBeDefined(), { timeout: WAIT_BOUND_MS });
      let closedEvents = 0;
      stream!.onClose(() => closedEvents++);
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      while (stream!.send({ data: chunk }) && sent < 4096) {
        sent++;
        if (sent % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(stream!.closed).toBe(true);
      expect(sent).toBeLessThan(4096); // well short of 256 MiB
      expect(closedEvents).toBe(1);
      expect(stream!.send({ data: "after" })).toBe(false);
    } finally {
      socket.destroy();
      await app.close();
    }
  });

  it("is closed at once when the client left before the stream was opened", async () => {
    const app = Fastify();
    let stream: SseStream | undefined;
    let left: () => void = () => {};
    const clientLeft = new Promise<void>((resolve) => {
      left = resolve;
    });
    let arrived = false;
    app.get("/s", async (request, reply) => {
      arrived = true;
      request.raw.socket.once("close", () => left());
      await clientLeft; // e.g. a slow database read
      stream = openSseStream(reply, { heartbeatMs: 0 });
    });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const abort = new AbortController();
    fetch(`${address}/s`, { signal: abort.signal }).catch(() => {});
    try {
      await vi.waitFor(() => expect(arrived).toBe(true), { timeout: WAIT_BOUND_MS });
      abort.abort();
      await vi.waitFor(() => expect(stream).toBeDefined(), { timeout: WAIT_BOUND_MS });
      expect(stream!.closed).toBe(true);
      let called = false;
      stream!.onClose(() => {
        called = true;
      });
      expect(called).toBe(true);
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  });

  it("writes multi-line data as several data lines and strips line breaks from the id", async () => {
    const app = Fastify();
    app.get("/s", async (_request, reply) => {
      const stream = openSseStream(reply, { heartbeatMs: 0 });
      stream.send({ id: "1\n2\r3", data: "line one\nline two" });
      stream.comment("hello");
      await stream.end();
    });
    try {
      // Through app.inject, whose fake socket lacks some of a real one's methods.
      const response = await app.inject({ method: "GET", url: "/s" });
      expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(response.body).toBe("id: 123\ndata: line one\ndata: line two\n\n: hello\n\n");
    } finally {
      await app.close();
    }
  });
});
