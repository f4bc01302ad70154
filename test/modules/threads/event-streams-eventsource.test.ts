import { EventSource, type FetchLike } from "eventsource";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadEvent } from "../../../src/events/thread-event.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { listen } from "../../helpers/live-app.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WAIT_BOUND_MS } from "../../helpers/wait-bound.js";

/**
 * The event streams as users read them: the `eventsource` package (the browser's EventSource
 * for Node) with nothing but `onmessage`. Frames are unnamed (docs/conversations.md#frames),
 * so every event reaches `onmessage` and its data says what it is in `type`.
 */

const SITE = "https://shop.example";
const TYPES = ["message_created", "mode_changed", "pending_count", "thread_assigned"];

interface Received {
  data: { type: string } & Record<string, unknown>;
  lastEventId: string;
}

/** An EventSource that also keeps the raw text of every connection and the headers it sent. */
class Watcher {
  readonly received: Received[] = [];
  /** Events dispatched under a name of their own (none should be: onmessage never sees those). */
  readonly named: string[] = [];
  /** The request headers of each connection attempt (Last-Event-ID among them). */
  readonly attempts: Array<Record<string, string>> = [];
  /** The raw text of each connection, in order. */
  readonly raw: string[] = [];
  /** While set, a reconnection waits for it: the test decides what happens in between. */
  hold: Promise<void> | undefined;
  readonly source: EventSource;

  constructor(url: string, headers: Record<string, string>) {
    const tapped: FetchLike = async (input, init) => {
      const sent = { ...init.headers, ...headers };
      this.attempts.push(sent);
      if (this.attempts.length > 1) await this.hold;
      const response = await fetch(input, { ...init, headers: sent });
      if (!response.body) return response;
      const [mine, theirs] = response.body.tee();
      const index = this.raw.push("") - 1;
      void (async () => {
        try {
          for await (const chunk of mine.pipeThrough(new TextDecoderStream())) this.raw[index] += chunk;
        } catch {
          // the connection was dropped or closed
        }
      })();
      return new Response(theirs, { status: response.status, headers: response.headers });
    };
    this.source = new EventSource(url, { fetch: tapped });
    this.source.onmessage = (event) => {
      this.received.push({ data: JSON.parse(event.data), lastEventId: event.lastEventId });
    };
    for (const type of TYPES) this.source.addEventListener(type, () => this.named.push(type));
  }

  types(): string[] {
    return this.received.map((r) => r.data.type);
  }

  /** The field names of every line of every connection: only `id`, `data` and comments are sent. */
  fields(): string[] {
    const lines = this.raw.join("\n").split("\n");
    return [
      ...new Set(lines.filter((line) => line !== "").map((line) => line.slice(0, line.indexOf(":") + 1))),
    ];
  }

  /** Resolves once the stream has sent its first frame (after it subscribed to live events). */
  async subscribed(connection = 0): Promise<void> {
    await vi.waitFor(() => expect(this.raw[connection] ?? "").toMatch(/^id: \d+\n\n/), {
      timeout: WAIT_BOUND_MS,
    });
  }

  close(): void {
    this.source.close();
  }
}

