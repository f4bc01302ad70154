import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThreadEventsRepo } from "../../src/storage/repos/thread-events.repo.js";
import { activeChat } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { listen, sseEvents } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { WAIT_BOUND_MS } from "../helpers/wait-bound.js";

const SITE = "https://shop.example";

/** The next event with data, or a failure naming what was awaited after WAIT_BOUND_MS. */
async function nextEvent(events: AsyncGenerator<{ id?: string; data: unknown }>, what: string) {
  const bound = sleep(WAIT_BOUND_MS).then(() => {
    throw new Error(`no ${what} within ${WAIT_BOUND_MS} ms`);
  });
  return Promise.race([events.next(), bound]);
}

/**
 * A thread event stream is live once its answer arrives (docs/conversations.md, "Thread events"): what a
 * client does right after the 200 reaches it. The head of the log used to be read after the
 * headers went out, so an event committed in between was taken as older than the stream and
 * never sent. The head read is slowed here to widen that window.
 */
describe.each(DIALECTS)("event streams are live when they open (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function widgetVisitor() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const app = t;
    const base = await listen(app);
    const { chat } = await activeChat(app);
    await app.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const session = await fetch(`${base}/widget/v1/chats/${chat.id}/sessions`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json" },
      body: "{}",
    });
    const { visitor_token: token, thread_id: threadId } = (await session.json()) as {
      visitor_token: string;
      thread_id: string;
    };
    // The conversation exists once the visitor has written.
    const said = await fetch(`${base}/widget/v1/messages`, {
      method: "POST",
      headers: { origin: SITE, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello" }),
    });
    expect(said.status).toBe(200);
    await said.text();
    return { app, base, token, threadId };
  }

  function slowHeadReads() {
    const read = ThreadEventsRepo.prototype.latestSeq;
    vi.spyOn(ThreadEventsRepo.prototype, "latestSeq").mockImplementation(async function (
      this: ThreadEventsRepo,
      projectId: string,
    ) {
      await sleep(300);
      return read.call(this, projectId);
    });
  }

  it_("the widget's stream: a mode change made as soon as it opens is delivered", async () => {
    const { app, base, token, threadId } = await widgetVisitor();
    slowHeadReads();
    const opened = await fetch(`${base}/widget/v1/events`, {
      headers: { origin: SITE, authorization: `Bearer ${token}` },
    });
    expect(opened.status).toBe(200);
    const changed = await app.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
    expect(changed.statusCode).toBe(200);
    const event = await nextEvent(sseEvents(opened), "mode_changed");
    expect(event.value?.data).toMatchObject({ type: "mode_changed", mode: "manual" });
  });

  it_("the API's thread stream: a mode change made as soon as it opens is delivered", async () => {
    const { app, base, threadId } = await widgetVisitor();
    slowHeadReads();
    const opened = await fetch(`${base}/v1/threads/events/${threadId}`, {
      headers: { authorization: `Bearer ${app.adminKey}` },
    });
    expect(opened.status).toBe(200);
    await app.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
    const events = sseEvents(opened);
    const event = await nextEvent(events, "mode_changed");
    expect(event.value?.data).toMatchObject({ type: "mode_changed", mode: "manual" });
  });

  it_("a stream whose log cannot be read answers an error, not a broken stream", async () => {
    const { base, token } = await widgetVisitor();
    vi.spyOn(ThreadEventsRepo.prototype, "latestSeq").mockRejectedValue(new Error("database gone"));
    const opened = await fetch(`${base}/widget/v1/events`, {
      headers: { origin: SITE, authorization: `Bearer ${token}` },
    });
    expect(opened.status).toBe(500);
    expect(((await opened.json()) as { code: string }).code).toBe("internal_error");
  });

  it_(
    "shutdown ends the widget's open streams: app.close() does not wait for visitors to leave",
    async () => {
      const { app, base, token } = await widgetVisitor();
      const opened = await fetch(`${base}/widget/v1/events`, {
        headers: { origin: SITE, authorization: `Bearer ${token}` },
      });
      expect(opened.status).toBe(200);
      const drained = opened.text();
      await app.app.close();
      // The stream ended (the body completes) rather than being cut.
      await expect(drained).resolves.toEqual(expect.any(String));
      await app.storage.close();
      t = undefined;
    },
  );
});
