import { afterEach, describe, expect, it } from "vitest";
import { webhookEventSchema } from "../../../src/modules/webhooks/event-schemas.js";
import { type ConsoleSession, signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

const MINUTE = 60_000;

/** docs/routing.md */
describe.each(DIALECTS)("routing on %s", (dialect) => {
  let t: TestApp | undefined;
  let rx: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await rx?.close();
    t = undefined;
    rx = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /**
   * An app on a manual clock whose model hands off on "person", fails on "fail" (the bot hands
   * failures over), and echoes otherwise; with `names` operators signed in (seen now).
   */
  async function setup(names: string[], env: Record<string, string> = {}) {
    const clock = new ManualClock();
    const mock = scriptedModel((options, call): ScriptedReply => {
      const text = lastUserText(options);
      if (text.includes("fail")) return { error: new Error("invalid request") };
      if (text.includes("person") && options.prompt.at(-1)?.role !== "tool") {
        return { toolCall: { name: "handoff_to_operator", input: { reason: `asked (${call})` } } };
      }
      return { text: "ok" };
    });
    t = await createTestApp({ dialect, clock, env, modelOverride: () => mock.model });
    const fixtures = await activeChat(t);
    const settings = await t.call("POST", `/v1/bots/${fixtures.bot.id}/settings`, {
      body: { ai: { tools: { handoff_to_operator: "auto" }, failure: { handoff: true } } },
    });
    expect(settings.statusCode).toBe(200);
    const operators: Array<{ id: string; name: string; session: ConsoleSession }> = [];
    for (const name of names) {
      const email = `${name.toLowerCase()}@example.com`;
      const created = await t.call("POST", "/v1/operators", {
        body: { email, name, password: "operator-password" },
      });
      expect(created.statusCode).toBe(200);
      operators.push({ id: created.json().id, name, session: await signIn(t, email, "operator-password") });
    }
    // The round robin's circle is in id order.
    operators.sort((a, b) => (a.id < b.id ? -1 : 1));
    return { t, clock, ...fixtures, operators };
  }

  const routing = (app: TestApp, body: unknown) => app.call("POST", "/v1/routing", { body });
  const thread = async (app: TestApp, id: string) => (await app.call("GET", `/v1/threads/${id}`)).json();
  const operator = async (app: TestApp, id: string) => (await app.call("GET", `/v1/operators/${id}`)).json();
  const assignedEvents = async (app: TestApp) =>
    (await app.storage.db.selectFrom("thread_events").select(["data"]).orderBy("seq").execute())
      .map((row) => JSON.parse(row.data) as Record<string, unknown>)
      .filter((event) => event.type === "thread_assigned");

  /** A thread the AI answered once (mode auto), then handed to people by the API key. */
  async function handOff(app: TestApp, chatId: string, id: string) {
    await streamTurn(app, chatId, id, "hello");
    const response = await app.call("POST", `/v1/threads/${id}/mode`, { body: { mode: "manual" } });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it_("availability by hand and by inactivity; activity written at most once a minute", async () => {
    const { t, clock, operators } = await setup(["Anna"]);
    const anna = operators[0]!;
    expect(await operator(t, anna.id)).toMatchObject({
      availability: "online",
      effective_availability: "online",
      capacity: 10,
      last_seen_at: clock.now().toISOString(),
    });
    const seenAt = clock.now().toISOString();

    const busy = await anna.session.call("POST", "/v1/operators/me/availability", { availability: "busy" });
    expect(busy.statusCode).toBe(200);
    expect(busy.json()).toMatchObject({ availability: "busy", effective_availability: "busy" });

    // Requests within a minute write nothing; after it, one write.
    clock.advance(30_000);
    await anna.session.call("GET", "/v1/session");
    expect((await operator(t, anna.id)).last_seen_at).toBe(seenAt);
    clock.advance(31_000);
    await anna.session.call("GET", "/v1/session");
    expect((await operator(t, anna.id)).last_seen_at).toBe(clock.now().toISOString());

    // Idle past offline_after_minutes (default 15): offline, whatever was set; back on activity.
    expect((await t.call("GET", "/v1/routing")).json()).toEqual({
      auto_assign: false,
      offline_after_minutes: 15,
      handoff_team: null,
    });
    clock.advance(16 * MINUTE);
    expect(await operator(t, anna.id)).toMatchObject({
      availability: "busy",
      effective_availability: "offline",
    });
    await anna.session.call("GET", "/v1/threads");
    expect(await operator(t, anna.id)).toMatchObject({
      availability: "busy",
      effective_availability: "busy",
    });
    expect((await routing(t, { offline_after_minutes: 5 })).json().offline_after_minutes).toBe(5);
    clock.advance(6 * MINUTE);
    expect((await operator(t, anna.id)).effective_availability).toBe("offline");
    await anna.session.call("GET", "/v1/threads");

    // Offline by hand stays offline while active; an admin (or a key) sets anyone's.
    await anna.session.call("POST", "/v1/operators/me/availability", { availability: "offline" });
    expect((await operator(t, anna.id)).effective_availability).toBe("offline");
    const byAdmin = await t.call("POST", `/v1/operators/${anna.id}/availability`, {
      body: { availability: "online" },
    });
    expect(byAdmin.json()).toMatchObject({ availability: "online", effective_availability: "online" });

    // What is refused: an operator setting anyone's by id, capacities, bad values, `me` by key.
    const admin = await signIn(t);
    const denied = await anna.session.call("POST", `/v1/operators/${admin.body.user.id}/availability`, {
      availability: "offline",
    });
    expect(denied.statusCode).toBe(403);
    expect((await anna.session.call("POST", `/v1/operators/${anna.id}`, { capacity: 3 })).statusCode).toBe(
      403,
    );
    const bad = await anna.session.call("POST", "/v1/operators/me/availability", { availability: "away" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe("validation_failed");
    const byKey = await t.call("POST", "/v1/operators/me/availability", { body: { availability: "online" } });
    expect(byKey.statusCode).toBe(422);
    expect((await t.call("POST", `/v1/operators/${anna.id}`, { body: { capacity: -1 } })).statusCode).toBe(
      422,
    );
    expect(
      (await t.call("POST", "/v1/operators/opr_nobody/availability", { body: { availability: "online" } }))
        .statusCode,
    ).toBe(404);
    expect((await routing(t, { offline_after_minutes: 0 })).statusCode).toBe(422);
    expect((await routing(t, { handoff_team_id: "team_nope" })).statusCode).toBe(404);
    expect((await anna.session.call("POST", "/v1/routing", { auto_assign: true })).statusCode).toBe(403);
    const capped = await t.call("POST", `/v1/operators/${anna.id}`, { body: { capacity: null } });
    expect(capped.json().capacity).toBeNull();
  });

  it_("teams: create, rename, members, a thread's team queue and the list filter; 4xx", async () => {
    const { t, chat, operators } = await setup(["Anna"]);
    const anna = operators[0]!;
    const created = await t.call("POST", "/v1/teams", { body: { name: "Billing" } });
    expect(created.statusCode).toBe(200);
    const team = created.json();
    expect(team).toMatchObject({ id: expect.stringMatching(/^team_/), name: "Billing", members: [] });

    // Names are unique in the project, also under parallel creates.
    expect((await t.call("POST", "/v1/teams", { body: { name: "Billing" } })).json().code).toBe(
      "team_exists",
    );
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => t!.call("POST", "/v1/teams", { body: { name: "Sales" } })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await t.call("POST", "/v1/teams", { body: { name: " " } })).statusCode).toBe(422);
    expect((await t.call("POST", "/v1/teams", { body: { name: "X", extra: 1 } })).statusCode).toBe(422);
    expect((await t.call("POST", `/v1/teams/${team.id}`, { body: { name: "Sales" } })).statusCode).toBe(409);
    expect((await t.call("GET", "/v1/teams/team_nope")).statusCode).toBe(404);

    const added = await t.call("POST", `/v1/teams/${team.id}/members`, { body: { operator_id: anna.id } });
    expect(added.json().members).toEqual([{ id: anna.id, name: "Anna" }]);
    await t.call("POST", `/v1/teams/${team.id}/members`, { body: { operator_id: anna.id } });
    expect((await t.call("GET", `/v1/teams/${team.id}`)).json().members).toHaveLength(1);
    const nobody = await t.call("POST", `/v1/teams/${team.id}/members`, { body: { operator_id: "opr_x" } });
    expect(nobody.statusCode).toBe(404);

    // Operators read teams and move threads; changing teams is an admin's.
    expect(
      (await anna.session.call("GET", "/v1/teams")).json().data.map((x: { name: string }) => x.name),
    ).toEqual(["Billing", "Sales"]);
    expect((await anna.session.call("POST", "/v1/teams", { name: "Mine" })).statusCode).toBe(403);

    await streamTurn(t, chat.id, "th-team", "hello");
    await streamTurn(t, chat.id, "th-none", "hello");
    const moved = await anna.session.call("POST", "/v1/threads/th-team/team", { team_id: team.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().team).toEqual({ id: team.id, name: "Billing" });
    expect((await thread(t, "th-none")).team).toBeNull();
    const inTeam = (await t.call("GET", `/v1/threads?team=${team.id}`))
      .json()
      .data.map((x: { id: string }) => x.id);
    expect(inTeam).toEqual(["th-team"]);
    const inNone = (await t.call("GET", "/v1/threads?team=none"))
      .json()
      .data.map((x: { id: string }) => x.id);
    expect(inNone).toEqual(["th-none"]);
    expect(
      (await t.call("POST", "/v1/threads/th-team/team", { body: { team_id: "team_nope" } })).statusCode,
    ).toBe(404);
    expect((await t.call("POST", "/v1/threads/th-nope/team", { body: { team_id: null } })).statusCode).toBe(
      404,
    );
    expect((await t.call("POST", "/v1/threads/th-team/team", { body: {} })).statusCode).toBe(422);

    // A rename shows on the thread; a deleted team's threads go back to the project's queue.
    await t.call("POST", `/v1/teams/${team.id}`, { body: { name: "Payments" } });
    expect((await thread(t, "th-team")).team).toEqual({ id: team.id, name: "Payments" });
    expect((await t.call("POST", `/v1/teams/${team.id}/members/${anna.id}/delete`)).json().members).toEqual(
      [],
    );
    expect((await t.call("POST", `/v1/teams/${team.id}/delete`)).json()).toEqual({
      id: team.id,
      deleted: true,
    });
    expect((await thread(t, "th-team")).team).toBeNull();
    expect((await t.call("GET", `/v1/teams/${team.id}`)).statusCode).toBe(404);
  });

  it_("assigns a tool hand-off and a failure hand-off when auto_assign is on (not before)", async () => {
    const { t, chat, operators } = await setup(["Anna", "Boris"]);
    const [first, second] = operators;

    // Off by default: a hand-off waits unassigned, as it always did.
    await streamTurn(t, chat.id, "th-off", "I want a person");
    expect(await thread(t, "th-off")).toMatchObject({ mode: "manual", assignee: null });

    expect((await routing(t, { auto_assign: true })).json().auto_assign).toBe(true);
    const handed = await streamTurn(t, chat.id, "th-tool", "I want a person");
    expect(handed.text).toBe("ok");
    expect(await thread(t, "th-tool")).toMatchObject({
      mode: "manual",
      assignee: { id: first!.id, name: first!.name },
    });
    const failed = await streamTurn(t, chat.id, "th-fail", "this will fail");
    expect(failed.events.at(-1)).toMatchObject({ type: "error" });
    expect(await thread(t, "th-fail")).toMatchObject({
      mode: "manual",
      assignee: { id: second!.id, name: second!.name },
    });
    expect(await assignedEvents(t)).toEqual([
      expect.objectContaining({
        thread_id: "th-tool",
        assignee: { id: first!.id, name: first!.name },
        source: "routing",
      }),
      expect.objectContaining({
        thread_id: "th-fail",
        assignee: { id: second!.id, name: second!.name },
        source: "routing",
      }),
    ]);

    // A person taking over from the console keeps it themselves.
    await streamTurn(t, chat.id, "th-taken", "hello");
    await second!.session.call("POST", "/v1/threads/th-taken/mode", { mode: "manual" });
    expect((await thread(t, "th-taken")).assignee.id).toBe(second!.id);

    // The hand-off team: a hand-off without a team is queued to it and routed among its members.
    const team = (await t.call("POST", "/v1/teams", { body: { name: "Billing" } })).json();
    await t.call("POST", `/v1/teams/${team.id}/members`, { body: { operator_id: second!.id } });
    expect((await routing(t, { handoff_team_id: team.id })).json().handoff_team).toEqual({
      id: team.id,
      name: "Billing",
    });
    await streamTurn(t, chat.id, "th-team", "a person please");
    expect(await thread(t, "th-team")).toMatchObject({
      team: { id: team.id, name: "Billing" },
      assignee: { id: second!.id },
    });
  });

  it_("round robin in id order, skipping operators at capacity", async () => {
    const { t, chat, operators } = await setup(["Anna", "Boris", "Vera"]);
    const [a, b, c] = operators.map((o) => o.id);
    await routing(t, { auto_assign: true });
    await t.call("POST", `/v1/operators/${b}`, { body: { capacity: 1 } });
    const assignees: string[] = [];
    for (let i = 1; i <= 5; i++) assignees.push((await handOff(t, chat.id, `rr-${i}`)).assignee.id);
    expect(assignees).toEqual([a, b, c, a, c]);
    // Handed back to the AI, a thread no longer counts against its operator's capacity.
    await t.call("POST", "/v1/threads/rr-2/mode", { body: { mode: "auto" } });
    expect((await handOff(t, chat.id, "rr-6")).assignee.id).toBe(a);
    expect((await handOff(t, chat.id, "rr-7")).assignee.id).toBe(b);
  });

  it_("nobody online: hand-offs wait in their queue, then go to whoever comes online", async () => {
    const { t, clock, chat, operators } = await setup(["Anna", "Boris"]);
    const [anna, boris] = operators;
    await routing(t, { auto_assign: true });
    for (const o of operators) {
      await t.call("POST", `/v1/operators/${o.id}/availability`, { body: { availability: "offline" } });
    }
    const team = (await t.call("POST", "/v1/teams", { body: { name: "Billing" } })).json();
    await t.call("POST", `/v1/teams/${team.id}/members`, { body: { operator_id: boris!.id } });
    await t.call("POST", `/v1/operators/${anna!.id}`, { body: { capacity: 1 } });

    for (const id of ["q-1", "q-2", "q-3"]) {
      clock.advance(1000);
      await handOff(t, chat.id, id);
    }
    await t.call("POST", "/v1/threads/q-2/team", { body: { team_id: team.id } });
    for (const id of ["q-1", "q-2", "q-3"]) expect((await thread(t, id)).assignee).toBeNull();

    // Anna (capacity 1, not in the team) takes the oldest of the project's queue.
    await anna!.session.call("POST", "/v1/operators/me/availability", { availability: "online" });
    expect((await thread(t, "q-1")).assignee?.id).toBe(anna!.id);
    expect((await thread(t, "q-2")).assignee).toBeNull();
    expect((await thread(t, "q-3")).assignee).toBeNull();

    // Boris is set online but idle too long: offline in effect, until his next request.
    await t.call("POST", `/v1/operators/${boris!.id}/availability`, { body: { availability: "online" } });
    expect((await thread(t, "q-2")).assignee?.id).toBe(boris!.id);
    expect((await thread(t, "q-3")).assignee?.id).toBe(boris!.id);

    clock.advance(20 * MINUTE);
    await anna!.session.call("GET", "/v1/threads");
    await handOff(t, chat.id, "q-4");
    // Anna is at capacity, Boris idle: q-4 waits until Boris is back.
    expect((await thread(t, "q-4")).assignee).toBeNull();
    await boris!.session.call("GET", "/v1/threads");
    expect((await thread(t, "q-4")).assignee?.id).toBe(boris!.id);
    const routed = (await assignedEvents(t)).filter((e) => e.source === "routing").map((e) => e.thread_id);
    expect(routed.sort()).toEqual(["q-1", "q-2", "q-3", "q-4"]);
  });

  it_(
    "10 parallel hand-offs, 3 online operators of capacity 3: round robin, nobody over capacity",
    async () => {
      const { t, chat, operators } = await setup(["Anna", "Boris", "Vera"]);
      await routing(t, { auto_assign: true });
      for (const o of operators) await t.call("POST", `/v1/operators/${o.id}`, { body: { capacity: 3 } });
      const ids = Array.from({ length: 10 }, (_, i) => `race-${i}`);
      for (const id of ids) await streamTurn(t, chat.id, id, "hello");
      const responses = await Promise.all(
        ids.map((id) => t!.call("POST", `/v1/threads/${id}/mode`, { body: { mode: "manual" } })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));

      const threads = await Promise.all(ids.map((id) => thread(t!, id)));
      const perOperator = new Map<string, number>();
      for (const th of threads) {
        if (th.assignee) perOperator.set(th.assignee.id, (perOperator.get(th.assignee.id) ?? 0) + 1);
      }
      expect([...perOperator.values()]).toEqual([3, 3, 3]);
      expect(threads.filter((th) => th.assignee === null)).toHaveLength(1);
      // Exactly one assignment per assigned thread, each to the thread's assignee.
      const events = await assignedEvents(t);
      expect(events).toHaveLength(9);
      expect(new Set(events.map((e) => e.thread_id)).size).toBe(9);
      for (const event of events) {
        const th = threads.find((x) => x.id === event.thread_id);
        expect(event.assignee).toEqual(th?.assignee);
      }
    },
  );

  it_("thread.assigned: a webhook for every change of assignee, by routing, a person and a key", async () => {
    rx = await WebhookReceiver.start();
    const { t, chat, operators } = await setup(["Anna", "Boris"], { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" });
    const [first, second] = operators;
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: rx.url, events: ["thread.assigned"] },
    });
    expect(endpoint.statusCode).toBe(200);
    await routing(t, { auto_assign: true });

    await streamTurn(t, chat.id, "th-1", "I want a person");
    await second!.session.call("POST", "/v1/threads/th-1/assign", { operator_id: second!.id });
    // The same assignee again changes nothing and sends nothing.
    await t.call("POST", "/v1/threads/th-1/assign", { body: { operator_id: second!.id } });
    await t.call("POST", "/v1/threads/th-1/assign", { body: { operator_id: null } });
    await rx.waitFor(() => rx!.accepted.length >= 3);

    const bodies = rx.received.map((hook) => hook.body as Record<string, unknown>);
    for (const body of bodies) expect(webhookEventSchema.parse(body)).toEqual(body);
    const anna = { id: first!.id, name: first!.name };
    const boris = { id: second!.id, name: second!.name };
    expect(bodies.map((body) => body.data)).toEqual([
      { thread_id: "th-1", chat_id: chat.id, assignee: anna, previous_assignee: null, source: "routing" },
      { thread_id: "th-1", chat_id: chat.id, assignee: boris, previous_assignee: anna, source: null },
      { thread_id: "th-1", chat_id: chat.id, assignee: null, previous_assignee: boris, source: null },
    ]);
  });
});
