import { afterEach, describe, expect, it } from "vitest";
import { webhookEventSchema } from "../../../src/modules/webhooks/event-schemas.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

/**
 * Feedback on bot messages through the API (docs/quality.md, "Feedback"): rating, rating again,
 * the race of parallel ratings, who may rate what, the limits, and the `message.feedback` event
 * on the webhook outbox, the thread event log and the webhook wire.
 */
describe.each(DIALECTS)("message feedback on %s", (dialect) => {
  let t: TestApp | undefined;
  let rx: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await rx?.close();
    t = undefined;
    rx = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /** A thread with one user message and the bot's reply; a feedback webhook endpoint. */
  async function setup(env: Record<string, string> = {}) {
    const mock = scriptedModel(() => ({ text: "Your order ships tomorrow." }));
    t = await createTestApp({ dialect, modelOverride: () => mock.model, env });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "th-1", "Where is my order?");
    const messages = (await t.call("GET", "/v1/threads/th-1/messages")).json() as Array<{
      id: string;
      author: string;
    }>;
    const bot = messages.find((m) => m.author === "bot")!;
    const user = messages.find((m) => m.author === "user")!;
    return { t, chat, bot, user, url: `/v1/threads/th-1/messages/${bot.id}/feedback` };
  }

  /** The `message.feedback` webhook events recorded, in commit order (their deliveries' seq). */
  async function feedbackEvents(t: TestApp) {
    const rows = await t.storage.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as e", "e.id", "d.event_id")
      .select(["e.type", "e.data"])
      .where("e.type", "=", "message.feedback")
      .orderBy("d.seq")
      .execute();
    return rows.map((row) => JSON.parse(row.data));
  }

  async function subscribe(t: TestApp, url = "http://127.0.0.1:9/hooks") {
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url, events: ["message.feedback"] },
    });
    expect(endpoint.statusCode).toBe(200);
  }

  it_("an operator and an API key rate a bot message; rating again replaces theirs", async () => {
    const { t, bot, url } = await setup({ PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" });
    await subscribe(t);
    const admin = await signIn(t);

    const first = await admin.call("POST", url, { rating: "down", comment: "Too vague" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message_id: bot.id,
      thread_id: "th-1",
      source: "operator",
      rating: "down",
      comment: "Too vague",
      correction: null,
      operator: { id: admin.body.user.id, name: admin.body.user.name },
    });
    expect(first.json().id).toMatch(/^fb_/);

    const again = await admin.call("POST", url, {
      rating: "down",
      correction: "It ships tomorrow by DHL; tracking comes by email.",
    });
    expect(again.statusCode).toBe(200);
    // The same feedback, replaced as a whole: the comment not sent again is gone.
    expect(again.json()).toMatchObject({
      id: first.json().id,
      created_at: first.json().created_at,
      comment: null,
      correction: "It ships tomorrow by DHL; tracking comes by email.",
    });

    const byKey = await t.call("POST", url, { body: { rating: "up" } });
    expect(byKey.json()).toMatchObject({ source: "operator", operator: null, rating: "up" });

    const listed = (await t.call("GET", url)).json().data;
    expect(listed).toHaveLength(2);
    expect(listed.map((f: { operator: unknown }) => f.operator)).toEqual([
      { id: admin.body.user.id, name: admin.body.user.name },
      null,
    ]);
    const thread = (await admin.call("GET", "/v1/threads/th-1/feedback")).json().data;
    expect(thread.map((f: { id: string }) => f.id).sort()).toEqual(
      listed.map((f: { id: string }) => f.id).sort(),
    );

    // The domain event: previous is what the rater's feedback was before.
    const events = await feedbackEvents(t);
    expect(events.map((e) => [e.feedback.rating, e.previous, e.removed])).toEqual([
      ["down", null, false],
      ["down", { rating: "down" }, false],
      ["up", null, false],
    ]);
    expect(events[1]).toMatchObject({ thread_id: "th-1", message_id: bot.id, feedback: again.json() });

    // The operators' stream shows it too (the customer's widget stream does not).
    const log = await t.storage.db.selectFrom("thread_events").select("data").orderBy("seq").execute();
    const shown = log.map((row) => JSON.parse(row.data)).filter((e) => e.type === "message_feedback");
    expect(shown).toHaveLength(3);
    expect(shown[2]).toMatchObject({
      thread_id: "th-1",
      message_id: bot.id,
      removed: false,
      feedback: byKey.json(),
    });

    // Taking one's feedback back: the key's goes, the operator's stays; a second time is 404.
    const removed = await t.call("DELETE", url);
    expect(removed.json()).toEqual({ id: byKey.json().id, deleted: true });
    expect((await t.call("GET", url)).json().data).toHaveLength(1);
    const twice = await t.call("DELETE", url);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().code).toBe("feedback_not_found");
    expect((await feedbackEvents(t)).at(-1)).toMatchObject({
      removed: true,
      previous: { rating: "up" },
      feedback: { id: byKey.json().id, rating: "up" },
    });
  });

  it_(
    "parallel ratings by one rater leave one row, and each event's previous is the rating before it",
    async () => {
      const { t, url } = await setup({ PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" });
      await subscribe(t);
      const ratings = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? "up" : "down"));
      const answers = await Promise.all(ratings.map((rating) => t.call("POST", url, { body: { rating } })));
      expect(answers.map((a) => a.statusCode)).toEqual(ratings.map(() => 200));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);

      const rows = await t.storage.db.selectFrom("message_feedback").selectAll().execute();
      expect(rows).toHaveLength(1);

      const events = await feedbackEvents(t);
      expect(events).toHaveLength(ratings.length);
      expect(events[0].previous).toBeNull();
      for (let i = 1; i < events.length; i++) {
        expect(events[i].previous).toEqual({ rating: events[i - 1].feedback.rating });
      }
      expect(events.at(-1).feedback.rating).toBe(rows[0]!.rating);
      // Counting as analytics does gives the one rating that stands.
      const counts = { up: 0, down: 0 };
      for (const event of events) {
        if (event.previous) counts[event.previous.rating as "up" | "down"] -= 1;
        if (!event.removed) counts[event.feedback.rating as "up" | "down"] += 1;
      }
      expect(counts).toEqual(rows[0]!.rating === "up" ? { up: 1, down: 0 } : { up: 0, down: 1 });
    },
  );

  it_("only the bot's messages can be rated; unknown threads and messages are 404", async () => {
    const { t, chat, user, url } = await setup();
    const human = await t.call("POST", `/v1/threads/th-1/messages/${user.id}/feedback`, {
      body: { rating: "up" },
    });
    expect(human.statusCode).toBe(422);
    expect(human.json().code).toBe("message_not_rateable");

    // An operator's message is not the bot's either.
    await t.call("POST", "/v1/threads/th-1/mode", { body: { mode: "manual" } });
    const sent = (await t.call("POST", "/v1/threads/th-1/send", { body: { text: "Operator here" } })).json();
    const operatorMessage = await t.call("POST", `/v1/threads/th-1/messages/${sent.id}/feedback`, {
      body: { rating: "down" },
    });
    expect(operatorMessage.json().code).toBe("message_not_rateable");

    const noThread = await t.call("POST", url.replace("th-1", "th-none"), { body: { rating: "up" } });
    expect([noThread.statusCode, noThread.json().code]).toEqual([404, "thread_not_found"]);
    const noMessage = await t.call("POST", "/v1/threads/th-1/messages/msg_none/feedback", {
      body: { rating: "up" },
    });
    expect([noMessage.statusCode, noMessage.json().code]).toEqual([404, "message_not_found"]);
    // A message of another thread of the project is not this thread's.
    await streamTurn(t, chat.id, "th-2", "Hello");
    const elsewhere = (await t.call("GET", "/v1/threads/th-2/messages")).json().at(-1);
    const crossed = await t.call("POST", `/v1/threads/th-1/messages/${elsewhere.id}/feedback`, {
      body: { rating: "up" },
    });
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, "message_not_found"]);
    expect((await t.call("GET", "/v1/threads/th-1/messages/msg_none/feedback")).statusCode).toBe(404);
    expect(await t.storage.db.selectFrom("message_feedback").selectAll().execute()).toEqual([]);
  });

  it_("another project's key cannot read or rate the thread", async () => {
    const { t, url } = await setup();
    await t.call("POST", url, { body: { rating: "up" } });
    const other = await t.otherProject();
    for (const [method, body] of [
      ["POST", { rating: "down" }],
      ["GET", undefined],
      ["DELETE", undefined],
    ] as const) {
      const answer = await t.call(method, url, { key: other.key, ...(body ? { body } : {}) });
      // As reading the thread: it exists, in another project (docs/api.md).
      expect([answer.statusCode, answer.json().code]).toEqual([403, "forbidden"]);
    }
    const listed = await t.call("GET", "/v1/threads/th-1/feedback", { key: other.key });
    expect(listed.statusCode).toBe(403);
    const rows = await t.storage.db.selectFrom("message_feedback").select(["rating"]).execute();
    expect(rows).toEqual([{ rating: "up" }]);
  });

  it_("refuses bad ratings, long comments and long corrections with 422", async () => {
    const { t, url } = await setup();
    const bad = [
      { rating: "meh" },
      {},
      { rating: "up", comment: "x".repeat(2001) },
      { rating: "down", correction: "y".repeat(8001) },
      { rating: "up", extra: true },
    ];
    for (const body of bad) {
      const answer = await t.call("POST", url, { body });
      expect([answer.statusCode, answer.json().code], JSON.stringify(body).slice(0, 60)).toEqual([
        422,
        "validation_failed",
      ]);
    }
    const longest = await t.call("POST", url, {
      body: { rating: "up", comment: "x".repeat(2000), correction: ` ${"y".repeat(8000)} ` },
    });
    expect(longest.statusCode).toBe(200);
    expect(longest.json().correction).toHaveLength(8000);
    // Blank text is no text.
    expect((await t.call("POST", url, { body: { rating: "up", comment: "   " } })).json().comment).toBeNull();
  });

  it_("an operator session rates, corrects and takes back its own feedback", async () => {
    const { t, url } = await setup();
    const admin = await signIn(t);
    await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
    });
    const olga = await signIn(t, "olga@example.com", "operator-password");
    const rated = await olga.call("POST", url, { rating: "down", correction: "Ships tomorrow by DHL." });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().operator.name).toBe("Olga");
    await admin.call("POST", url, { rating: "up" });
    expect((await olga.call("GET", "/v1/threads/th-1/feedback")).json().data).toHaveLength(2);
    // Taking back removes only hers.
    const taken = await t.call("DELETE", url, {
      key: null,
      headers: { cookie: olga.cookie, "x-csrf-token": olga.csrf },
    });
    expect(taken.statusCode).toBe(200);
    const left = (await olga.call("GET", url)).json().data;
    expect(left.map((f: { operator: { id: string } }) => f.operator.id)).toEqual([admin.body.user.id]);
  });

  it_("delivers message.feedback to a webhook endpoint in the documented shape", async () => {
    rx = await WebhookReceiver.start();
    const { t, bot, url } = await setup({ PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" });
    await subscribe(t, rx.url);
    const rated = (await t.call("POST", url, { body: { rating: "down", comment: "Wrong" } })).json();
    await rx.waitFor(() => rx!.accepted.length === 1);
    const body = rx.received[0]!.body;
    expect(webhookEventSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      type: "message.feedback",
      data: {
        thread_id: "th-1",
        message_id: bot.id,
        feedback: rated,
        previous: null,
        removed: false,
      },
    });
    expect(body.data.chat_id).toEqual(expect.any(String));
  });

  it_("feedback goes with its thread", async () => {
    const { t, chat, url } = await setup();
    await t.call("POST", url, { body: { rating: "up" } });
    const deleted = await t.call("POST", `/v1/chats/${chat.id}/threads/th-1/delete`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.storage.db.selectFrom("message_feedback").selectAll().execute()).toEqual([]);
  });
});
