import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp, type TestAppOptions } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

const MINUTE = 60_000;

describe.each(DIALECTS)("conversation status, on %s", (dialect) => {
  let t: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
    t = undefined;
    receiver = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(
    options: {
      clock?: ManualClock;
      script?: (o: LanguageModelV3CallOptions, call: number) => ScriptedReply;
      app?: Partial<TestAppOptions>;
    } = {},
  ) {
    receiver = await WebhookReceiver.start();
    const mock = scriptedModel(options.script ?? (() => ({ text: "ok" })));
    t = await createTestApp({
      dialect,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      modelOverride: () => mock.model,
      ...(options.clock ? { clock: options.clock } : {}),
      ...options.app,
    });
    await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
    const fixtures = await activeChat(t);
    return { t, mock, receiver, ...fixtures };
  }

  const setStatus = (app: TestApp, threadId: string, body: unknown) =>
    app.call("POST", `/v1/threads/${threadId}/status`, { body });
  const threadOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}`)).json() as {
      status: string;
      snoozed_until: string | null;
      status_changed_at: string;
    };
  const statusEvents = async (app: TestApp, threadId: string) =>
    (await app.storage.db.selectFrom("thread_events").select(["data"]).orderBy("seq").execute())
      .map((row) => JSON.parse(row.data) as Record<string, unknown>)
      .filter((event) => event.type === "status_changed" && event.thread_id === threadId);

  it_(
    "a new thread is open; changes are recorded with who made them; the same status again is a no-op",
    async () => {
      const { t, chat } = await setup();
      const admin = await signIn(t);
      await streamTurn(t, chat.id, "st-1", "hello");
      const fresh = await threadOf(t, "st-1");
      expect(fresh).toMatchObject({ status: "open", snoozed_until: null });
      expect(fresh.status_changed_at).toEqual(expect.any(String));

      const resolved = await admin.call("POST", "/v1/threads/st-1/status", { status: "resolved" });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({ id: "st-1", status: "resolved", snoozed_until: null });
      const again = await setStatus(t, "st-1", { status: "resolved" });
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe("resolved");
      const pending = await setStatus(t, "st-1", { status: "pending" });
      expect(pending.json().status).toBe("pending");

      const events = await statusEvents(t, "st-1");
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        status: "resolved",
        previous_status: "open",
        by: { type: "operator", name: expect.any(String) },
      });
      expect(events[1]).toMatchObject({
        status: "pending",
        previous_status: "resolved",
        by: { type: "api_key" },
      });
    },
  );

  it_("refuses bad status requests with 4xx and changes nothing", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "st-bad", "hello");
    const future = new Date(Date.now() + 60 * MINUTE).toISOString();
    const cases: Array<[unknown, number]> = [
      [{ status: "closed" }, 422],
      [{}, 422],
      [{ status: "resolved", snoozed_until: future }, 422],
      [{ status: "snoozed", snoozed_until: new Date(Date.now() - MINUTE).toISOString() }, 422],
      [{ status: "snoozed", snoozed_until: "tomorrow" }, 422],
      [{ status: "open", extra: true }, 422],
    ];
    for (const [body, code] of cases) {
      const response = await setStatus(t, "st-bad", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(code);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const missing = await setStatus(t, "nope", { status: "resolved" });
    expect(missing.statusCode).toBe(404);
    expect((await t.call("GET", "/v1/threads?status=open,closed")).statusCode).toBe(422);
    expect(await threadOf(t, "st-bad")).toMatchObject({ status: "open" });
    expect(await statusEvents(t, "st-bad")).toEqual([]);
  });

  it_(
    "the list filters by one status or several; counts give every status under the other filters",
    async () => {
      const { t, chat } = await setup();
      for (const id of ["c-1", "c-2", "c-3", "c-4"]) await streamTurn(t, chat.id, id, "hi");
      await setStatus(t, "c-2", { status: "resolved" });
      await setStatus(t, "c-3", { status: "pending" });
      await setStatus(t, "c-4", { status: "snoozed" });
      await t.call("POST", "/v1/threads/c-1/mode", { body: { mode: "manual" } });

      const ids = async (query: string) =>
        ((await t.call("GET", `/v1/threads?${query}`)).json().data as Array<{ id: string; status: string }>)
          .map((thread) => thread.id)
          .sort();
      expect(await ids("status=open")).toEqual(["c-1"]);
      expect(await ids("status=resolved,pending")).toEqual(["c-2", "c-3"]);
      expect(await ids("status=snoozed&mode=auto")).toEqual(["c-4"]);
      expect(await ids("status=open&mode=auto")).toEqual([]);

      const counts = await t.call("GET", "/v1/threads/counts");
      expect(counts.statusCode).toBe(200);
      expect(counts.json()).toEqual({ open: 1, pending: 1, snoozed: 1, resolved: 1 });
      expect((await t.call("GET", "/v1/threads/counts?mode=auto")).json()).toEqual({
        open: 0,
        pending: 1,
        snoozed: 1,
        resolved: 1,
      });
      expect((await t.call("GET", "/v1/threads/counts?chat_id=other")).json()).toEqual({
        open: 0,
        pending: 0,
        snoozed: 0,
        resolved: 0,
      });
      expect((await t.call("GET", "/v1/threads/counts?assignee=none")).json()).toEqual({
        open: 1,
        pending: 1,
        snoozed: 1,
        resolved: 1,
      });
    },
  );

  it_(
    "a customer's message reopens the thread in the same write; an operator's message does not",
    async () => {
      const { t, chat } = await setup();
      await streamTurn(t, chat.id, "re-1", "hello");
      for (const status of ["resolved", "pending", "snoozed"]) {
        await setStatus(t, "re-1", { status });
        await streamTurn(t, chat.id, "re-1", `back from ${status}`);
        expect(await threadOf(t, "re-1")).toMatchObject({ status: "open", snoozed_until: null });
      }
      const reopens = (await statusEvents(t, "re-1")).filter((event) => event.status === "open");
      expect(reopens).toHaveLength(3);
      expect(reopens[0]).toMatchObject({ previous_status: "resolved", source: "customer_message" });
      expect(reopens[0]!.by).toBeUndefined();

      await t.call("POST", "/v1/threads/re-1/mode", { body: { mode: "manual" } });
      await setStatus(t, "re-1", { status: "resolved" });
      const sent = await t.call("POST", "/v1/threads/re-1/send", { body: { text: "Anything else?" } });
      expect(sent.statusCode).toBe(200);
      expect((await threadOf(t, "re-1")).status).toBe("resolved");
      // Stored while a person answers (no AI turn), the customer's message still reopens.
      await streamTurn(t, chat.id, "re-1", "yes, one more thing");
      expect((await threadOf(t, "re-1")).status).toBe("open");
    },
  );

  it_(
    "a snooze with a time wakes through its job; a re-snooze makes the earlier job do nothing",
    async () => {
      const clock = new ManualClock(new Date().toISOString());
      const { t, chat } = await setup({ clock });
      await streamTurn(t, chat.id, "sn-1", "hello");
      const first = new Date(clock.now().getTime() + 60 * MINUTE).toISOString();
      const snoozed = await setStatus(t, "sn-1", { status: "snoozed", snoozed_until: first });
      expect(snoozed.json()).toMatchObject({ status: "snoozed", snoozed_until: first });
      // Snoozed again for longer: the first job finds a different snooze and leaves it.
      const second = new Date(clock.now().getTime() + 120 * MINUTE).toISOString();
      await setStatus(t, "sn-1", { status: "snoozed", snoozed_until: second });
      const jobs = async () =>
        (await t.call("GET", "/v1/jobs?thread_id=sn-1")).json().data as Array<{
          type: string;
          status: string;
        }>;
      const wakes = async () => (await jobs()).filter((job) => job.type === "thread.snooze_wake");
      expect(await wakes()).toHaveLength(2);

      clock.advance(90 * MINUTE);
      const afterFirst = await eventually(
        wakes,
        (list) => list.filter((job) => job.status === "done").length === 1,
      );
      expect(afterFirst.filter((job) => job.status === "done")).toHaveLength(1);
      expect(await threadOf(t, "sn-1")).toMatchObject({ status: "snoozed", snoozed_until: second });

      clock.advance(60 * MINUTE);
      const woken = await eventually(
        () => threadOf(t, "sn-1"),
        (thread) => thread.status === "open",
      );
      expect(woken).toMatchObject({ status: "open", snoozed_until: null });
      const events = await statusEvents(t, "sn-1");
      expect(events.at(-1)).toMatchObject({
        status: "open",
        previous_status: "snoozed",
        source: "snooze_expired",
      });
      expect(events.filter((event) => event.source === "snooze_expired")).toHaveLength(1);
    },
  );

  it_("auto-resolve resolves a bot's quiet threads, and leaves those that got a message", async () => {
    const clock = new ManualClock(new Date().toISOString());
    const { t, chat, bot } = await setup({ clock, app: { housekeepingIntervalMs: 50 } });
    const patch = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { conversation: { autoResolveMinutes: 5 } } },
    });
    expect(patch.statusCode).toBe(422);
    const set = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { conversation: { autoResolveMinutes: 30 } } },
    });
    expect(set.statusCode).toBe(200);
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.conversation).toEqual({
      autoResolveMinutes: 30,
    });
    await streamTurn(t, chat.id, "ar-quiet", "hello");
    await streamTurn(t, chat.id, "ar-busy", "hello");
    await streamTurn(t, chat.id, "ar-snoozed", "hello");
    await setStatus(t, "ar-snoozed", { status: "snoozed" });
    clock.advance(20 * MINUTE);
    await streamTurn(t, chat.id, "ar-busy", "still here");
    clock.advance(15 * MINUTE);
    const quiet = await eventually(
      () => threadOf(t, "ar-quiet"),
      (thread) => thread.status === "resolved",
    );
    expect(quiet.status).toBe("resolved");
    expect((await statusEvents(t, "ar-quiet")).at(-1)).toMatchObject({ source: "auto_resolve" });
    expect((await threadOf(t, "ar-busy")).status).toBe("open");
    expect((await threadOf(t, "ar-snoozed")).status).toBe("snoozed");
    // Later sweeps find nothing more to do for it: one event.
    clock.advance(1);
    await eventually(
      () => threadOf(t, "ar-busy"),
      () => false,
      300,
    );
    expect(await statusEvents(t, "ar-quiet")).toHaveLength(1);
  });

  it_("the bot resolves through resolve_conversation in a turn", async () => {
    const { t, chat, bot } = await setup({
      script: (_o, call) =>
        call === 0
          ? { toolCall: { name: "resolve_conversation", input: { reason: "answered" } } }
          : { text: "Goodbye!" },
    });
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { resolve_conversation: "auto" } } },
    });
    const turn = await streamTurn(t, chat.id, "tool-1", "thanks, that's all");
    expect(turn.events.map((event) => event.type)).toContain("tool-result");
    expect(turn.text).toBe("Goodbye!");
    expect((await threadOf(t, "tool-1")).status).toBe("resolved");
    expect((await statusEvents(t, "tool-1")).at(-1)).toMatchObject({ status: "resolved", source: "tool" });
    const tools = (await t.call("GET", "/v1/tools")).json();
    const listed = (Array.isArray(tools) ? tools : tools.data).find(
      (tool: { name: string }) => tool.name === "resolve_conversation",
    );
    expect(listed).toBeDefined();
  });

  it_("a change is delivered as the thread.status.changed webhook", async () => {
    const { t, chat, receiver } = await setup();
    await streamTurn(t, chat.id, "wh-1", "hello");
    const until = new Date(Date.now() + 60 * MINUTE).toISOString();
    await setStatus(t, "wh-1", { status: "snoozed", snoozed_until: until });
    await receiver.waitFor(() => receiver.accepted.some((r) => r.body.type === "thread.status.changed"));
    const hook = receiver.accepted.find((r) => r.body.type === "thread.status.changed")!;
    expect(hook.body.data).toEqual({
      thread_id: "wh-1",
      chat_id: chat.id,
      from: "open",
      to: "snoozed",
      snoozed_until: until,
      actor: { type: "api_key", id: expect.any(String), name: null },
      source: null,
    });
  });

  it_("parallel changes end in one state with one event per actual change", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "par-1", "hello");
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => setStatus(t, "par-1", { status: "resolved" })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(await statusEvents(t, "par-1")).toHaveLength(1);

    const mixed = ["open", "pending", "resolved", "open", "pending", "resolved"];
    await Promise.all(mixed.map((status) => setStatus(t, "par-1", { status })));
    const final = (await threadOf(t, "par-1")).status;
    const events = await statusEvents(t, "par-1");
    // Every event starts where the one before ended, and the last ends in the stored state.
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.previous_status).toBe(events[i - 1]!.status);
      expect(events[i]!.status).not.toBe(events[i]!.previous_status);
    }
    expect(events.at(-1)!.status).toBe(final);
  });
});
