import { afterEach, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

type Page = {
  data: Array<{ id: string; last_message_at: string | null; chat_id: string; bot_id: string }>;
  next_cursor: string | null;
};

describe.each(DIALECTS)("listing and searching threads on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup() {
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    return { t, ...(await activeChat(t)) };
  }

  const page = async (app: TestApp, query: string) =>
    (await app.call("GET", `/v1/threads${query}`)).json() as Page;

  it_("orders by last activity, pages with a cursor without gaps or repeats, default limit 20", async () => {
    const { t, chat } = await setup();
    for (let i = 0; i < 25; i++)
      await streamTurn(t, chat.id, `th-${String(i).padStart(2, "0")}`, `message ${i}`);
    const first = await page(t, "");
    expect(first.data).toHaveLength(20);
    expect(first.data[0]!.id).toBe("th-24");
    const times = first.data.map((th) => th.last_message_at!);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.next_cursor).not.toBeNull();

    // New activity between pages moves a thread to the top; the cursor neither repeats nor skips the rest.
    await streamTurn(t, chat.id, "th-03", "bump");
    await streamTurn(t, chat.id, "th-new", "fresh");
    const second = await page(t, `?cursor=${first.next_cursor}`);
    const seen = [...first.data, ...second.data].map((th) => th.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(second.data.map((th) => th.id)).toEqual(
      ["th-04", "th-02", "th-01", "th-00"].filter((id) => id !== "th-03").slice(0, 5),
    );
    expect(second.next_cursor).toBeNull();
  });

  it_("limit, offset and filters", async () => {
    const { t, chat, bot, integration } = await setup();
    const otherBot = (await t.call("POST", "/v1/bots", { body: { name: "Other" } })).json();
    const otherChat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: otherBot.id, name: "second" },
      })
    ).json();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${otherChat.id}/status`, {
      body: { status: "active" },
    });
    for (let i = 0; i < 3; i++) await streamTurn(t, chat.id, `a-${i}`, "x");
    for (let i = 0; i < 2; i++) await streamTurn(t, otherChat.id, `b-${i}`, "x");
    expect((await page(t, "?limit=2")).data).toHaveLength(2);
    expect((await page(t, "?limit=2&offset=4")).data.map((th) => th.id)).toEqual(["a-0"]);
    expect((await page(t, `?chat_id=${otherChat.id}`)).data.map((th) => th.id)).toEqual(["b-1", "b-0"]);
    expect((await page(t, `?bot_id=${bot.id}`)).data.map((th) => th.id)).toEqual(["a-2", "a-1", "a-0"]);
    const chatThreads = (await t.call("GET", `/v1/chats/${otherChat.id}/threads`)).json();
    expect(chatThreads.map((th: { id: string }) => th.id)).toEqual(["b-1", "b-0"]);
  });

  it_("threads without messages come last", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "with", "x");
    await t.storage.db
      .insertInto("threads")
      .values({
        project_id: t.projectId,
        id: "empty",
        chat_id: chat.id,
        bot_id: chat.bot_id,
        person_id: null,
        mode: "auto",
        title: null,
        last_message_at: null,
        pending_count: 0,
        working_memory: null,
        turn_lease_owner: null,
        turn_lease_until: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await page(t, "")).data.map((th) => th.id)).toEqual(["with", "empty"]);
    const first = await page(t, "?limit=1");
    expect((await page(t, `?limit=1&cursor=${first.next_cursor}`)).data.map((th) => th.id)).toEqual([
      "empty",
    ]);
  });

  it_("searches message content, ranked, in any language, scoped to the project", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "s-refund", "I want a refund for my order, refund please");
    await streamTurn(t, chat.id, "s-delivery", "When is the delivery of my order?");
    await streamTurn(t, chat.id, "s-ru", "Где мой заказ? Доставка задерживается");
    await streamTurn(t, chat.id, "s-other", "Hello there");
    expect((await page(t, "?search=order")).data.map((th) => th.id).sort()).toEqual([
      "s-delivery",
      "s-refund",
    ]);
    expect((await page(t, "?search=refund")).data.map((th) => th.id)).toEqual(["s-refund"]);
    expect((await page(t, `?search=${encodeURIComponent("заказ")}`)).data.map((th) => th.id)).toEqual([
      "s-ru",
    ]);
    expect((await page(t, `?search=${encodeURIComponent('refund "order')}`)).data.map((th) => th.id)).toEqual(
      ["s-refund"],
    );
    expect((await page(t, "?search=nothingmatches")).data).toEqual([]);
    const other = await t.otherProject();
    const foreign = (await t.call("GET", "/v1/threads?search=order", { key: other.key })).json();
    expect(foreign.data).toEqual([]);
    const paged = await page(t, "?search=order&limit=1");
    expect(paged.data).toHaveLength(1);
    const rest = await page(t, `?search=order&limit=1&cursor=${paged.next_cursor}`);
    expect(rest.data).toHaveLength(1);
    expect(rest.data[0]!.id).not.toBe(paged.data[0]!.id);
  });

  it_("ranks the thread that matches better first", async () => {
    const { t, chat } = await setup();
    await streamTurn(
      t,
      chat.id,
      "weak",
      "a long message about many things including one invoice mention and more words here",
    );
    await streamTurn(t, chat.id, "strong", "invoice invoice invoice");
    expect((await page(t, "?search=invoice")).data.map((th) => th.id)).toEqual(["strong", "weak"]);
  });

  it_("refuses a limit above 100 and a cursor it did not issue", async () => {
    const { t } = await setup();
    const big = await t.call("GET", "/v1/threads?limit=101");
    expect(big.statusCode).toBe(422);
    expect(big.json().details[0].path).toBe("query.limit");
    expect((await t.call("GET", "/v1/threads?cursor=garbage")).statusCode).toBe(422);
  });
});
