import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binOf, binValue } from "../../../src/modules/analytics/response-time-bins.js";
import type { AnalyticsReport } from "../../../src/modules/analytics/schemas.js";
import { analytics as analyticsMigration } from "../../../src/storage/migrations/0029-analytics.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import {
  COST_PER_CALL,
  feedbackEvent,
  keywordScript,
  PRICED_ENV,
  recordThroughListener,
} from "./analytics-fixtures.js";

/**
 * Conversation analytics through the API (docs/quality.md, "Analytics"): a scripted set of
 * conversations gives exact numbers — a resolved one, one the AI hands off with its tool, one
 * taken over through the API, a failed reply, tool calls, feedback, costs — then filters, the
 * CSV, the 422s and the backfill of the migration over the same data.
 */

type Report = AnalyticsReport;

const DAY = "from=2026-11-21&to=2026-11-21";

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`analytics of a scripted set of conversations on ${dialect}`, () => {
    let t: TestApp;
    const clock = new ManualClock("2026-11-21T10:00:00.000Z");
    const gates = new Map<string, Promise<unknown>>();
    const model = scriptedModel(keywordScript(gates));
    let chatId: string;
    let botId: string;
    const report = async (query: string): Promise<Report> => {
      const response = await t.call("GET", `/v1/analytics?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const botMessageOf = async (threadId: string) => {
      const messages = (await t.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
        id: string;
        author: string;
        content: string;
      }>;
      const message = messages.find((m) => m.author === "bot" && m.content !== "");
      if (!message) throw new Error(`no bot message in ${threadId}`);
      return { id: message.id, thread_id: threadId, chat_id: chatId };
    };

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: PRICED_ENV, clock, modelOverride: () => model.model });
      const { chat, bot } = await activeChat(t);
      chatId = chat.id;
      botId = bot.id;
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { handoff_to_operator: "auto", get_current_time: "auto" } } },
      });

      // Resolved: the reply waits for a gate while the clock moves 4 s (the bot's first response time).
      let open = () => {};
      gates.set("slow", new Promise<void>((resolve) => (open = resolve)));
      const calls = model.calls.length;
      const slow = streamTurn(t, chat.id, "resolved-1", "hello, slow one");
      await eventually(
        async () => model.calls.length,
        (n) => n > calls,
      );
      clock.advance(4_000);
      open();
      expect((await slow).events.at(-1)).toMatchObject({ type: "finish" });
      // A tool call, then the answer (two model calls: 140 millicredits).
      await streamTurn(t, chat.id, "tool-1", "what does the clock say");
      // The AI hands off with its tool; the user writes again; a person answers a minute later.
      await streamTurn(t, chat.id, "handoff-1", "a person please");
      await streamTurn(t, chat.id, "handoff-1", "hello?");
      clock.advance(60_000);
      const sent = await t.call("POST", "/v1/threads/handoff-1/send", { body: { text: "I am here" } });
      expect(sent.statusCode, sent.body).toBe(200);
      // The model fails: no reply, one failure.
      expect((await streamTurn(t, chat.id, "failed-1", "break it")).events.at(-1)).toMatchObject({
        type: "error",
        code: "model_error",
      });
      // Answered, then taken over through the API: handed off, no longer resolved.
      await streamTurn(t, chat.id, "api-1", "hi");
      expect(
        (await t.call("POST", "/v1/threads/api-1/mode", { body: { mode: "operator" } })).statusCode,
      ).toBe(200);

      // Feedback: up then changed to down; up on another; a down given and removed.
      const resolved = await botMessageOf("resolved-1");
      const tool = await botMessageOf("tool-1");
      const api = await botMessageOf("api-1");
      const given = clock.now().toISOString();
      await recordThroughListener(t, [feedbackEvent(resolved, "up", null, { createdAt: given })]);
      await recordThroughListener(t, [feedbackEvent(resolved, "down", "up", { createdAt: given })]);
      await recordThroughListener(t, [feedbackEvent(tool, "up", null, { createdAt: given })]);
      await recordThroughListener(t, [feedbackEvent(api, "down", null, { createdAt: given })]);
      await recordThroughListener(t, [
        feedbackEvent(api, "down", "down", { createdAt: given, removed: true }),
      ]);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("totals and the day: exact numbers", async () => {
      const { totals, days, ...range } = await report(DAY);
      expect(range).toEqual({
        from: "2026-11-21",
        to: "2026-11-21",
        time_zone: "UTC",
        bot_id: null,
        channel: null,
      });
      const counts = {
        conversations: 5,
        resolved_conversations: 2,
        handed_off_conversations: 2,
        resolution_rate: 0.4,
        handoff_rate: 0.4,
        // Users 6; the AI's messages with text 4 (not the two that only call tools); the operator's 1.
        messages: 11,
        user_messages: 6,
        bot_messages: 4,
        operator_messages: 1,
        bot_replies: 4,
        failed_replies: 1,
        first_response: {
          // Four AI answers: three at once (bin 0, 1 ms) and the gated one after 4 s.
          bot: { count: 4, p50_ms: 1, p90_ms: binValue(binOf(4_000)) },
          // The user who asked for a person at 10:00:04 got one at 10:01:04.
          people: { count: 1, p50_ms: binValue(binOf(60_000)), p90_ms: binValue(binOf(60_000)) },
        },
        feedback: { up: 1, down: 1, score: 0.5 },
        // 70 + 140 (tool step and answer) + 140 (the same for the hand-off) + 70 millicredits.
        cost: { credits: 0.42, per_conversation: 0.084, per_resolved_conversation: 0.21 },
      };
      expect(totals).toEqual({
        ...counts,
        handoff_reasons: [
          { reason: "api", count: 1 },
          { reason: "tool", count: 1 },
        ],
        failed_replies_by_code: [{ code: "model_error", count: 1 }],
        tool_calls: [
          { name: "get_current_time", count: 1 },
          { name: "handoff_to_operator", count: 1 },
        ],
      });
      expect(days).toEqual([{ date: "2026-11-21", ...counts }]);
      expect(COST_PER_CALL * 6).toBe(420);
      // The estimates are within 9 % of the true times.
      expect(Math.abs(counts.first_response.bot.p90_ms - 4_000) / 4_000).toBeLessThan(0.09);
      expect(Math.abs(counts.first_response.people.p50_ms - 60_000) / 60_000).toBeLessThan(0.09);
    });

    it("the last 30 days by default, in the zone's today; empty days are zero", async () => {
      const { days, from, to } = await report("time_zone=Asia/Tokyo");
      expect([from, to]).toEqual(["2026-10-23", "2026-11-21"]);
      expect(days).toHaveLength(30);
      expect(days.at(-1)!.conversations).toBe(5);
      expect(days[0]).toMatchObject({
        date: "2026-10-23",
        conversations: 0,
        resolution_rate: null,
        first_response: { bot: { count: 0, p50_ms: null, p90_ms: null } },
        feedback: { up: 0, down: 0, score: null },
        cost: { credits: 0, per_conversation: null, per_resolved_conversation: null },
      });
    });

    it("filters: by bot and by channel", async () => {
      const before = await report(DAY);
      const second = await activeChat(t);
      await streamTurn(t, second.chat.id, "second-bot-1", "hello");
      const all = await report(DAY);
      expect(all.totals.conversations).toBe(6);
      // The day was read before: what changed in its rows is read again (a response time more).
      expect(all.totals.first_response.bot.count).toBe(before.totals.first_response.bot.count + 1);
      const first = await report(`${DAY}&bot_id=${botId}`);
      expect(first.bot_id).toBe(botId);
      expect(first.totals).toMatchObject({ conversations: 5, bot_replies: 4, cost: { credits: 0.42 } });
      const other = await report(`${DAY}&bot_id=${second.bot.id}`);
      expect(other.totals).toMatchObject({
        conversations: 1,
        resolved_conversations: 1,
        bot_replies: 1,
        tool_calls: [],
        cost: { credits: 0.07 },
      });
      // Both chats are of a `parley` integration (the API and the widget).
      expect((await report(`${DAY}&channel=parley`)).totals.conversations).toBe(6);
      const telegram = await report(`${DAY}&channel=telegram&bot_id=${botId}`);
      expect(telegram).toMatchObject({ channel: "telegram", totals: { conversations: 0, messages: 0 } });
      expect((await report(`${DAY}&bot_id=bot_nobody`)).totals.conversations).toBe(0);
      // Another project sees none of it.
      const stranger = await t.otherProject();
      const theirs = await t.call("GET", `/v1/analytics?${DAY}`, { key: stranger.key });
      expect(theirs.json().totals.conversations).toBe(0);
    });

    it("CSV: one line per day, as a download", async () => {
      const response = await t.call("GET", `/v1/analytics.csv?from=2026-11-20&to=2026-11-21&bot_id=${botId}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="parley-analytics_2026-11-20_2026-11-21_${botId}.csv"`,
      );
      const lines = response.body.split("\r\n");
      expect(lines.at(-1)).toBe("");
      const [header, empty, day] = lines.map((line) => line.split(","));
      expect(lines).toHaveLength(4);
      const row = (values: string[]) => Object.fromEntries(header!.map((name, i) => [name, values[i]]));
      expect(row(empty!)).toMatchObject({ date: "2026-11-20", conversations: "0", resolution_rate: "" });
      expect(row(day!)).toMatchObject({
        date: "2026-11-21",
        conversations: "5",
        resolved_conversations: "2",
        handoff_rate: "0.4",
        messages: "11",
        failed_replies: "1",
        first_response_people_p50_ms: String(binValue(binOf(60_000))),
        feedback_score: "0.5",
        cost_credits: "0.42",
        cost_per_resolved_conversation: "0.21",
      });
    });

    it("422 with a code and a message for what cannot be read", async () => {
      const cases: Array<[string, string]> = [
        ["time_zone=Mars/Olympus", "query.time_zone"],
        ["from=2026-11-21&to=2026-11-01", "query.from"],
        ["from=2025-01-01&to=2026-01-02", "query.to"],
        ["from=2026-13-01", "from"],
        ["to=yesterday", "to"],
        [`time_zone=${"x".repeat(65)}`, "time_zone"],
      ];
      for (const [query, path] of cases) {
        for (const url of [`/v1/analytics?${query}`, `/v1/analytics.csv?${query}`]) {
          const response = await t.call("GET", url);
          expect(response.statusCode, url).toBe(422);
          const body = response.json();
          expect(body.code).toBe("validation_failed");
          expect(body.message).toEqual(expect.any(String));
          expect(body.details.map((d: { path: string }) => d.path).join(" ")).toContain(path);
        }
      }
      // Hours are counted from 1970-01-01 UTC: earlier days are refused; the far future answers.
      expect((await t.call("GET", "/v1/analytics?from=0000-01-01&to=0000-12-31")).statusCode).toBe(422);
      expect(
        (await t.call("GET", "/v1/analytics?from=1970-01-01&to=1970-01-02")).json().details[0].path,
      ).toBe("query.from");
      expect((await t.call("GET", "/v1/analytics?from=1970-01-02&to=1970-01-02")).statusCode).toBe(200);
      const future = await t.call(
        "GET",
        "/v1/analytics?from=9999-01-01&to=9999-12-31&time_zone=Pacific/Kiritimati",
      );
      expect(future.statusCode).toBe(200);
      expect(future.json().days).toHaveLength(365);
      // 366 days is the longest range.
      expect((await t.call("GET", "/v1/analytics?from=2025-11-21&to=2026-11-22")).statusCode).toBe(422);
      const longest = await t.call("GET", "/v1/analytics?from=2025-11-21&to=2026-11-21");
      expect(longest.statusCode).toBe(200);
      expect(longest.json().days).toHaveLength(366);
    });

    it("a day read before shows what changed since, in its counts and its keyed counts", async () => {
      const before = await report(`${DAY}&time_zone=Europe/Moscow`);
      const resolved = await botMessageOf("resolved-1");
      // A rating, a failure and a tool call in the day's first hour: not the hour last written.
      const first = clock.now().getTime() - 60_000;
      await recordThroughListener(t, [
        feedbackEvent(resolved, "up", null, { createdAt: new Date(first).toISOString() }),
      ]);
      await recordThroughListener(
        t,
        [
          {
            type: "thread.reply.failed",
            threadId: "resolved-1",
            chatId,
            botId,
            messageIds: [],
            code: "model_timeout",
            reason: "slow",
            attempts: 1,
          },
          {
            type: "thread.message.created",
            threadId: "resolved-1",
            chatId,
            message: {
              id: "msg_extra",
              role: "assistant",
              author: "bot",
              content: "",
              created_at: new Date(first).toISOString(),
              tool_calls: [{ id: "c", name: "get_current_time", args: {} }],
            },
          },
        ],
        () => clock.now(),
      );
      const after = await report(`${DAY}&time_zone=Europe/Moscow`);
      expect(after.totals.feedback.up).toBe(before.totals.feedback.up + 1);
      expect(after.totals.failed_replies).toBe(before.totals.failed_replies + 1);
      expect(after.totals.failed_replies_by_code).toContainEqual({ code: "model_timeout", count: 1 });
      expect(after.totals.tool_calls).toContainEqual({ name: "get_current_time", count: 2 });
    });

    it("the migration's backfill rebuilds what the stored rows tell, the same as the listener counted", async () => {
      const live = await report(DAY);
      const db = t.storage.db;
      await db.transaction().execute(async (trx) => {
        const migration = analyticsMigration(dialect);
        await migration.down!(trx as never);
        await migration.up(trx as never);
      });
      const rebuilt = await report(DAY);
      const kept = [
        "conversations",
        "resolved_conversations",
        "handed_off_conversations",
        "messages",
        "user_messages",
        "bot_messages",
        "operator_messages",
        "bot_replies",
        "cost",
        "handoff_reasons",
      ];
      const field = (report: Report, name: string) => (report.totals as Record<string, unknown>)[name];
      for (const name of kept) expect(field(rebuilt, name), name).toEqual(field(live, name));
      // What the stored rows do not tell starts from the migration on.
      expect(rebuilt.totals).toMatchObject({
        failed_replies: 0,
        tool_calls: [],
        feedback: { up: 0, down: 0 },
        first_response: { bot: { count: 0 }, people: { count: 0 } },
      });
      // And the listener goes on from the rebuilt state: a new message in a rebuilt thread counts once.
      await streamTurn(t, chatId, "resolved-1", "thanks");
      const after = await report(DAY);
      expect(after.totals).toMatchObject({
        conversations: live.totals.conversations,
        resolved_conversations: live.totals.resolved_conversations,
        bot_replies: live.totals.bot_replies + 1,
        user_messages: live.totals.user_messages + 1,
      });
      const states = await sql<{ n: number }>`select count(*) as n from analytics_threads`.execute(db);
      expect(Number(states.rows[0]!.n)).toBe(6);
    });
  });
}
