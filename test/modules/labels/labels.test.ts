import { afterEach, describe, expect, it } from "vitest";
import { webhookEventSchema } from "../../../src/modules/webhooks/event-schemas.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * Labels (docs/labels.md): the project's labels, labels on threads and contacts, the thread
 * list's filter, the add_label tool, the `labels_changed` event and `thread.labels.changed`
 * webhook, and the races of parallel adds and creates.
 */
describe.each(DIALECTS)("labels on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(script: Parameters<typeof scriptedModel>[0] = () => ({ text: "ok" })) {
    const mock = scriptedModel(script);
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    return { t, mock, ...fixture };
  }

  const create = (app: TestApp, body: unknown, key?: string) =>
    app.call("POST", "/v1/labels", { body, ...(key ? { key } : {}) });

  /** The thread events recorded for the thread, of one type. */
  async function threadEvents(app: TestApp, type: string) {
    const rows = await app.storage.db.selectFrom("thread_events").select("data").orderBy("seq").execute();
    return rows.map((row) => JSON.parse(row.data)).filter((event) => event.type === type);
  }

  /** The webhook events recorded of one type, oldest first. */
  async function webhookEvents(app: TestApp, type: string) {
    const rows = await app.storage.db
      .selectFrom("webhook_events")
      .select(["id", "type", "data", "created_at"])
      .where("type", "=", type)
      .orderBy("created_at")
      .execute();
    return rows;
  }

  it_("creates, lists, reads, updates and deletes labels; names are unique whatever their case", async () => {
    const { t } = await setup();
    const vip = await create(t, { name: " VIP ", color: "#FFAA00", description: "Big customers" });
    expect(vip.statusCode).toBe(200);
    expect(vip.json()).toMatchObject({ name: "VIP", color: "#ffaa00", description: "Big customers" });
    expect(vip.json().id).toMatch(/^lbl_/);
    const refund = await create(t, { name: "refund" });
    expect(refund.json()).toMatchObject({ name: "refund", color: null, description: null });

    const duplicate = await create(t, { name: "vip" });
    expect([duplicate.statusCode, duplicate.json().code]).toEqual([409, "label_exists"]);

    const listed = (await t.call("GET", "/v1/labels")).json().data;
    expect(listed.map((label: { name: string }) => label.name)).toEqual(["refund", "VIP"]);
    expect((await t.call("GET", `/v1/labels/${vip.json().id}`)).json()).toEqual(vip.json());

    // Only the fields sent change; a rename onto another label's name is refused.
    const renamed = await t.call("PUT", `/v1/labels/${vip.json().id}`, { body: { name: "Gold" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Gold", color: "#ffaa00", description: "Big customers" });
    const cleared = await t.call("PUT", `/v1/labels/${vip.json().id}`, { body: { color: null } });
    expect(cleared.json()).toMatchObject({ name: "Gold", color: null });
    const clash = await t.call("PUT", `/v1/labels/${vip.json().id}`, { body: { name: "REFUND" } });
    expect([clash.statusCode, clash.json().code]).toEqual([409, "label_exists"]);
    // Its own name in another case is a rename, not a clash.
    const recased = await t.call("PUT", `/v1/labels/${vip.json().id}`, { body: { name: "GOLD" } });
    expect(recased.json().name).toBe("GOLD");

    const deleted = await t.call("DELETE", `/v1/labels/${vip.json().id}`);
    expect(deleted.json()).toEqual({ id: vip.json().id, deleted: true });
    expect((await t.call("GET", `/v1/labels/${vip.json().id}`)).statusCode).toBe(404);
    expect((await t.call("DELETE", `/v1/labels/${vip.json().id}`)).statusCode).toBe(404);
    expect((await t.call("GET", "/v1/labels")).json().data).toHaveLength(1);
  });

  it_("refuses bad labels with 422 and stores nothing", async () => {
    const { t, chat } = await setup();
    for (const body of [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(51) },
      { name: "ok", color: "red" },
      { name: "ok", color: "#12345" },
      { name: "ok", description: "d".repeat(501) },
      { name: "ok", extra: true },
      { name: 5 },
    ]) {
      const answer = await create(t, body);
      expect([answer.statusCode, answer.json().code], JSON.stringify(body)).toEqual([
        422,
        "validation_failed",
      ]);
    }
    expect((await create(t, { name: "x".repeat(50) })).statusCode).toBe(200);
    const label = (await t.call("GET", "/v1/labels")).json().data[0];
    const bad = await t.call("PUT", `/v1/labels/${label.id}`, { body: { name: "" } });
    expect(bad.statusCode).toBe(422);
    await streamTurn(t, chat.id, "th-1", "hi");
    for (const body of [
      {},
      { labels: [] },
      { labels: [""] },
      { labels: "x" },
      { labels: Array(51).fill("a") },
    ]) {
      const answer = await t.call("POST", "/v1/threads/th-1/labels", { body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await t.storage.db.selectFrom("thread_labels").selectAll().execute()).toEqual([]);
  });

  it_("keeps projects apart", async () => {
    const { t, chat } = await setup();
    const mine = (await create(t, { name: "vip" })).json();
    await streamTurn(t, chat.id, "th-1", "hi", { extra: { person: { external_id: "ann" } } });
    const personId = (await t.call("GET", "/v1/threads/th-1")).json().person.id;
    const other = await t.otherProject();
    // The same name is free in another project.
    expect((await create(t, { name: "VIP" }, other.key)).statusCode).toBe(200);
    expect((await t.call("GET", "/v1/labels", { key: other.key })).json().data).toHaveLength(1);
    for (const [method, url, body] of [
      ["GET", `/v1/labels/${mine.id}`, undefined],
      ["PUT", `/v1/labels/${mine.id}`, { name: "x" }],
      ["DELETE", `/v1/labels/${mine.id}`, undefined],
      ["GET", "/v1/threads/th-1/labels", undefined],
      ["POST", "/v1/threads/th-1/labels", { labels: ["vip"] }],
      ["GET", `/v1/contacts/${personId}/labels`, undefined],
      ["POST", `/v1/contacts/${personId}/labels`, { labels: ["vip"] }],
    ] as const) {
      const answer = await t.call(method, url, { key: other.key, ...(body ? { body } : {}) });
      expect([answer.statusCode, answer.json().code], `${method} ${url}`).toEqual([403, "forbidden"]);
    }
    expect((await t.call("GET", `/v1/labels/${mine.id}`)).json().name).toBe("vip");
    expect(await t.storage.db.selectFrom("thread_labels").selectAll().execute()).toEqual([]);
    const missing = await t.call("GET", "/v1/contacts/per_none/labels");
    expect([missing.statusCode, missing.json().code]).toEqual([404, "contact_not_found"]);
    expect((await t.call("GET", "/v1/threads/nope/labels")).statusCode).toBe(404);
  });

  it_(
    "labels a thread: the thread shows them, adding again is a no-op, events say what changed",
    async () => {
      const { t, chat } = await setup();
      for (const name of ["VIP", "refund", "spam"]) await create(t, { name });
      await streamTurn(t, chat.id, "th-1", "hi");
      const admin = await signIn(t);

      const added = await admin.call("POST", "/v1/threads/th-1/labels", { labels: ["vip", "Refund"] });
      expect(added.statusCode).toBe(200);
      expect(added.json().data.map((label: { name: string }) => label.name)).toEqual(["refund", "VIP"]);
      expect((await t.call("GET", "/v1/threads/th-1")).json().labels).toEqual(["refund", "VIP"]);
      expect((await t.call("GET", "/v1/threads")).json().data[0].labels).toEqual(["refund", "VIP"]);
      expect((await t.call("GET", `/v1/chats/${chat.id}/threads`)).json()[0].labels).toEqual([
        "refund",
        "VIP",
      ]);

      // Again: nothing new, no event.
      const again = await t.call("POST", "/v1/threads/th-1/labels", { body: { labels: ["VIP"] } });
      expect(again.json().data).toHaveLength(2);

      // An unknown name: 422 naming it, and nothing is added.
      const unknown = await t.call("POST", "/v1/threads/th-1/labels", {
        body: { labels: ["spam", "urgent"] },
      });
      expect([unknown.statusCode, unknown.json().code]).toEqual([422, "label_not_found"]);
      expect(unknown.json().message).toContain("'urgent'");
      expect(unknown.json().message).not.toContain("'spam'");
      expect((await t.call("GET", "/v1/threads/th-1/labels")).json().data).toHaveLength(2);

      const removed = await t.call("POST", "/v1/threads/th-1/labels/remove", {
        body: { labels: ["vip", "spam"] },
      });
      expect(removed.json().data.map((label: { name: string }) => label.name)).toEqual(["refund"]);
      // Taking off a label the thread does not carry: no event.
      await t.call("POST", "/v1/threads/th-1/labels/remove", { body: { labels: ["spam"] } });

      const events = await threadEvents(t, "labels_changed");
      expect(events).toEqual([
        expect.objectContaining({
          thread_id: "th-1",
          labels: ["refund", "VIP"],
          added: ["refund", "VIP"],
          removed: [],
          by: { type: "operator", id: admin.body.user.id, name: admin.body.user.name },
        }),
        expect.objectContaining({
          labels: ["refund"],
          added: [],
          removed: ["VIP"],
          by: expect.objectContaining({ type: "api_key" }),
        }),
      ]);

      // A deleted label comes off the thread.
      const refund = (await t.call("GET", "/v1/labels"))
        .json()
        .data.find((l: { name: string }) => l.name === "refund");
      await t.call("DELETE", `/v1/labels/${refund.id}`);
      expect((await t.call("GET", "/v1/threads/th-1")).json().labels).toEqual([]);
    },
  );

  it_("sends thread.labels.changed to subscribed webhooks", async () => {
    const { t, chat } = await setup();
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "https://hooks.example.com/in", events: ["thread.labels.changed"] },
    });
    expect(endpoint.statusCode).toBe(200);
    await create(t, { name: "vip" });
    await streamTurn(t, chat.id, "th-1", "hi");
    await t.call("POST", "/v1/threads/th-1/labels", { body: { labels: ["vip"] } });
    await t.call("POST", "/v1/threads/th-1/labels", { body: { labels: ["vip"] } });
    const events = await webhookEvents(t, "thread.labels.changed");
    expect(events).toHaveLength(1);
    const data = JSON.parse(events[0]!.data);
    expect(data).toEqual({
      thread_id: "th-1",
      chat_id: chat.id,
      labels: ["vip"],
      added: ["vip"],
      removed: [],
    });
    const envelope = { id: events[0]!.id, type: events[0]!.type, created_at: events[0]!.created_at, data };
    expect(webhookEventSchema.safeParse(envelope).success).toBe(true);
    const types = (await t.call("GET", "/v1/webhook-events/types")).json();
    expect(JSON.stringify(types)).toContain("thread.labels.changed");
  });

  it_("labels a contact", async () => {
    const { t, chat } = await setup();
    await create(t, { name: "vip" });
    await create(t, { name: "churn-risk" });
    await streamTurn(t, chat.id, "th-1", "hi", { extra: { person: { external_id: "ann" } } });
    const personId = (await t.call("GET", "/v1/threads/th-1")).json().person.id;
    const url = `/v1/contacts/${personId}/labels`;
    const added = await t.call("POST", url, { body: { labels: ["VIP", "churn-risk"] } });
    expect(added.json().data.map((label: { name: string }) => label.name)).toEqual(["churn-risk", "vip"]);
    await t.call("POST", url, { body: { labels: ["vip"] } });
    expect(await t.storage.db.selectFrom("person_labels").selectAll().execute()).toHaveLength(2);
    const removed = await t.call("POST", `${url}/remove`, { body: { labels: ["churn-risk"] } });
    expect(removed.json().data.map((label: { name: string }) => label.name)).toEqual(["vip"]);
    expect((await t.call("GET", url)).json().data.map((label: { name: string }) => label.name)).toEqual([
      "vip",
    ]);
    const unknown = await t.call("POST", url, { body: { labels: ["nope"] } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([422, "label_not_found"]);
    // A contact's labels are not the thread's.
    expect((await t.call("GET", "/v1/threads/th-1")).json().labels).toEqual([]);
  });

  it_("filters the thread list by labels: all or any, with the other filters and pages", async () => {
    const { t, chat } = await setup();
    for (const name of ["vip", "refund", "spam"]) await create(t, { name });
    for (const id of ["a", "b", "c", "d"]) await streamTurn(t, chat.id, id, `hello ${id}`);
    const label = (id: string, labels: string[]) =>
      t!.call("POST", `/v1/threads/${id}/labels`, { body: { labels } });
    await label("a", ["vip", "refund"]);
    await label("b", ["vip"]);
    await label("c", ["refund"]);
    await t.call("POST", "/v1/threads/b/mode", { body: { mode: "manual" } });
    await t.call("POST", "/v1/threads/a/mode", { body: { mode: "manual" } });

    const ids = async (query: string) =>
      ((await t!.call("GET", `/v1/threads?${query}`)).json().data as Array<{ id: string }>)
        .map((th) => th.id)
        .sort();
    expect(await ids("labels=vip")).toEqual(["a", "b"]);
    expect(await ids("labels=VIP,refund")).toEqual(["a"]);
    expect(await ids("labels=vip,refund&labels_match=all")).toEqual(["a"]);
    expect(await ids("labels=vip,refund&labels_match=any")).toEqual(["a", "b", "c"]);
    expect(await ids("labels=spam")).toEqual([]);
    // Unknown names match nothing: with all, nothing is listed; with any, they count for nothing.
    expect(await ids("labels=vip,nope")).toEqual([]);
    expect(await ids("labels=vip,nope&labels_match=any")).toEqual(["a", "b"]);
    expect(await ids("labels=%20,")).toEqual(["a", "b", "c", "d"]);
    // With another filter.
    expect(await ids("labels=refund&labels_match=any&mode=manual")).toEqual(["a"]);
    expect(await ids("labels=vip,refund&labels_match=any&mode=auto")).toEqual(["c"]);
    expect(await ids("labels=vip&search=hello%20b")).toEqual(["b"]);
    // Pages: the cursor carries on within the filter.
    const first = (await t.call("GET", "/v1/threads?labels=vip,refund&labels_match=any&limit=2")).json();
    expect(first.data).toHaveLength(2);
    const next = (
      await t.call(
        "GET",
        `/v1/threads?labels=vip,refund&labels_match=any&limit=2&cursor=${first.next_cursor}`,
      )
    ).json();
    expect([...first.data, ...next.data].map((th: { id: string }) => th.id).sort()).toEqual(["a", "b", "c"]);
    expect(next.next_cursor).toBeNull();
    const bad = await t.call("GET", "/v1/threads?labels=vip&labels_match=some");
    expect(bad.statusCode).toBe(422);
  });

  it_("parallel adds of one label to a thread leave one link and one event", async () => {
    const { t, chat } = await setup();
    await create(t, { name: "vip" });
    await streamTurn(t, chat.id, "th-1", "hi");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t!.call("POST", "/v1/threads/th-1/labels", { body: { labels: ["vip"] } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await t.storage.db.selectFrom("thread_labels").selectAll().execute()).toHaveLength(1);
    expect(await threadEvents(t, "labels_changed")).toHaveLength(1);
  });

  it_("parallel creates of one name: one is created, the rest are 409", async () => {
    const { t } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(t!, { name: i % 2 ? "Urgent" : "urgent" })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await t.storage.db.selectFrom("labels").selectAll().execute()).toHaveLength(1);
  });

  it_("add_label: the bot labels the thread with an existing label", async () => {
    const { t, chat, bot, mock } = await setup(
      (_o, call): ScriptedReply =>
        call === 0 ? { toolCall: { name: "add_label", input: { label: "Refund" } } } : { text: "Sorted." },
    );
    await create(t, { name: "refund" });
    await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { tools: { add_label: "auto" } } } });
    const result = await streamTurn(t, chat.id, "th-1", "I want my money back");
    expect(result.text).toBe("Sorted.");
    expect((await t.call("GET", "/v1/threads/th-1")).json().labels).toEqual(["refund"]);
    const [event] = await threadEvents(t, "labels_changed");
    expect(event).toMatchObject({ thread_id: "th-1", labels: ["refund"], added: ["refund"], removed: [] });
    expect(event.by).toBeUndefined();
    expect(JSON.stringify(mock.calls[1]!.prompt)).toContain('"labeled":true');
    const row = await t.storage.db.selectFrom("thread_labels").select("added_by").executeTakeFirstOrThrow();
    expect(row.added_by).toBe("bot");
  });

  it_("add_label: an unknown label is a tool error listing the project's labels", async () => {
    const { t, chat, bot, mock } = await setup(
      (_o, call): ScriptedReply =>
        call === 0 ? { toolCall: { name: "add_label", input: { label: "urgent" } } } : { text: "Done." },
    );
    await create(t, { name: "refund" });
    await create(t, { name: "vip" });
    await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { tools: { add_label: "auto" } } } });
    const result = await streamTurn(t, chat.id, "th-1", "hello");
    expect(result.text).toBe("Done.");
    const seen = JSON.stringify(mock.calls[1]!.prompt);
    expect(seen).toContain("there is no label 'urgent'; the labels are: refund, vip");
    expect((await t.call("GET", "/v1/threads/th-1")).json().labels).toEqual([]);
    expect(await t.storage.db.selectFrom("labels").selectAll().execute()).toHaveLength(2);
  });
});