describe.each(DIALECTS)("plain EventSource on the event streams (%s)", (dialect) => {
  let t: TestApp | undefined;
  const watchers: Watcher[] = [];
  afterEach(async () => {
    for (const watcher of watchers.splice(0)) watcher.close();
    if (t?.app.server.listening) t.app.server.closeAllConnections();
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function start() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const base = await listen(t);
    const { chat } = await activeChat(t);
    return { t, base, chat };
  }

  function watch(url: string, headers: Record<string, string>): Watcher {
    const watcher = new Watcher(url, headers);
    watchers.push(watcher);
    return watcher;
  }

  /** Every event of the project's log, in order, as the stream sends them. */
  async function logged(t: TestApp): Promise<Array<{ seq: number; event: ThreadEvent }>> {
    return createRepos(t.storage.db).threadEvents.replay<ThreadEvent>({
      projectId: t.projectId,
      afterSeq: 0,
      limit: 1000,
    });
  }

  it_("a turn's events reach onmessage with their types; the raw stream has no event: lines", async () => {
    const { t, base, chat } = await start();
    const auth = { authorization: `Bearer ${t.adminKey}` };
    const watcher = watch(`${base}/v1/threads/events`, auth);
    await watcher.subscribed();

    const turn = await streamTurn(t, chat.id, "es-1", "Where is my order?");
    expect(turn.response.statusCode).toBe(200);
    const log = await logged(t);
    expect(log.map((s) => s.event.type)).toContain("message_created");
    await vi.waitFor(() => expect(watcher.received).toHaveLength(log.length), { timeout: WAIT_BOUND_MS });

    expect(watcher.received.map((r) => r.data)).toEqual(log.map((s) => s.event));
    expect(watcher.received.map((r) => r.lastEventId)).toEqual(log.map((s) => String(s.seq)));
    const messages = watcher.received.filter((r) => r.data.type === "message_created");
    expect(messages.map((r) => (r.data.message as { author: string }).author)).toEqual(["user", "bot"]);
    expect(watcher.named).toEqual([]);
    expect(watcher.fields().sort()).toEqual(["data:", "id:"]);
  });

  it_(
    "after a drop, the reconnection sends Last-Event-ID and replays exactly the missed events",
    async () => {
      const { t, base, chat } = await start();
      const watcher = watch(`${base}/v1/threads/events`, { authorization: `Bearer ${t.adminKey}` });
      await watcher.subscribed();
      await streamTurn(t, chat.id, "es-2", "Hello");
      const before = await logged(t);
      await vi.waitFor(() => expect(watcher.received).toHaveLength(before.length), {
        timeout: WAIT_BOUND_MS,
      });

      // Drop the connection and hold the reconnection until more has happened.
      let release: () => void = () => {};
      watcher.hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      t.app.server.closeAllConnections();
      await vi.waitFor(() => expect(watcher.attempts).toHaveLength(2), { timeout: 10_000 });
      expect((await t.call("POST", "/v1/threads/es-2/mode", { body: { mode: "manual" } })).statusCode).toBe(
        200,
      );
      await streamTurn(t, chat.id, "es-2", "Anyone there?");
      const sent = await t.call("POST", "/v1/threads/es-2/send", { body: { text: "Yes, Maria here." } });
      expect(sent.statusCode).toBe(200);
      release();

      const all = await logged(t);
      const missed = all.slice(before.length);
      expect(missed.map((s) => s.event.type)).toEqual(
        expect.arrayContaining(["mode_changed", "message_created", "pending_count"]),
      );
      await vi.waitFor(() => expect(watcher.received).toHaveLength(all.length), { timeout: WAIT_BOUND_MS });
      expect(watcher.attempts[1]!["Last-Event-ID"]).toBe(String(before.at(-1)!.seq));
      // Each event exactly once, in order: nothing lost across the drop, nothing repeated.
      expect(watcher.received.map((r) => r.lastEventId)).toEqual(all.map((s) => String(s.seq)));
      expect(watcher.received.slice(before.length).map((r) => r.data)).toEqual(missed.map((s) => s.event));
      expect(watcher.named).toEqual([]);
      expect(watcher.raw).toHaveLength(2);
      expect(watcher.fields().sort()).toEqual(["data:", "id:"]);
    },
  );

  it_("the widget's event stream: typed data through onmessage, no event: lines", async () => {
    const { t, base, chat } = await start();
    const configured = await t.call("POST", `/v1/chats/${chat.id}/widget`, {
      body: { allowed_origins: [SITE] },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const visit = (method: "POST", url: string, body: unknown, token?: string) =>
      t.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify(body),
      });
    const session = (await visit("POST", `/widget/v1/chats/${chat.id}/sessions`, {})).json();
    const watcher = watch(`${base}/widget/v1/events`, {
      origin: SITE,
      authorization: `Bearer ${session.visitor_token}`,
    });
    await watcher.subscribed();

    const reply = await visit("POST", "/widget/v1/messages", { text: "Hi there" }, session.visitor_token);
    expect(reply.statusCode).toBe(200);
    const mode = await t.call("POST", `/v1/threads/${session.thread_id}/mode`, { body: { mode: "manual" } });
    expect(mode.statusCode).toBe(200);

    await vi.waitFor(() => expect(watcher.types()).toContain("mode_changed"), { timeout: WAIT_BOUND_MS });
    expect(watcher.types()).toEqual(["message_created", "message_created", "mode_changed"]);
    expect(watcher.received.slice(0, 2).map((r) => r.data.message)).toMatchObject([
      { author: "user", content: "Hi there" },
      { author: "bot", content: "Echo: Hi there" },
    ]);
    expect(watcher.received[2]!.data).toEqual({ type: "mode_changed", mode: "manual" });
    expect(watcher.named).toEqual([]);
    expect(watcher.fields().sort()).toEqual(["data:", "id:"]);
  });
});
