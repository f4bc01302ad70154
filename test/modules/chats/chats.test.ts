import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)("chats on %s", (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    clock = new ManualClock("2026-11-21T10:00:00.000Z");
    t = await createTestApp({ dialect, clock });
  });
  afterEach(async () => {
    await t?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function createIntegration(name = "Telegram", key?: string) {
    const response = await t.call("POST", "/v1/integrations", {
      body: { name, vendor: "telegram", auth_data: { token: "123456:chat-test-token" } },
      ...(key ? { key } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function createBot(name = "Support", key?: string) {
    const response = await t.call("POST", "/v1/bots", { body: { name }, ...(key ? { key } : {}) });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function createChat(integrationId: string, body: Record<string, unknown>) {
    const response = await t.call("POST", `/v1/integrations/${integrationId}/chats`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** A thread of the chat with one message at each of the given times. */
  async function seedThread(chatId: string, botId: string, threadId: string, times: string[]): Promise<void> {
    const db = t.storage.db;
    const personId = `per_${threadId}`;
    await db
      .insertInto("persons")
      .values({
        id: personId,
        project_id: t.projectId,
        external_id: personId,
        name: "Ann",
        avatar_url: null,
        created_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("threads")
      .values({
        project_id: t.projectId,
        id: threadId,
        chat_id: chatId,
        bot_id: botId,
        person_id: personId,
        mode: "auto",
        title: null,
        last_message_at: times.at(-1) ?? null,
        pending_count: 0,
        working_memory: null,
        created_at: "2026-11-01T00:00:00.000Z",
        updated_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();
    let n = 0;
    for (const created_at of times) {
      n += 1;
      await db
        .insertInto("messages")
        .values({
          id: `msg_${threadId}_${n}`,
          project_id: t.projectId,
          thread_id: threadId,
          role: n % 2 ? "user" : "assistant",
          author: n % 2 ? "user" : "bot",
          content: `message ${n}`,
          parts: null,
          external_id: null,
          created_at,
        })
        .execute();
    }
  }

  const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();

  it_("creates a disabled chat bound to a bot, and reads it from every list", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Support inbox" });
    expect(Object.keys(chat).sort()).toEqual(
      [
        "bot_id",
        "bot_version",
        "created_at",
        "events_24h",
        "id",
        "integration_id",
        "name",
        "project_id",
        "settings",
        "status",
        "updated_at",
      ].sort(),
    );
    expect(chat).toMatchObject({
      name: "Support inbox",
      bot_id: bot.id,
      integration_id: integration.id,
      status: "disabled",
      bot_version: "published",
      project_id: t.projectId,
      settings: {},
      events_24h: 0,
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    });
    expect(chat.id).toMatch(/^chat_[A-Za-z0-9]{22}$/);
    expect((await t.call("GET", "/v1/chats")).json()).toEqual([chat]);
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toEqual(chat);
    expect((await t.call("GET", `/v1/integrations/${integration.id}/chats`)).json()).toEqual([chat]);

    const withSettings = await createChat(integration.id, {
      bot_id: bot.id,
      name: "Group",
      settings: { greeting: "Hi", allowed: ["a"] },
    });
    expect(withSettings.settings).toEqual({ greeting: "Hi", allowed: ["a"] });
  });

  it_("lists the project's chats across integrations, oldest first, and each integration's own", async () => {
    const first = await createIntegration("First");
    const second = await createIntegration("Second");
    const bot = await createBot();
    const a = await createChat(first.id, { bot_id: bot.id, name: "A" });
    clock.advance(1000);
    const b = await createChat(second.id, { bot_id: bot.id, name: "B" });
    clock.advance(1000);
    const c = await createChat(first.id, { bot_id: bot.id, name: "C" });
    const ids = (list: Array<{ id: string }>) => list.map((chat) => chat.id);
    expect(ids((await t.call("GET", "/v1/chats")).json())).toEqual([a.id, b.id, c.id]);
    expect(ids((await t.call("GET", `/v1/integrations/${first.id}/chats`)).json())).toEqual([a.id, c.id]);
    expect(ids((await t.call("GET", `/v1/integrations/${second.id}/chats`)).json())).toEqual([b.id]);
    expect((await t.call("GET", "/v1/chats/chat_missing")).json().code).toBe("chat_not_found");
  });

  it_("validates the create body", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const url = `/v1/integrations/${integration.id}/chats`;
    const cases: Array<[unknown, string]> = [
      [{ name: "x" }, "bot_id"],
      [{ bot_id: bot.id }, "name"],
      [{ bot_id: bot.id, name: "" }, "name"],
      [{ bot_id: bot.id, name: "   " }, "name"],
      [{ bot_id: bot.id, name: "x".repeat(201) }, "name"],
      [{ bot_id: 5, name: "x" }, "bot_id"],
      [{ bot_id: bot.id, name: "x", settings: "on" }, "settings"],
      [{ bot_id: bot.id, name: "x", status: "active" }, "status"],
    ];
    for (const [body, path] of cases) {
      const response = await t.call("POST", url, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await t.call("POST", url)).json().code).toBe("body_required");
    expect((await t.call("GET", "/v1/chats")).json()).toEqual([]);
  });

  it_("needs a bot of the same project: 404 bot_not_found, 403 for another project's", async () => {
    const integration = await createIntegration();
    const missing = await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: "bot_missing", name: "x" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("bot_not_found");
    const other = await t.otherProject();
    const theirs = await createBot("Theirs", other.key);
    const foreign = await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: theirs.id, name: "x" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("forbidden");
    expect((await t.call("GET", "/v1/chats")).json()).toEqual([]);
  });

  it_("refuses a second chat with the same name in one integration with 409 chat_name_taken", async () => {
    const integration = await createIntegration();
    const elsewhere = await createIntegration("Other");
    const bot = await createBot();
    await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const duplicate = await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: bot.id, name: "Inbox" },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("chat_name_taken");
    const trimmed = await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: bot.id, name: "  Inbox " },
    });
    expect(trimmed.statusCode).toBe(409);
    expect((await t.call("GET", `/v1/integrations/${integration.id}/chats`)).json()).toHaveLength(1);
    // Names are unique per integration, and case-sensitive.
    await createChat(elsewhere.id, { bot_id: bot.id, name: "Inbox" });
    await createChat(integration.id, { bot_id: bot.id, name: "inbox" });
  });

  it_("updates name, bot and settings, leaving what was not sent", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const sales = await createBot("Sales");
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox", settings: { a: 1 } });
    const url = `/v1/integrations/${integration.id}/chats/${chat.id}`;
    clock.advance(5000);

    const renamed = await t.call("POST", url, { body: { name: "Front desk" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: chat.id,
      name: "Front desk",
      bot_id: bot.id,
      status: "disabled",
      settings: { a: 1 },
      events_24h: 0,
      created_at: chat.created_at,
      updated_at: "2026-11-21T10:00:05.000Z",
    });
    const rebound = (await t.call("POST", url, { body: { bot_id: sales.id } })).json();
    expect(rebound).toMatchObject({ name: "Front desk", bot_id: sales.id });
    const replaced = (await t.call("POST", url, { body: { settings: { b: 2 } } })).json();
    expect(replaced.settings).toEqual({ b: 2 });
    const same = await t.call("POST", url, { body: { name: "Front desk" } });
    expect(same.statusCode).toBe(200);
    const empty = await t.call("POST", url, { body: {} });
    expect(empty.statusCode).toBe(200);
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toEqual(empty.json());

    const missingBot = await t.call("POST", url, { body: { bot_id: "bot_missing" } });
    expect(missingBot.statusCode).toBe(404);
    expect(missingBot.json().code).toBe("bot_not_found");
    const other = await t.otherProject();
    const theirs = await createBot("Theirs", other.key);
    expect((await t.call("POST", url, { body: { bot_id: theirs.id } })).statusCode).toBe(403);
    for (const [body, path] of [
      [{ name: "" }, "name"],
      [{ status: "active" }, "status"],
      [{ integration_id: "int_x" }, "integration_id"],
      [{ settings: [1] }, "settings"],
    ] as const) {
      const response = await t.call("POST", url, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toMatchObject({
      name: "Front desk",
      bot_id: sales.id,
      settings: { b: 2 },
    });
  });

  it_("refuses renaming to a name taken in the integration with 409 and changes nothing", async () => {
    const integration = await createIntegration();
    const elsewhere = await createIntegration("Other");
    const bot = await createBot();
    await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Group" });
    const foreign = await createChat(elsewhere.id, { bot_id: bot.id, name: "Lobby" });
    const response = await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}`, {
      body: { name: "Inbox", settings: { changed: true } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("chat_name_taken");
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toMatchObject({
      name: "Group",
      settings: {},
    });
    // A name used only in another integration is free here.
    const lobby = await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}`, {
      body: { name: foreign.name },
    });
    expect(lobby.statusCode).toBe(200);
  });

  it_("sets the status to active or disabled only", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const url = `/v1/integrations/${integration.id}/chats/${chat.id}/status`;
    clock.advance(1000);
    const active = await t.call("POST", url, { body: { status: "active" } });
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({
      id: chat.id,
      status: "active",
      name: "Inbox",
      events_24h: 0,
      updated_at: "2026-11-21T10:00:01.000Z",
    });
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().status).toBe("active");
    expect((await t.call("POST", url, { body: { status: "active" } })).json().status).toBe("active");
    expect((await t.call("POST", url, { body: { status: "disabled" } })).json().status).toBe("disabled");
    for (const body of [{ status: "error" }, { status: "paused" }, {}, { status: "active", name: "x" }]) {
      const response = await t.call("POST", url, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe("validation_failed");
    }
    const error = await t.call("POST", url, { body: { status: "error" } });
    expect(error.json().details[0]).toMatchObject({ path: "status" });
    expect(error.json().details[0].message).toContain("active or disabled");
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().status).toBe("disabled");
  });

  it_("deletes a chat with its threads and messages", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const kept = await createChat(integration.id, { bot_id: bot.id, name: "Kept" });
    await seedThread(chat.id, bot.id, "thr_gone", [ago(HOUR)]);
    await seedThread(kept.id, bot.id, "thr_kept", [ago(HOUR)]);
    const response = await t.call("DELETE", `/v1/integrations/${integration.id}/chats/${chat.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: chat.id, deleted: true });
    const gone = await t.call("GET", `/v1/chats/${chat.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("chat_not_found");
    expect((await t.call("GET", "/v1/chats")).json().map((c: { id: string }) => c.id)).toEqual([kept.id]);
    const threads = await t.storage.db.selectFrom("threads").select("id").execute();
    expect(threads.map((r) => r.id)).toEqual(["thr_kept"]);
    const messages = await t.storage.db.selectFrom("messages").select("thread_id").execute();
    expect(messages.map((r) => r.thread_id)).toEqual(["thr_kept"]);
    const again = await t.call("DELETE", `/v1/integrations/${integration.id}/chats/${chat.id}`);
    expect(again.statusCode).toBe(404);
    // The name is free again.
    await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
  });

  it_("answers 404 chat_not_found for a chat under the wrong integration or an unknown chat", async () => {
    const integration = await createIntegration();
    const wrong = await createIntegration("Other");
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    for (const chatId of [chat.id, "chat_missing"]) {
      const attempts: Array<["POST" | "DELETE", string, unknown]> = [
        ["POST", `/v1/integrations/${wrong.id}/chats/${chatId}`, { name: "Moved" }],
        ["POST", `/v1/integrations/${wrong.id}/chats/${chatId}/status`, { status: "active" }],
        ["DELETE", `/v1/integrations/${wrong.id}/chats/${chatId}`, undefined],
      ];
      for (const [method, url, body] of attempts) {
        const response = await t.call(method, url, { body });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe("chat_not_found");
      }
    }
    expect((await t.call("GET", `/v1/integrations/${wrong.id}/chats`)).json()).toEqual([]);
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toEqual(chat);
  });

  it_("refuses another project's chat with 403 on every operation and changes nothing", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const other = await t.otherProject();
    const theirIntegration = await createIntegration("Theirs", other.key);
    const attempts: Array<["GET" | "POST" | "DELETE", string, unknown]> = [
      ["GET", `/v1/chats/${chat.id}`, undefined],
      ["GET", `/v1/integrations/${integration.id}/chats`, undefined],
      ["POST", `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "New" }],
      ["POST", `/v1/integrations/${integration.id}/chats/${chat.id}`, { name: "Stolen" }],
      ["POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" }],
      ["DELETE", `/v1/integrations/${integration.id}/chats/${chat.id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call(method, url, { key: other.key, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    // Their own integration with our bot: the bot is ours, so 403 too.
    const borrowed = await t.call("POST", `/v1/integrations/${theirIntegration.id}/chats`, {
      key: other.key,
      body: { bot_id: bot.id, name: "Borrowed" },
    });
    expect(borrowed.statusCode).toBe(403);
    // Our chat under their integration's path: the integration check answers first.
    const underTheirs = await t.call("POST", `/v1/integrations/${theirIntegration.id}/chats/${chat.id}`, {
      key: other.key,
      body: { name: "x" },
    });
    expect(underTheirs.statusCode).toBe(404);
    expect((await t.call("GET", "/v1/chats", { key: other.key })).json()).toEqual([]);
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json()).toEqual(chat);
  });

  it_("counts events_24h: messages of the chat's threads created in the last 24 hours", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Busy" });
    const quiet = await createChat(integration.id, { bot_id: bot.id, name: "Quiet" });
    const other = await createChat(integration.id, { bot_id: bot.id, name: "Other" });
    // Counted: 1 min, 1 h, 23 h 59 min ago (two threads). Not: exactly 24 h, 25 h, 3 days ago.
    await seedThread(chat.id, bot.id, "thr_a", [ago(3 * 24 * HOUR), ago(25 * HOUR), ago(HOUR), ago(60_000)]);
    await seedThread(chat.id, bot.id, "thr_b", [ago(24 * HOUR), ago(24 * HOUR - 60_000)]);
    await seedThread(quiet.id, bot.id, "thr_c", [ago(30 * HOUR)]);
    await seedThread(other.id, bot.id, "thr_d", [ago(2 * HOUR), ago(HOUR)]);

    const counts = (list: Array<{ name: string; events_24h: number }>) =>
      Object.fromEntries(list.map((c) => [c.name, c.events_24h]));
    expect(counts((await t.call("GET", "/v1/chats")).json())).toEqual({ Busy: 3, Quiet: 0, Other: 2 });
    expect(counts((await t.call("GET", `/v1/integrations/${integration.id}/chats`)).json())).toEqual({
      Busy: 3,
      Quiet: 0,
      Other: 2,
    });
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().events_24h).toBe(3);
    const base = `/v1/integrations/${integration.id}/chats/${chat.id}`;
    expect((await t.call("POST", base, { body: { name: "Busy!" } })).json().events_24h).toBe(3);
    expect((await t.call("POST", `${base}/status`, { body: { status: "active" } })).json().events_24h).toBe(
      3,
    );

    // The window follows the clock: two hours later the one-hour-old messages are 3 h old,
    // and the 23 h 59 min one has left the window.
    clock.advance(2 * HOUR);
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().events_24h).toBe(2);
    clock.advance(24 * HOUR);
    expect(counts((await t.call("GET", "/v1/chats")).json())).toEqual({ "Busy!": 0, Quiet: 0, Other: 0 });
  });

  it_("refuses deleting a bot that chats use with 409 bot_in_use", async () => {
    const integration = await createIntegration();
    const bot = await createBot();
    const spare = await createBot("Spare");
    const chat = await createChat(integration.id, { bot_id: bot.id, name: "Inbox" });
    const refused = await t.call("POST", `/v1/bots/${bot.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("bot_in_use");
    expect((await t.call("GET", `/v1/bots/${bot.id}`)).statusCode).toBe(200);

    // Rebinding the chat frees the bot; the spare is now in use.
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}`, {
      body: { bot_id: spare.id },
    });
    const deleted = await t.call("POST", `/v1/bots/${bot.id}/delete`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: bot.id, deleted: true });
    expect((await t.call("POST", `/v1/bots/${spare.id}/delete`)).json().code).toBe("bot_in_use");
    await t.call("DELETE", `/v1/integrations/${integration.id}/chats/${chat.id}`);
    expect((await t.call("POST", `/v1/bots/${spare.id}/delete`)).statusCode).toBe(200);
  });
});
