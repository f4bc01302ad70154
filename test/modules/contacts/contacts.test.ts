import { afterEach, describe, expect, it } from "vitest";
import { MessageChunksRepo } from "../../../src/storage/repos/message-chunks.repo.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { TelegramFake } from "../../vendors/fakes/telegram-fake.js";

const EMBEDDER = { id: "test/embedder@3", dimensions: 3 };

describe.each(DIALECTS)("contacts, on %s", (dialect) => {
  let t: TestApp | undefined;
  let fake: TelegramFake | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(env: Record<string, string> = {}) {
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({ dialect, env, modelOverride: () => mock.model });
    return { t, ...(await activeChat(t)) };
  }

  /** A Parley with a connected (fake) Telegram bot besides the `parley` chat. */
  async function setupWithTelegram() {
    fake = await new TelegramFake().start();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({
      dialect,
      env: { ...fake.env, PARLEY_PUBLIC_URL: origin },
      modelOverride: () => mock.model,
    });
    await t.app.listen({ port, host: "127.0.0.1" });
    const site = await activeChat(t);
    const integration = (
      await t.call("POST", "/v1/integrations", {
        body: { name: "tg", vendor: "telegram", auth_data: fake.authData() },
      })
    ).json();
    const chat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: site.bot.id, name: "dm" },
      })
    ).json();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      body: { status: "active" },
    });
    const registered = fake;
    const hookUrl = await eventually(
      async () => registered.registeredHookUrl(),
      (url) => url !== undefined,
    );
    if (!hookUrl) throw new Error("Parley never registered the Telegram webhook");
    return { t, fake, site, telegramChat: chat, hookUrl };
  }

  const personOf = async (t: TestApp, threadId: string) =>
    (
      await t.storage.db
        .selectFrom("threads")
        .select("person_id")
        .where("id", "=", threadId)
        .executeTakeFirstOrThrow()
    ).person_id;

  it_("are created, read, listed, updated and deleted; bad input is a clear 4xx", async () => {
    const { t, chat } = await setup();
    const created = await t.call("POST", "/v1/contacts", {
      body: {
        name: "Ann Smith",
        email: "Ann@Example.com",
        phone: "+1 (555) 010-2000",
        attributes: { plan: "pro", seats: 3, vip: true },
        notes: "Prefers email.",
        external_id: "crm-1",
      },
    });
    expect(created.statusCode).toBe(200);
    const ann = created.json();
    expect(ann).toMatchObject({
      id: expect.stringMatching(/^per_/),
      name: "Ann Smith",
      email: "Ann@Example.com",
      phone: "+1 (555) 010-2000",
      attributes: { plan: "pro", seats: 3, vip: true },
      notes: "Prefers email.",
      external_id: "crm-1",
      channels: [{ channel: null, id: "crm-1", contact_id: ann.id }],
      thread_count: 0,
      last_seen_at: null,
    });

    // The stream endpoint's person of that external id is this contact.
    await streamTurn(t, chat.id, "th-ann", "hello", { extra: { person: { external_id: "crm-1" } } });
    expect(await personOf(t, "th-ann")).toBe(ann.id);
    const read = (await t.call("GET", `/v1/contacts/${ann.id}`)).json();
    expect(read).toMatchObject({ thread_count: 1, last_seen_at: expect.any(String) });

    const updated = await t.call("POST", `/v1/contacts/${ann.id}`, {
      body: { phone: null, notes: "Call after 5pm.", attributes: { seats: 5, vip: null, region: "EU" } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "Ann Smith",
      phone: null,
      notes: "Call after 5pm.",
      attributes: { plan: "pro", seats: 5, region: "EU" },
    });
    expect(updated.json().attributes).not.toHaveProperty("vip");

    for (const body of [
      { email: "not-an-email" },
      { phone: "call me" },
      { attributes: { nested: { a: 1 } } },
      { attributes: { "bad key!": "x" } },
      { unknown: 1 },
      { name: "" },
    ]) {
      const refused = await t.call("POST", "/v1/contacts", { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().code).toBe("validation_failed");
    }
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect((await t.call("POST", "/v1/contacts", { body: { attributes: tooMany } })).statusCode).toBe(422);
    const taken = await t.call("POST", "/v1/contacts", { body: { external_id: "crm-1" } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("contact_external_id_taken");
    expect((await t.call("GET", "/v1/contacts/per_missing")).json().code).toBe("contact_not_found");
    expect((await t.call("GET", "/v1/contacts?cursor=forged")).statusCode).toBe(422);
    const notATime = Buffer.from(JSON.stringify({ k: ["not a date", "x"] })).toString("base64url");
    expect((await t.call("GET", `/v1/contacts?cursor=${notATime}`)).statusCode).toBe(422);
    const threadsCursor = Buffer.from(JSON.stringify({ o: -1 })).toString("base64url");
    expect((await t.call("GET", `/v1/contacts/${ann.id}/threads?cursor=${threadsCursor}`)).statusCode).toBe(
      422,
    );

    // Another project sees none of it.
    const other = await t.otherProject();
    const foreign = await t.call("GET", `/v1/contacts/${ann.id}`, { key: other.key });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call("GET", "/v1/contacts", { key: other.key })).json().data).toEqual([]);
    expect(
      (await t.call("POST", `/v1/contacts/${ann.id}`, { key: other.key, body: { name: "x" } })).statusCode,
    ).toBe(404);
    expect((await t.call("POST", `/v1/contacts/${ann.id}/delete`, { key: other.key })).statusCode).toBe(404);

    // Deleting keeps the thread, without a person; the external id then starts a new contact.
    const deleted = await t.call("POST", `/v1/contacts/${ann.id}/delete`);
    expect(deleted.json()).toEqual({ id: ann.id, deleted: true });
    expect((await t.call("GET", `/v1/contacts/${ann.id}`)).statusCode).toBe(404);
    expect(await personOf(t, "th-ann")).toBeNull();
    expect((await t.call("GET", "/v1/threads/th-ann")).json().person).toBeNull();
    await streamTurn(t, chat.id, "th-ann-2", "back again", { extra: { person: { external_id: "crm-1" } } });
    const fresh = await personOf(t, "th-ann-2");
    expect(fresh).not.toBe(ann.id);
    expect(fresh).toEqual(expect.stringMatching(/^per_/));
  });

  it_("are searched by name, email, phone and external id, and paged", async () => {
    const { t } = await setup();
    for (const body of [
      { name: "Ann Smith", email: "ann@example.com" },
      { name: "Bob Stone", phone: "+44 20 7946 0958" },
      { name: "Carla 100% Real", external_id: "shop-777" },
    ]) {
      expect((await t.call("POST", "/v1/contacts", { body })).statusCode).toBe(200);
    }
    const search = async (q: string) =>
      (await t.call("GET", `/v1/contacts?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await search("smi")).toEqual(["Ann Smith"]);
    expect(await search("ANN@EXAMPLE")).toEqual(["Ann Smith"]);
    expect(await search("7946")).toEqual(["Bob Stone"]);
    expect(await search("shop-7")).toEqual(["Carla 100% Real"]);
    // LIKE's wildcards are text: `%` finds only the name that has one.
    expect(await search("%")).toEqual(["Carla 100% Real"]);
    expect(await search("_")).toEqual([]);
    expect(await search("nobody")).toEqual([]);

    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = (await t.call("GET", `/v1/contacts?limit=2${query}`)).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      names.push(...page.data.map((c: { name: string }) => c.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(names).toEqual(["Carla 100% Real", "Bob Stone", "Ann Smith"]);
  });

  it_(
    "list their conversations in every channel; merging moves threads, and the merged identities reach the survivor",
    async () => {
      const { t, fake, site, telegramChat, hookUrl } = await setupWithTelegram();
      await streamTurn(t, site.chat.id, "th-web", "hi from the site", {
        extra: { person: { external_id: "site-42", name: "Ann" } },
      });
      const web = await personOf(t, "th-web");
      await fake.deliverText({ hookUrl, userId: "555", userName: "Ann Telegram", text: "hi from telegram" });
      const tgThread = await eventually(
        () =>
          t.storage.db
            .selectFrom("threads")
            .select(["id", "person_id"])
            .where("chat_id", "=", telegramChat.id)
            .executeTakeFirst(),
        (row) => row !== undefined,
      );
      const tg = tgThread!.person_id!;
      expect(tg).not.toBe(web);
      const tgContact = (await t.call("GET", `/v1/contacts/${tg}`)).json();
      expect(tgContact).toMatchObject({
        name: "Ann Telegram",
        external_id: null,
        channels: [{ channel: "telegram", id: "555", contact_id: tg }],
      });

      // Before the merge each has its own thread.
      expect(
        (await t.call("GET", `/v1/contacts/${web}/threads`)).json().data.map((th: { id: string }) => th.id),
      ).toEqual(["th-web"]);
      await t.call("POST", `/v1/contacts/${web}`, { body: { email: "ann@example.com" } });
      await t.call("POST", `/v1/contacts/${tg}`, {
        body: { phone: "+15550100", email: "other@example.com", attributes: { source: "tg" } },
      });

      // Labels (docs/labels.md) follow too; one both have stays once.
      for (const name of ["vip", "telegram"]) {
        expect((await t.call("POST", "/v1/labels", { body: { name } })).statusCode).toBe(200);
      }
      await t.call("POST", `/v1/contacts/${web}/labels`, { body: { labels: ["vip"] } });
      await t.call("POST", `/v1/contacts/${tg}/labels`, { body: { labels: ["vip", "telegram"] } });

      const merged = await t.call("POST", `/v1/contacts/${web}/merge`, { body: { from: tg } });
      expect(merged.statusCode).toBe(200);
      expect(merged.json()).toMatchObject({
        id: web,
        name: "Ann",
        email: "ann@example.com",
        phone: "+15550100",
        attributes: { source: "tg" },
        labels: ["telegram", "vip"],
        thread_count: 2,
        channels: [
          { channel: null, id: "site-42", contact_id: web },
          { channel: "telegram", id: "555", contact_id: tg },
        ],
      });
      const labelNames = (await t.call("GET", `/v1/contacts/${web}/labels`))
        .json()
        .data.map((l: { name: string }) => l.name);
      expect(labelNames.sort()).toEqual(["telegram", "vip"]);
      const threads = (await t.call("GET", `/v1/contacts/${web}/threads`)).json();
      expect(threads.data).toHaveLength(2);
      expect(threads.data.map((th: { channel: string | null }) => th.channel).sort()).toEqual([
        "parley",
        "telegram",
      ]);
      expect((await t.call("GET", `/v1/threads/${tgThread!.id}`)).json().person).toMatchObject({ id: web });

      // The merged contact: not listed, not readable (404 naming the survivor), merged again: same answer.
      const gone = await t.call("GET", `/v1/contacts/${tg}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({
        code: "contact_merged",
        details: [{ path: "merged_into", message: web }],
      });
      expect((await t.call("GET", "/v1/contacts")).json().data.map((c: { id: string }) => c.id)).toEqual([
        web,
      ]);
      const again = await t.call("POST", `/v1/contacts/${web}/merge`, { body: { from: tg } });
      expect(again.statusCode).toBe(200);
      expect(again.json().thread_count).toBe(2);
      expect((await t.call("POST", `/v1/contacts/${web}/merge`, { body: { from: web } })).statusCode).toBe(
        400,
      );
      expect((await t.call("POST", `/v1/contacts/${tg}/merge`, { body: { from: web } })).json().code).toBe(
        "contact_merged",
      );
      const other = await t.otherProject();
      const foreign = (
        await t.call("POST", "/v1/contacts", { key: other.key, body: { name: "Elsewhere" } })
      ).json();
      const across = await t.call("POST", `/v1/contacts/${web}/merge`, { body: { from: foreign.id } });
      expect(across.statusCode).toBe(404);

      // A later Telegram message from the merged user lands on the survivor; its vendor name
      // does not replace the survivor's.
      await fake.deliverText({ hookUrl, userId: "555", userName: "Renamed There", text: "still me" });
      await eventually(
        async () =>
          Number(
            (
              await t.storage.db
                .selectFrom("messages")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("thread_id", "=", tgThread!.id)
                .where("content", "=", "still me")
                .executeTakeFirstOrThrow()
            ).n,
          ),
        (n) => n === 1,
      );
      expect(await personOf(t, tgThread!.id)).toBe(web);
      // A new vendor conversation of the merged user (a group chat) also starts on the survivor.
      await fake.deliverText({ hookUrl, userId: "555", conversationId: "-1001", text: "in a group" });
      const groupThread = await eventually(
        () =>
          t.storage.db
            .selectFrom("threads")
            .select(["person_id"])
            .where("chat_id", "=", telegramChat.id)
            .where("external_conversation_id", "=", "-1001")
            .executeTakeFirst(),
        (row) => row !== undefined,
      );
      expect(groupThread?.person_id).toBe(web);
      expect((await t.call("GET", `/v1/contacts/${web}`)).json()).toMatchObject({
        name: "Ann",
        thread_count: 3,
      });
      const persons = await t.storage.db
        .selectFrom("persons")
        .select("id")
        .where("project_id", "=", t.projectId)
        .execute();
      expect(persons).toHaveLength(2);

      // The same the other way: the API identity of a contact merged into the Telegram one.
      const api = (
        await t.call("POST", "/v1/contacts", { body: { external_id: "site-99", name: "Zed" } })
      ).json();
      await t.call("POST", `/v1/contacts/${web}/merge`, { body: { from: api.id } });
      await streamTurn(t, site.chat.id, "th-web-2", "new thread", {
        extra: { person: { external_id: "site-99", name: "Not Zed" } },
      });
      expect(await personOf(t, "th-web-2")).toBe(web);
      expect((await t.call("GET", `/v1/contacts/${web}`)).json().name).toBe("Ann");
    },
  );

  it_("merging moves working memory (with its thread) and semantic-recall chunks", async () => {
    const { t, chat } = await setup({ PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" });
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "http://127.0.0.1:9/hooks", events: ["contact.merged", "contact.updated"] },
    });
    expect(endpoint.statusCode).toBe(200);
    await streamTurn(t, chat.id, "th-a", "I live in Paris", { extra: { person: { external_id: "a" } } });
    await streamTurn(t, chat.id, "th-b", "My cat is called Tom", { extra: { person: { external_id: "b" } } });
    const a = (await personOf(t, "th-a"))!;
    const b = (await personOf(t, "th-b"))!;
    await t.storage.db
      .updateTable("threads")
      .set({ working_memory: "- cat: Tom" })
      .where("id", "=", "th-b")
      .execute();

    // Recall chunks of B's message, through the same repository the app uses.
    const chunks = new MessageChunksRepo(t.storage.db, t.storage.dialect, { memoryBytes: 1024 * 1024 });
    const message = await t.storage.db
      .selectFrom("messages")
      .select(["seq", "id"])
      .where("thread_id", "=", "th-b")
      .where("role", "=", "user")
      .executeTakeFirstOrThrow();
    await chunks.replace(
      EMBEDDER,
      { project_id: t.projectId, person_id: b, thread_id: "th-b", seq: Number(message.seq), id: message.id },
      [{ content: "My cat is called Tom", vector: [1, 0, 0] }],
      new Date().toISOString(),
    );
    // Searched through the index alone too (sqlite-vec on SQLite, when installed): prepared
    // before the merge, so only the merge's own indexing can make the moved chunk findable.
    const indexOnly = new MessageChunksRepo(t.storage.db, t.storage.dialect);
    const query = async (personId: string) => {
      const asked = { projectId: t.projectId, personId, embedder: EMBEDDER, vector: [1, 0, 0], limit: 5 };
      const [copied, indexed] = await Promise.all([chunks.nearest(asked), indexOnly.nearest(asked)]);
      expect(indexed).toEqual(copied);
      return copied;
    };
    expect((await query(b)).map((hit) => hit.messageId)).toEqual([message.id]);
    // A searched scope the in-memory copy holds: the moved chunk must still reach it.
    expect(await query(a)).toEqual([]);

    const merged = await t.call("POST", `/v1/contacts/${a}/merge`, { body: { from: b } });
    expect(merged.statusCode).toBe(200);
    expect(await personOf(t, "th-b")).toBe(a);
    expect((await t.call("GET", "/v1/threads/th-b/memory")).json()).toEqual({ content: "- cat: Tom" });
    expect((await query(a)).map((hit) => hit.messageId)).toEqual([message.id]);
    expect(await query(b)).toEqual([]);
    const stored = await chunks.listByMessage(message.id);
    expect(stored.map((chunk) => chunk.person_id)).toEqual([a]);

    // Receivers learn of it: contact.merged, and contact.updated for an edit (the merge's own
    // gap filling is part of contact.merged).
    await t.call("POST", `/v1/contacts/${a}`, { body: { notes: "Has a cat." } });
    const events = await t.storage.db
      .selectFrom("webhook_events")
      .select(["type", "data"])
      .where("type", "like", "contact.%")
      .orderBy("type")
      .execute();
    expect(events.map((event) => ({ type: event.type, data: JSON.parse(event.data) }))).toEqual([
      { type: "contact.merged", data: { contact_id: a, merged_contact_id: b, threads_moved: 1 } },
      { type: "contact.updated", data: { contact_id: a, fields: ["notes"] } },
    ]);

    // Deleting the contact forgets its recall; the threads stay.
    await t.call("POST", `/v1/contacts/${a}/delete`);
    expect(await chunks.listByMessage(message.id)).toEqual([]);
    expect(await personOf(t, "th-b")).toBeNull();
    expect(
      await t.storage.db.selectFrom("persons").select("id").where("project_id", "=", t.projectId).execute(),
    ).toEqual([]);
  });

  it_("parallel merges of the same pair and of a chain lose no thread and never fail with 500", async () => {
    const { t, chat } = await setup();
    const ids: string[] = [];
    for (const name of ["a", "b", "c", "d"]) {
      await streamTurn(t, chat.id, `th-${name}`, `hi from ${name}`, {
        extra: { person: { external_id: name } },
      });
      ids.push((await personOf(t, `th-${name}`))!);
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    const merge = (into: string, from: string) =>
      t.call("POST", `/v1/contacts/${into}/merge`, { body: { from } });
    const answers = await Promise.all([merge(a, b), merge(a, b), merge(b, c), merge(c, d), merge(a, d)]);
    for (const answer of answers) {
      expect([200, 404, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode !== 200) expect(["contact_merged"]).toContain(answer.json().code);
    }
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[1]!.statusCode).toBe(200);

    // Every thread belongs to a standing contact, and every merged person points at one.
    const persons = await t.storage.db
      .selectFrom("persons")
      .select(["id", "merged_into"])
      .where("project_id", "=", t.projectId)
      .execute();
    const standing = new Set(persons.filter((p) => p.merged_into === null).map((p) => p.id));
    for (const person of persons) {
      if (person.merged_into !== null) expect(standing.has(person.merged_into)).toBe(true);
    }
    const threads = await t.storage.db.selectFrom("threads").select(["id", "person_id"]).execute();
    expect(threads).toHaveLength(4);
    for (const thread of threads) expect(standing.has(thread.person_id!)).toBe(true);
    const listed = (await t.call("GET", "/v1/contacts")).json().data as Array<{
      id: string;
      thread_count: number;
    }>;
    expect(listed.map((contact) => contact.id).sort()).toEqual([...standing].sort());
    expect(listed.reduce((sum, contact) => sum + contact.thread_count, 0)).toBe(4);
    // Each external id reaches the contact its person now stands for.
    for (const name of ["a", "b", "c", "d"]) {
      await streamTurn(t, chat.id, `th-${name}-2`, "again", { extra: { person: { external_id: name } } });
      expect(standing.has((await personOf(t, `th-${name}-2`))!)).toBe(true);
    }
  });
});
