import { afterEach, describe, expect, it } from "vitest";
import { webhookEventSchema } from "../../../src/modules/webhooks/event-schemas.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

/**
 * CSAT (docs/csat.md): the survey asked when a thread is resolved, its answer by message (no
 * reopen, no AI reply), by the widget and by the API, expiry, the reports, the webhook, and races.
 */
describe.each(DIALECTS)("CSAT on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(settings: Record<string, unknown> | null = { enabled: true }) {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "https://hooks.example.com/in", events: ["conversation.rated"] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    if (settings) {
      const saved = await t.call("POST", "/v1/csat", { body: settings });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return { t, mock, ...fixture };
  }

  const resolve = async (app: TestApp, threadId: string) => {
    const response = await app.call("POST", `/v1/threads/${threadId}/status`, {
      body: { status: "resolved" },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const messagesOf = async (app: TestApp, threadId: string) =>
    (
      (await app.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
        role: string;
        author: string;
        content: string;
      }>
    ).filter((m) => m.role !== "tool" && m.content !== "");
  const ratingOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}/rating`)).json().rating;
  const statusOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}`)).json().status;
  async function webhookEvents(app: TestApp, type: string) {
    const rows = await app.storage.db
      .selectFrom("webhook_events")
      .select(["id", "type", "data", "created_at"])
      .where("type", "=", type)
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) }));
  }

  it_("settings: defaults, replace, read back; bad input is a 422 and nothing is stored", async () => {
    const { t } = await setup(null);
    expect((await t.call("GET", "/v1/csat")).json()).toEqual({
      enabled: false,
      question: null,
      scale: "1-5",
      updated_at: null,
    });
    for (const body of [
      { enabled: "yes" },
      { enabled: true, scale: "1-10" },
      { enabled: true, question: { ru: "Как?" } },
      { enabled: true, question: { default: "" } },
      { enabled: true, extra: 1 },
    ]) {
      const response = await t.call("POST", "/v1/csat", { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe("validation_failed");
    }
    expect((await t.call("GET", "/v1/csat")).json().updated_at).toBeNull();
    const saved = await t.call("POST", "/v1/csat", {
      body: { enabled: true, question: { default: "Rate us?", ru: "Оцените нас?" }, scale: "emoji" },
    });
    expect(saved.json()).toMatchObject({ enabled: true, scale: "emoji", question: { default: "Rate us?" } });
    expect((await t.call("GET", "/v1/csat")).json()).toEqual(saved.json());
  });

  it_(
    "resolved → the survey; '4 thanks!' records 4 with a comment, keeps it resolved, no AI reply",
    async () => {
      const { t, chat, mock } = await setup();
      await streamTurn(t, chat.id, "c-1", "Where is my parcel?");
      await resolve(t, "c-1");
      const survey = (await messagesOf(t, "c-1")).at(-1);
      expect(survey).toMatchObject({ role: "assistant", author: "bot" });
      expect(survey?.content).toContain("How would you rate this conversation?");
      expect(await ratingOf(t, "c-1")).toMatchObject({ status: "asked", rating: null, channel: "api" });
      // Resolving again (reopened by nobody) asks nothing more.
      await resolve(t, "c-1");
      expect((await messagesOf(t, "c-1")).filter((m) => m.content.includes("rate this"))).toHaveLength(1);

      const callsBefore = mock.calls.length;
      const answer = await streamTurn(t, chat.id, "c-1", "4 thanks!");
      expect(answer.response.statusCode).toBe(200);
      expect(mock.calls.length).toBe(callsBefore);
      expect(await statusOf(t, "c-1")).toBe("resolved");
      expect(await ratingOf(t, "c-1")).toMatchObject({ status: "answered", rating: 4, comment: "thanks!" });
      expect((await messagesOf(t, "c-1")).slice(-2).map((m) => [m.author, m.content])).toEqual([
        ["user", "4 thanks!"],
        ["bot", "Thank you for your rating!"],
      ]);
      expect((await t.call("GET", "/v1/threads/c-1")).json().pending_count).toBe(0);

      // The customer writes again: an ordinary message that reopens the thread and is answered.
      await streamTurn(t, chat.id, "c-1", "One more question");
      expect(await statusOf(t, "c-1")).toBe("open");
      expect(mock.calls.length).toBe(callsBefore + 1);
      const lastPrompt = JSON.stringify(mock.calls.at(-1)?.prompt);
      expect(lastPrompt).toContain("One more question");

      const [hook] = await webhookEvents(t, "conversation.rated");
      expect(hook?.data).toEqual({
        thread_id: "c-1",
        chat_id: chat.id,
        rating: 4,
        comment: "thanks!",
        operator_id: null,
        bot_id: expect.any(String),
        source: "message",
      });
      expect(
        webhookEventSchema.safeParse({
          id: hook?.id,
          type: hook?.type,
          created_at: hook?.created_at,
          data: hook?.data,
        }).success,
      ).toBe(true);
    },
  );

  it_("an emoji answers the emoji survey, in the customer's language", async () => {
    const { t, chat } = await setup({
      enabled: true,
      scale: "emoji",
      question: { default: "Rate us?", ru: "Оцените нас?" },
    });
    await streamTurn(t, chat.id, "ru-1", "Где моя посылка?");
    await resolve(t, "ru-1");
    const survey = (await messagesOf(t, "ru-1")).at(-1)?.content ?? "";
    expect(survey).toContain("Оцените нас?");
    expect(survey).toContain("😞 🙁 😐 🙂 😍");
    await streamTurn(t, chat.id, "ru-1", "😍");
    expect(await ratingOf(t, "ru-1")).toMatchObject({ rating: 5, comment: null });
    expect((await messagesOf(t, "ru-1")).at(-1)?.content).toBe("Спасибо за оценку!");
  });

  it_("a message that is no rating expires the survey and reopens the thread as usual", async () => {
    const { t, chat, mock } = await setup();
    await streamTurn(t, chat.id, "x-1", "Hello");
    await resolve(t, "x-1");
    const callsBefore = mock.calls.length;
    await streamTurn(t, chat.id, "x-1", "Actually, 45 minutes later it is still not here");
    expect(await statusOf(t, "x-1")).toBe("open");
    expect(await ratingOf(t, "x-1")).toMatchObject({ status: "expired", rating: null });
    expect(mock.calls.length).toBe(callsBefore + 1);
    // A late "5" is now an ordinary message.
    await streamTurn(t, chat.id, "x-1", "5");
    expect((await ratingOf(t, "x-1")).status).toBe("expired");
  });

  it_("disabled, or a blocked thread: no survey", async () => {
    const { t, chat } = await setup(null);
    await streamTurn(t, chat.id, "d-1", "Hello");
    await resolve(t, "d-1");
    expect((await messagesOf(t, "d-1")).map((m) => m.author)).toEqual(["user", "bot"]);
    expect(await ratingOf(t, "d-1")).toBeNull();

    await t.call("POST", "/v1/csat", { body: { enabled: true } });
    await streamTurn(t, chat.id, "b-1", "Hello");
    const blocked = await t.call("POST", `/v1/threads/b-1/mode`, { body: { mode: "blocked" } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await resolve(t, "b-1");
    expect(await ratingOf(t, "b-1")).toBeNull();
  });

  it_("the widget rates through its endpoint; bad input is a 4xx", async () => {
    const { t, chat } = await setup();
    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const widget = (method: "POST", url: string, token: string | undefined, body: unknown) =>
      t!.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify(body),
      });
    const session = (await widget("POST", `/widget/v1/chats/${chat.id}/sessions`, undefined, {})).json();
    await widget("POST", "/widget/v1/messages", session.visitor_token, { text: "Hi" });
    // Not asked yet.
    const early = await widget("POST", "/widget/v1/rating", session.visitor_token, { rating: 5 });
    expect([early.statusCode, early.json().code]).toEqual([409, "not_asked"]);
    await resolve(t, session.thread_id);
    expect((await ratingOf(t, session.thread_id)).channel).toBe("widget");

    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: "5" }, {}]) {
      const bad = await widget("POST", "/widget/v1/rating", session.visitor_token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    const noToken = await widget("POST", "/widget/v1/rating", undefined, { rating: 5 });
    expect(noToken.statusCode).toBe(401);

    const rated = await widget("POST", "/widget/v1/rating", session.visitor_token, {
      rating: 2,
      comment: " slow ",
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({ rating: 2, comment: "slow" });
    expect(await ratingOf(t, session.thread_id)).toMatchObject({
      status: "answered",
      rating: 2,
      comment: "slow",
    });
    expect(await statusOf(t, session.thread_id)).toBe("resolved");
    const again = await widget("POST", "/widget/v1/rating", session.visitor_token, { rating: 5 });
    expect([again.statusCode, again.json().code]).toEqual([409, "already_rated"]);
    expect((await webhookEvents(t, "conversation.rated")).map((e) => e.data.source)).toEqual(["widget"]);
  });

  it_("the survey offers its scale as buttons in the widget and the API; a press rates", async () => {
    const { t, chat } = await setup({ enabled: true, scale: "emoji" });
    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const widget = (method: "GET" | "POST", url: string, token: string, body?: unknown) =>
      t!.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const session = (
      await t.app.inject({
        method: "POST",
        url: `/widget/v1/chats/${chat.id}/sessions`,
        headers: { origin: SITE, "content-type": "application/json" },
        payload: "{}",
      })
    ).json();
    await widget("POST", "/widget/v1/messages", session.visitor_token, { text: "Hi" });
    await resolve(t, session.thread_id);

    type Shown = {
      id: string;
      content: string;
      buttons?: Array<{ kind: string; label: string; id: string }>;
    };
    const history = (await widget("GET", "/widget/v1/messages", session.visitor_token)).json()
      .data as Shown[];
    const survey = history.at(-1)!;
    expect(survey.buttons?.map((button) => [button.kind, button.label])).toEqual(
      ["😞", "🙁", "😐", "🙂", "😍"].map((face) => ["reply", face]),
    );
    const pressed = await widget("POST", "/widget/v1/messages", session.visitor_token, {
      choice: { button_id: survey.buttons![3]!.id },
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(await ratingOf(t, session.thread_id)).toMatchObject({
      status: "answered",
      rating: 4,
      comment: null,
    });
    expect(await statusOf(t, session.thread_id)).toBe("resolved");
    // The rating message records the press like any other.
    const rating = (await t.call("GET", `/v1/threads/${session.thread_id}/messages`)).json().at(-2);
    expect(rating).toMatchObject({
      content: "🙂",
      choice: { label: "🙂", button_id: survey.buttons![3]!.id },
    });

    // The API's own threads carry them too; the survey's text still says how to answer by typing.
    await streamTurn(t, chat.id, "api-1", "Hello");
    await resolve(t, "api-1");
    const apiSurvey = (await t.call("GET", "/v1/threads/api-1/messages")).json().at(-1);
    expect(apiSurvey.buttons).toHaveLength(5);
    expect(apiSurvey.content).toContain("😞 🙁 😐 🙂 😍");
  });

  it_("parallel answers record one rating", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "p-1", "Hello");
    await resolve(t, "p-1");
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => t!.call("POST", "/v1/threads/p-1/rating", { body: { rating } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((r) => r.statusCode === 200)?.json().rating;
    expect((await ratingOf(t, "p-1")).rating).toBe(winner);
    expect(await webhookEvents(t, "conversation.rated")).toHaveLength(1);
    const rows = await t.storage.db
      .selectFrom("csat_surveys")
      .selectAll()
      .where("thread_id", "=", "p-1")
      .execute();
    expect(rows).toHaveLength(1);

    // Parallel messages: one is the rating, the other an ordinary message.
    await streamTurn(t, chat.id, "p-2", "Hello");
    await resolve(t, "p-2");
    await Promise.all([streamTurn(t, chat.id, "p-2", "5"), streamTurn(t, chat.id, "p-2", "4")]);
    const answered = await t.storage.db
      .selectFrom("csat_surveys")
      .selectAll()
      .where("thread_id", "=", "p-2")
      .where("state", "=", "answered")
      .execute();
    expect(answered).toHaveLength(1);
  });

  it_(
    "the API's rating: a 404 for an unknown thread, 422 for bad input, a rating without a survey",
    async () => {
      const { t, chat } = await setup(null);
      expect((await t.call("POST", "/v1/threads/nope/rating", { body: { rating: 3 } })).statusCode).toBe(404);
      await streamTurn(t, chat.id, "a-1", "Hello");
      for (const body of [
        { rating: 9 },
        { rating: 3, comment: "x".repeat(2001) },
        { rating: 3, extra: true },
      ]) {
        expect((await t.call("POST", "/v1/threads/a-1/rating", { body })).statusCode).toBe(422);
      }
      const given = await t.call("POST", "/v1/threads/a-1/rating", {
        body: { rating: 3, comment: "by phone" },
      });
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json()).toMatchObject({
        id: expect.stringMatching(/^csat_/),
        rating: 3,
        status: "answered",
      });
      const other = await t.otherProject();
      expect((await t.call("GET", "/v1/threads/a-1/rating", { key: other.key })).statusCode).toBe(403);
    },
  );

  it_("summary by operator and by bot, and the list of ratings (paged)", async () => {
    const { t, chat, bot } = await setup();
    const admin = await signIn(t);
    const added = await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
      role: "operator",
    });
    expect(added.statusCode, added.body).toBe(200);
    const olgaId = added.json().id as string;
    const rate = async (threadId: string, text: string, operatorId?: string) => {
      await streamTurn(t, chat.id, threadId, "Hello");
      if (operatorId) {
        const assigned = await t.call("POST", `/v1/threads/${threadId}/assign`, {
          body: { operator_id: operatorId },
        });
        expect(assigned.statusCode, assigned.body).toBe(200);
      }
      await resolve(t, threadId);
      await streamTurn(t, chat.id, threadId, text);
    };
    await rate("s-1", "5", olgaId);
    await rate("s-2", "3 ok", olgaId);
    await rate("s-3", "1");

    const byOperator = (await t.call("GET", "/v1/csat/summary?group_by=operator")).json();
    expect(byOperator).toMatchObject({
      group_by: "operator",
      count: 3,
      average: 3,
      distribution: { "1": 1, "2": 0, "3": 1, "4": 0, "5": 1 },
    });
    expect(byOperator.groups).toEqual([
      {
        key: olgaId,
        name: "Olga",
        count: 2,
        average: 4,
        distribution: { "1": 0, "2": 0, "3": 1, "4": 0, "5": 1 },
      },
      {
        key: null,
        name: null,
        count: 1,
        average: 1,
        distribution: { "1": 1, "2": 0, "3": 0, "4": 0, "5": 0 },
      },
    ]);
    const byBot = (await t.call("GET", "/v1/csat/summary?group_by=bot")).json();
    expect(byBot.groups).toEqual([
      {
        key: bot.id,
        name: null,
        count: 3,
        average: 3,
        distribution: { "1": 1, "2": 0, "3": 1, "4": 0, "5": 1 },
      },
    ]);
    const future = (await t.call("GET", "/v1/csat/summary?from=2999-01-01T00:00:00Z")).json();
    expect(future).toMatchObject({ count: 0, average: null, groups: [] });
    const reversed = await t.call(
      "GET",
      "/v1/csat/summary?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z",
    );
    expect([reversed.statusCode, reversed.json().code]).toEqual([400, "invalid_range"]);
    expect((await t.call("GET", "/v1/csat/summary?group_by=team")).statusCode).toBe(422);

    const first = (await t.call("GET", "/v1/csat/ratings?limit=2")).json();
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = (await t.call("GET", `/v1/csat/ratings?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect([...first.data, ...second.data].map((r: { thread_id: string }) => r.thread_id).sort()).toEqual([
      "s-1",
      "s-2",
      "s-3",
    ]);
    const badCursor = await t.call("GET", "/v1/csat/ratings?cursor=nonsense");
    expect([badCursor.statusCode, badCursor.json().code]).toEqual([400, "invalid_cursor"]);

    // Operators read the reports and a thread's rating from the console.
    const olga = await signIn(t, "olga@example.com", "operator-password");
    expect((await olga.call("GET", "/v1/csat/summary")).statusCode).toBe(200);
    expect((await olga.call("GET", "/v1/csat/ratings")).statusCode).toBe(200);
    expect((await olga.call("GET", "/v1/threads/s-1/rating")).json().rating.rating).toBe(5);
  });
});
