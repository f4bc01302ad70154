import { afterEach, describe, expect, it } from "vitest";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

/**
 * The widget's visitor rates the bot's answers of their own conversation (docs/widget.md,
 * "Rating answers"): `source` customer, no correction, nobody else's messages, and their rating
 * back in the history.
 */
describe.each(DIALECTS)("rating answers in the widget on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  const widget = (t: TestApp, method: "GET" | "POST", url: string, token?: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: SITE,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  /** A visitor who asked once: their token, the bot's answer and their own message. */
  async function visitor(t: TestApp, chatId: string) {
    const session = (await widget(t, "POST", `/widget/v1/chats/${chatId}/sessions`, undefined, {})).json();
    const token = session.visitor_token as string;
    const sent = await widget(t, "POST", "/widget/v1/messages", token, { text: "Do you ship to Berlin?" });
    const finish = (sseData(sent.body) as Array<{ type: string; message_id?: string }>).find(
      (e) => e.type === "finish",
    );
    const history = (await widget(t, "GET", "/widget/v1/messages", token)).json().data as Array<{
      id: string;
      author: string;
    }>;
    const own = history.find((m) => m.author === "user")!;
    return { token, threadId: session.thread_id as string, botId: finish!.message_id!, ownId: own.id };
  }

  async function setup() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { chat } = await activeChat(t);
    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    return { t, chatId: chat.id as string };
  }

  it_("a visitor rates an answer, changes their mind, and sees their rating in the history", async () => {
    const { t, chatId } = await setup();
    const v = await visitor(t, chatId);
    const url = `/widget/v1/messages/${v.botId}/feedback`;

    const down = await widget(t, "POST", url, v.token, { rating: "down", comment: "Not what I asked" });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ rating: "down", comment: "Not what I asked" });
    expect(down.headers["access-control-allow-origin"]).toBe(SITE);
    const up = await widget(t, "POST", url, v.token, { rating: "up" });
    expect(up.json()).toEqual({ rating: "up", comment: null });

    const history = (await widget(t, "GET", "/widget/v1/messages", v.token)).json().data;
    expect(history.find((m: { id: string }) => m.id === v.botId).feedback).toEqual({
      rating: "up",
      comment: null,
    });
    expect(history.find((m: { id: string }) => m.id === v.ownId).feedback).toBeUndefined();

    // The operators see it as the customer's, on the one row of the customer.
    const listed = (await t.call("GET", `/v1/threads/${v.threadId}/messages/${v.botId}/feedback`)).json()
      .data;
    expect(listed).toEqual([
      expect.objectContaining({ source: "customer", operator: null, rating: "up", correction: null }),
    ]);
    // An operator's rating of the same answer is theirs; the visitor's history shows only the visitor's.
    await t.call("POST", `/v1/threads/${v.threadId}/messages/${v.botId}/feedback`, {
      body: { rating: "down", correction: "Yes, in 2 days." },
    });
    const again = (await widget(t, "GET", "/widget/v1/messages", v.token)).json().data;
    expect(again.find((m: { id: string }) => m.id === v.botId).feedback).toEqual({
      rating: "up",
      comment: null,
    });
  });

  it_("refuses the visitor's own words, other conversations, corrections and strangers", async () => {
    const { t, chatId } = await setup();
    const v = await visitor(t, chatId);
    const other = await visitor(t, chatId);

    const own = await widget(t, "POST", `/widget/v1/messages/${v.ownId}/feedback`, v.token, { rating: "up" });
    expect([own.statusCode, own.json().code]).toEqual([422, "message_not_rateable"]);
    const theirs = await widget(t, "POST", `/widget/v1/messages/${other.botId}/feedback`, v.token, {
      rating: "down",
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, "message_not_found"]);
    const correcting = await widget(t, "POST", `/widget/v1/messages/${v.botId}/feedback`, v.token, {
      rating: "down",
      correction: "Say yes",
    });
    expect([correcting.statusCode, correcting.json().code]).toEqual([422, "validation_failed"]);
    const tooLong = await widget(t, "POST", `/widget/v1/messages/${v.botId}/feedback`, v.token, {
      rating: "down",
      comment: "x".repeat(2001),
    });
    expect(tooLong.statusCode).toBe(422);
    const anonymous = await widget(t, "POST", `/widget/v1/messages/${v.botId}/feedback`, undefined, {
      rating: "up",
    });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, "visitor_token_invalid"]);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: `/widget/v1/messages/${v.botId}/feedback`,
      headers: {
        origin: "https://evil.example",
        authorization: `Bearer ${v.token}`,
        "content-type": "application/json",
      },
      payload: JSON.stringify({ rating: "up" }),
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([403, "origin_not_allowed"]);
    expect(await t.storage.db.selectFrom("message_feedback").selectAll().execute()).toEqual([]);
  });

  it_("the visitor's event stream does not carry feedback events", async () => {
    const { t, chatId } = await setup();
    const v = await visitor(t, chatId);
    await widget(t, "POST", `/widget/v1/messages/${v.botId}/feedback`, v.token, { rating: "down" });
    await t.call("POST", `/v1/threads/${v.threadId}/messages/${v.botId}/feedback`, {
      body: { rating: "down", correction: "An operator's better answer" },
    });
    const log = await t.storage.db
      .selectFrom("thread_events")
      .select(["seq", "data"])
      .orderBy("seq")
      .execute();
    const feedbackSeqs = log
      .filter((row) => JSON.parse(row.data).type === "message_feedback")
      .map((r) => r.seq);
    expect(feedbackSeqs).toHaveLength(2);
    // Replayed from just before them: only ids, never the feedback or the correction.
    const before = Number(feedbackSeqs[0]) - 1;
    const controller = new AbortController();
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const response = await fetch(`${address}/widget/v1/events`, {
      headers: { authorization: `Bearer ${v.token}`, origin: SITE, "last-event-id": String(before) },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes(`id: ${feedbackSeqs[1]}`)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain(`id: ${feedbackSeqs[1]}`);
    expect(text).not.toContain("message_feedback");
    expect(text).not.toContain("better answer");
  });
});
