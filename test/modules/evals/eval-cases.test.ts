import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * Evaluation cases through the API (docs/quality.md, "Evaluations"): written by hand, read,
 * changed, deleted; saved from a thread and from feedback; the limits and who may touch them.
 */
describe.each(DIALECTS)("evaluation cases on %s", (dialect) => {
  let t: TestApp;
  let botId: string;
  let chatId: string;
  const it_ = it.skipIf(shouldSkip(dialect));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    const mock = scriptedModel((options) => ({ text: `Reply to ${lastUserText(options)}` }));
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    botId = fixture.bot.id;
    chatId = fixture.chat.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases = () => `/v1/bots/${botId}/evals/cases`;
  const messagesOf = async (thread: string) =>
    (await t.call("GET", `/v1/threads/${thread}/messages`)).json() as Array<{
      id: string;
      author: string;
      role: string;
      content: string;
    }>;

  it_("writes, reads, lists, changes and deletes a case", async () => {
    const created = await t.call("POST", cases(), {
      body: {
        name: "Refund question",
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello! How can I help?" },
          { role: "user", content: "When do I get my refund?" },
        ],
        expectations: [
          { type: "contains", value: "5 days" },
          { type: "tool_called", tool: "knowledge_search", arguments: { query: "refund" } },
          { type: "hands_off", expected: false },
          { type: "max_tokens", value: 300 },
          { type: "rubric", criteria: "Polite" },
        ],
        tool_results: { order_status: { status: "shipped" } },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^evc_/),
      bot_id: botId,
      name: "Refund question",
      source: { type: "manual", thread_id: null, message_id: null },
      tool_results: { order_status: { status: "shipped" } },
    });
    expect(body.expectations).toHaveLength(5);

    expect((await t.call("GET", `${cases()}/${body.id}`)).json()).toEqual(body);
    const second = (
      await t.call("POST", cases(), { body: { name: "Second", messages: [{ role: "user", content: "Yo" }] } })
    ).json();
    expect(second).toMatchObject({ expectations: [], tool_results: {} });

    const page1 = (await t.call("GET", `${cases()}?limit=1`)).json();
    expect(page1.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const page2 = (await t.call("GET", `${cases()}?limit=1&cursor=${page1.next_cursor}`)).json();
    expect(page2.data.map((c: { id: string }) => c.id)).toEqual([body.id]);

    const updated = await t.call("POST", `${cases()}/${body.id}`, {
      body: {
        name: "Refunds",
        expectations: [{ type: "not_contains", value: "30 days", case_sensitive: true }],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "Refunds",
      messages: body.messages,
      expectations: [{ type: "not_contains", value: "30 days", case_sensitive: true }],
    });

    const deleted = await t.call("POST", `${cases()}/${second.id}/delete`);
    expect(deleted.json()).toEqual({ id: second.id, deleted: true });
    expect((await t.call("GET", `${cases()}/${second.id}`)).json().code).toBe("eval_case_not_found");
    expect((await t.call("POST", `${cases()}/${second.id}/delete`)).statusCode).toBe(404);
    await t.call("POST", `${cases()}/${body.id}/delete`);
  });

  it_("refuses bad cases with 422 and a code, never a 500", async () => {
    const user = (content: string) => ({ role: "user", content });
    const bad: Array<[string, unknown]> = [
      ["ends with the bot", { name: "x", messages: [user("a"), { role: "assistant", content: "b" }] }],
      ["no messages", { name: "x", messages: [] }],
      ["51 messages", { name: "x", messages: Array.from({ length: 51 }, () => user("a")) }],
      ["content too long", { name: "x", messages: [user("a".repeat(8001))] }],
      ["empty content", { name: "x", messages: [user("")] }],
      ["system role", { name: "x", messages: [{ role: "system", content: "a" }] }],
      ["name too long", { name: "n".repeat(201), messages: [user("a")] }],
      ["no name", { messages: [user("a")] }],
      [
        "21 expectations",
        {
          name: "x",
          messages: [user("a")],
          expectations: Array.from({ length: 21 }, () => ({ type: "contains", value: "a" })),
        },
      ],
      ["unknown expectation", { name: "x", messages: [user("a")], expectations: [{ type: "sounds_nice" }] }],
      [
        "max_tokens 0",
        { name: "x", messages: [user("a")], expectations: [{ type: "max_tokens", value: 0 }] },
      ],
      ["hands_off no expected", { name: "x", messages: [user("a")], expectations: [{ type: "hands_off" }] }],
      ["extra field", { name: "x", messages: [user("a")], colour: "red" }],
      [
        "extra expectation field",
        { name: "x", messages: [user("a")], expectations: [{ type: "rubric", criteria: "a", weight: 2 }] },
      ],
    ];
    for (const [why, body] of bad) {
      const response = await t.call("POST", cases(), { body });
      expect(response.statusCode, why).toBe(422);
      expect(response.json().code, why).toBe("validation_failed");
    }
    const noEnd = await t.call("POST", cases(), {
      body: { name: "x", messages: [user("a"), { role: "assistant", content: "b" }] },
    });
    expect(noEnd.json().details).toEqual([{ path: "messages", message: "must end with a user message" }]);
    const created = (await t.call("POST", cases(), { body: { name: "ok", messages: [user("a")] } })).json();
    const update = await t.call("POST", `${cases()}/${created.id}`, {
      body: { messages: [{ role: "assistant", content: "only me" }] },
    });
    expect(update.statusCode).toBe(422);
    await t.call("POST", `${cases()}/${created.id}/delete`);
  });

  it_("another project's bot is 403, an unknown bot 404, as for every bot route", async () => {
    const other = await t.otherProject();
    const theirs = (await t.call("POST", "/v1/bots", { key: other.key, body: { name: "Theirs" } })).json();
    const body = { name: "x", messages: [{ role: "user", content: "a" }] };
    const mine = (await t.call("POST", cases(), { body })).json();
    for (const [method, url, sent] of [
      ["GET", `/v1/bots/${theirs.id}/evals/cases`, undefined],
      ["POST", `/v1/bots/${theirs.id}/evals/cases`, body],
      ["GET", `/v1/bots/${theirs.id}/evals/runs`, undefined],
      ["POST", `/v1/bots/${theirs.id}/evals/runs`, {}],
    ] as const) {
      const response = await t.call(method, url, sent !== undefined ? { body: sent } : {});
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    const unknown = await t.call("GET", "/v1/bots/bot_missing/evals/cases");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("bot_not_found");
    // Their key on my bot's case: 403, the case is not shown.
    const peek = await t.call("GET", `${cases()}/${mine.id}`, { key: other.key });
    expect(peek.statusCode).toBe(403);
    // My case under their bot: no such case there.
    const wrongBot = (await t.call("POST", "/v1/bots", { body: { name: "Second" } })).json();
    expect((await t.call("GET", `/v1/bots/${wrongBot.id}/evals/cases/${mine.id}`)).statusCode).toBe(404);
    await t.call("POST", `${cases()}/${mine.id}/delete`);
  });

  it_("saves a thread's conversation: before a bot message, or up to the last user message", async () => {
    await streamTurn(t, chatId, "th-save", "First question");
    await streamTurn(t, chatId, "th-save", "Second question");
    const messages = await messagesOf("th-save");
    const firstReply = messages.filter((m) => m.author === "bot")[0]!;
    const secondReply = messages.filter((m) => m.author === "bot")[1]!;

    const before = await t.call("POST", `${cases()}/from_thread`, {
      body: {
        thread_id: "th-save",
        message_id: secondReply.id,
        expectations: [{ type: "contains", value: "Second" }],
      },
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      name: "Thread: Second question",
      messages: [
        { role: "user", content: "First question" },
        { role: "assistant", content: "Reply to First question" },
        { role: "user", content: "Second question" },
      ],
      expectations: [{ type: "contains", value: "Second" }],
      source: { type: "thread", thread_id: "th-save", message_id: secondReply.id },
    });
    const first = await t.call("POST", `${cases()}/from_thread`, {
      body: { thread_id: "th-save", message_id: firstReply.id, name: "Opening" },
    });
    expect(first.json()).toMatchObject({
      name: "Opening",
      messages: [{ role: "user", content: "First question" }],
    });
    const whole = await t.call("POST", `${cases()}/from_thread`, { body: { thread_id: "th-save" } });
    expect(whole.json().messages).toHaveLength(3);
    expect(whole.json().messages.at(-1)).toEqual({ role: "user", content: "Second question" });

    // Errors: an unknown thread, another project's thread, a message elsewhere, a user message.
    const missing = await t.call("POST", `${cases()}/from_thread`, { body: { thread_id: "th-none" } });
    expect([missing.statusCode, missing.json().code]).toEqual([404, "thread_not_found"]);
    const other = await t.otherProject();
    const theirChat = await activeChat(t, other.key);
    await streamTurn(t, theirChat.chat.id, "th-theirs", "Secret", { key: other.key });
    const theirs = await t.call("POST", `${cases()}/from_thread`, { body: { thread_id: "th-theirs" } });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, "thread_not_found"]);
    const noMessage = await t.call("POST", `${cases()}/from_thread`, {
      body: { thread_id: "th-save", message_id: "msg_none" },
    });
    expect([noMessage.statusCode, noMessage.json().code]).toEqual([404, "message_not_found"]);
    const userMessage = messages.find((m) => m.author === "user")!;
    const notBot = await t.call("POST", `${cases()}/from_thread`, {
      body: { thread_id: "th-save", message_id: userMessage.id },
    });
    expect([notBot.statusCode, notBot.json().code]).toEqual([422, "not_a_bot_message"]);
  });

  it_("saves a rated answer's conversation; a 👎 with a correction becomes a rubric", async () => {
    await streamTurn(t, chatId, "th-rated", "How long is delivery?");
    const reply = (await messagesOf("th-rated")).find((m) => m.author === "bot")!;
    const url = `${cases()}/from_feedback`;
    const unrated = await t.call("POST", url, { body: { thread_id: "th-rated", message_id: reply.id } });
    expect([unrated.statusCode, unrated.json().code]).toEqual([404, "feedback_not_found"]);

    await t.call("POST", `/v1/threads/th-rated/messages/${reply.id}/feedback`, {
      body: { rating: "up" },
    });
    const liked = (
      await t.call("POST", url, { body: { thread_id: "th-rated", message_id: reply.id } })
    ).json();
    expect(liked.expectations).toEqual([
      { type: "rubric", criteria: "Says what this answer, rated good, says: Reply to How long is delivery?" },
    ]);

    await t.call("POST", `/v1/threads/th-rated/messages/${reply.id}/feedback`, {
      body: { rating: "down", correction: "Two days in the city, a week elsewhere." },
    });
    const created = await t.call("POST", url, { body: { thread_id: "th-rated", message_id: reply.id } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      messages: [{ role: "user", content: "How long is delivery?" }],
      expectations: [
        {
          type: "rubric",
          criteria: "Says what this better answer says: Two days in the city, a week elsewhere.",
        },
      ],
      source: { type: "feedback", thread_id: "th-rated", message_id: reply.id },
    });
  });
});
