import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

describe.each(DIALECTS)("who works on a thread, on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup() {
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixtures = await activeChat(t);
    const admin = await signIn(t);
    const created = await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
    });
    const olga = await signIn(t, "olga@example.com", "operator-password");
    return { t, ...fixtures, admin, olga, olgaId: created.json().id as string };
  }

  const threadEvents = async (t: TestApp) =>
    (await t.storage.db.selectFrom("thread_events").select(["data"]).orderBy("seq").execute()).map(
      (row) => JSON.parse(row.data) as Record<string, unknown>,
    );

  it_(
    "taking over from a session records who did it and assigns them; their messages carry their name",
    async () => {
      const { t, chat, olga, olgaId } = await setup();
      await streamTurn(t, chat.id, "th-1", "hello");
      const before = (await olga.call("GET", "/v1/threads/th-1")).json();
      expect(before).toMatchObject({ assignee: null, taken_over_by: null, taken_over_at: null });

      const taken = await olga.call("POST", "/v1/threads/th-1/mode", { mode: "manual" });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({
        mode: "manual",
        assignee: { id: olgaId, name: "Olga" },
        taken_over_by: { type: "operator", id: olgaId, name: "Olga" },
      });
      expect(taken.json().taken_over_at).toEqual(expect.any(String));

      const sent = await olga.call("POST", "/v1/threads/th-1/send", { text: "Olga here" });
      expect(sent.json()).toMatchObject({ author: "operator", operator: { id: olgaId, name: "Olga" } });
      const messages = (await olga.call("GET", "/v1/threads/th-1/messages")).json();
      expect(messages.at(-1)).toMatchObject({ content: "Olga here", operator: { id: olgaId, name: "Olga" } });

      const events = await threadEvents(t);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: "mode_changed",
          mode: "manual",
          by: { type: "operator", id: olgaId, name: "Olga" },
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({ type: "thread_assigned", assignee: { id: olgaId, name: "Olga" } }),
      );

      // An API key's takeover is recorded as the key; its messages have no operator.
      await streamTurn(t, chat.id, "th-2", "hi");
      const byKey = (await t.call("POST", "/v1/threads/th-2/mode", { body: { mode: "manual" } })).json();
      expect(byKey.taken_over_by).toMatchObject({ type: "api_key", name: null });
      expect(byKey.assignee).toBeNull();
      const keyMessage = (
        await t.call("POST", "/v1/threads/th-2/send", { body: { text: "from a script" } })
      ).json();
      expect(keyMessage.operator).toBeUndefined();
    },
  );

  it_("assigns, unassigns and filters the inbox by assignee, mode and waiting", async () => {
    const { t, chat, admin, olga, olgaId } = await setup();
    for (const id of ["a", "b", "c"]) await streamTurn(t, chat.id, id, `message ${id}`);
    await admin.call("POST", "/v1/threads/b/mode", { mode: "manual" }); // the admin takes b
    await t.call("POST", "/v1/threads/c/mode", { body: { mode: "manual" } });
    await streamTurn(t, chat.id, "c", "anyone there?"); // waits for a person
    const assigned = await admin.call("POST", "/v1/threads/a/assign", { operator_id: olgaId });
    expect(assigned.json().assignee).toEqual({ id: olgaId, name: "Olga" });

    const ids = async (query: string, who = olga) =>
      ((await who.call("GET", `/v1/threads${query}`)).json().data as Array<{ id: string }>)
        .map((th) => th.id)
        .sort();
    expect(await ids("?assignee=me")).toEqual(["a"]);
    expect(await ids("?assignee=me", admin)).toEqual(["b"]);
    expect(await ids("?assignee=none")).toEqual(["c"]);
    expect(await ids(`?assignee=${olgaId}`)).toEqual(["a"]);
    expect(await ids("?mode=manual")).toEqual(["b", "c"]);
    expect(await ids("?waiting=true")).toEqual(["c"]);
    expect(await ids("?waiting=false&mode=auto")).toEqual(["a"]);

    const keyMe = await t.call("GET", "/v1/threads?assignee=me");
    expect(keyMe.statusCode).toBe(422);

    expect(
      (await olga.call("POST", "/v1/threads/a/assign", { operator_id: null })).json().assignee,
    ).toBeNull();
    const unknown = await olga.call("POST", "/v1/threads/a/assign", { operator_id: "opr_nobody" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("operator_not_found");

    // A renamed operator's threads show the new name; a removed one's are unassigned.
    await admin.call("POST", "/v1/threads/a/assign", { operator_id: olgaId });
    await admin.call("POST", `/v1/operators/${olgaId}`, { name: "Olga K." });
    expect((await admin.call("GET", "/v1/threads/a")).json().assignee).toEqual({
      id: olgaId,
      name: "Olga K.",
    });
    await admin.call("POST", `/v1/operators/${olgaId}/delete`);
    expect((await admin.call("GET", "/v1/threads/a")).json().assignee).toBeNull();
  });

  it_("list items show who the thread is with and its newest message", async () => {
    const { t, chat, admin } = await setup();
    await streamTurn(t, chat.id, "p-1", "Where is my parcel?", {
      extra: { person: { external_id: "cust-1", name: "Ann" } },
    });
    await streamTurn(t, chat.id, "p-2", "hello");
    await admin.call("POST", "/v1/threads/p-2/mode", { mode: "manual" });
    await admin.call("POST", "/v1/threads/p-2/send", { text: "x".repeat(300) });
    const items = (await admin.call("GET", "/v1/threads")).json().data as Array<Record<string, unknown>>;
    const byId = Object.fromEntries(items.map((item) => [item.id, item]));
    expect(byId["p-1"]).toMatchObject({
      person: { name: "Ann" },
      last_message: { author: "bot", content: "ok" },
    });
    expect(byId["p-2"]?.last_message).toMatchObject({ author: "operator", content: "x".repeat(200) });
  });

  it_("another project's operator cannot be assigned", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "x", "hi");
    const other = await t.otherProject();
    const stranger = (
      await t.call("POST", "/v1/operators", {
        key: other.key,
        body: { email: "s@example.com", name: "S", password: "operator-password" },
      })
    ).json();
    const response = await t.call("POST", "/v1/threads/x/assign", { body: { operator_id: stranger.id } });
    expect(response.statusCode).toBe(404);
  });
});
