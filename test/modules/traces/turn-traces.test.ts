import { APICallError } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** A provider's 503: the turn retries it. */
const unavailable = (message: string) =>
  new APICallError({
    message,
    url: "http://model.test/v1/chat/completions",
    requestBodyValues: {},
    statusCode: 503,
    isRetryable: true,
  });

/** A tool call first, then a text answer that says what the tool returned. */
function toolThenText() {
  return scriptedModel((options, call): ScriptedReply => {
    const toolDone = options.prompt.some((m) => m.role === "tool");
    if (!toolDone && call % 2 === 0)
      return { toolCall: { name: "get_current_time", input: { time_zone: "UTC" } } };
    return { text: `It is time. (${lastUserText(options)})` };
  });
}

describe.each(DIALECTS)("turn traces (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(shouldSkip(dialect))(
    "a reply with a tool call: window, both model requests, the tool call and the charge, from any of its messages",
    async () => {
      const mock = toolThenText();
      t = await createTestApp({ dialect, modelOverride: () => mock.model });
      const { chat, bot } = await activeChat(t);
      const configured = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: {
          ai: {
            tools: { get_current_time: "auto" },
            model: { temperature: 0.3 },
            formatting: { removeEmojis: true },
          },
        },
      });
      expect(configured.statusCode).toBe(200);
      const turn = await streamTurn(t, chat.id, "tr-1", "what time is it?");
      expect(turn.text).toBe("It is time. (what time is it?)");
      const messages = (await t.call("GET", "/v1/threads/tr-1/messages")).json() as Array<{
        id: string;
        role: string;
        author: string;
      }>;
      const [user, ...reply] = messages;
      expect(reply.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);

      const final = reply.at(-1)!;
      const response = await t.call("GET", `/v1/threads/tr-1/messages/${final.id}/trace`);
      expect(response.statusCode).toBe(200);
      const trace = response.json();
      expect(trace).toMatchObject({
        object: "turn_trace",
        id: expect.stringMatching(/^trc_/),
        thread_id: "tr-1",
        bot_id: bot.id,
        model: "openai/gpt-5",
        settings_version: expect.stringMatching(/^[0-9a-f]{12}$/),
        outcome: "replied",
        code: null,
        reason: null,
        window: { message_ids: [user!.id], recalled: [] },
        knowledge: [],
        formatting: ["remove_emojis"],
        message_ids: reply.map((m) => m.id),
        usage: { input_tokens: 20, output_tokens: 10 },
        truncated: false,
      });
      expect(trace.model_requests).toEqual([
        expect.objectContaining({
          attempt: 1,
          step: 0,
          model: "openai/gpt-5",
          parameters: { temperature: 0.3 },
          input_tokens: 10,
          output_tokens: 5,
          finish_reason: "tool-calls",
          error: null,
        }),
        expect.objectContaining({ attempt: 1, step: 1, finish_reason: "stop", error: null }),
      ]);
      expect(trace.model_requests[0].cost_credits).toBeGreaterThan(0);
      expect(trace.model_requests[0].first_token_ms).not.toBeNull();
      expect(trace.tool_calls).toEqual([
        expect.objectContaining({
          call_id: "call_1",
          name: "get_current_time",
          args: { time_zone: "UTC" },
          status: "ok",
          result: expect.objectContaining({ time_zone: "UTC" }),
          approval: null,
        }),
      ]);
      // The charge is the requests' cost, rounded up to the next millicredit (docs/billing.md, "Units").
      const requestsCost = trace.model_requests.reduce(
        (sum: number, r: { cost_credits: number }) => sum + r.cost_credits,
        0,
      );
      expect(trace.credits).toBe(Math.ceil(Number((requestsCost * 1000).toFixed(6))) / 1000);

      expect(trace.feedback).toEqual([]);
      // An operator's rating and better answer show in the trace (docs/quality.md, "Feedback").
      const rated = await t.call("POST", `/v1/threads/tr-1/messages/${final.id}/feedback`, {
        body: { rating: "down", comment: "too vague", correction: "It is 10:15 in Berlin." },
      });
      expect(rated.statusCode).toBe(200);
      const withFeedback = (await t.call("GET", `/v1/threads/tr-1/messages/${final.id}/trace`)).json();
      expect(withFeedback.feedback).toEqual([
        expect.objectContaining({
          message_id: final.id,
          rating: "down",
          correction: "It is 10:15 in Berlin.",
        }),
      ]);

      // Any message of the reply leads to the same trace; the person's own message to none.
      const fromTool = (await t.call("GET", `/v1/threads/tr-1/messages/${reply[1]!.id}/trace`)).json();
      expect(fromTool.id).toBe(trace.id);
      const none = await t.call("GET", `/v1/threads/tr-1/messages/${user!.id}/trace`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({
        code: "trace_not_found",
        message: expect.stringContaining(user!.id),
      });

      // The bot's settings change: the next trace names other settings.
      const changed = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { model: { temperature: 0.9 } } },
      });
      expect(changed.statusCode).toBe(200);
      await streamTurn(t, chat.id, "tr-1", "and now?");
      const list = (await t.call("GET", "/v1/threads/tr-1/traces")).json();
      expect(list.data).toHaveLength(2);
      expect(list.data[1].id).toBe(trace.id);
      expect(list.data[0].settings_version).not.toBe(trace.settings_version);
      expect(list.next_cursor).toBeNull();
      const page = (await t.call("GET", "/v1/threads/tr-1/traces?limit=1")).json();
      expect(page.data.map((d: { id: string }) => d.id)).toEqual([list.data[0].id]);
      const next = (await t.call("GET", `/v1/threads/tr-1/traces?limit=1&cursor=${page.next_cursor}`)).json();
      expect(next.data.map((d: { id: string }) => d.id)).toEqual([trace.id]);
      expect(next.next_cursor).toBeNull();
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "a failed turn: every attempt's error, the failure's code and reason, no messages",
    async () => {
      const mock = scriptedModel((_options, call) => ({
        error: unavailable(call === 0 ? "upstream exploded" : "still down"),
      }));
      t = await createTestApp({
        dialect,
        modelOverride: () => mock.model,
        env: { PARLEY_MODEL_MAX_ATTEMPTS: "2" },
      });
      const { chat } = await activeChat(t);
      const turn = await streamTurn(t, chat.id, "tr-fail", "hello?");
      expect(turn.events.at(-1)).toMatchObject({ type: "error", code: "model_error" });
      const list = (await t.call("GET", "/v1/threads/tr-fail/traces")).json();
      expect(list.data).toHaveLength(1);
      const trace = list.data[0];
      expect(trace).toMatchObject({
        outcome: "failed",
        code: "model_error",
        reason: expect.stringContaining("still down"),
        message_ids: [],
        credits: null,
      });
      expect(
        trace.model_requests.map(
          (r: { attempt: number; error: { code: string; message: string } | null }) => [
            r.attempt,
            r.error?.code,
            r.error?.message,
          ],
        ),
      ).toEqual([
        [1, "model_error", "upstream exploded"],
        [2, "model_error", "still down"],
      ]);
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "an approved call is traced in the turn that runs it, with the decision and who made it",
    async () => {
      const mock = scriptedModel((options, call): ScriptedReply => {
        if (call === 0)
          return { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } };
        return { text: `Done. (${lastUserText(options)})` };
      });
      t = await createTestApp({ dialect, modelOverride: () => mock.model });
      const { chat, bot } = await activeChat(t);
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { update_working_memory: "user_approve" } } },
      });
      await streamTurn(t, chat.id, "tr-approve", "Remember my name, Ann");
      await streamTurn(t, chat.id, "tr-approve", "Yes");
      const list = (await t.call("GET", "/v1/threads/tr-approve/traces")).json();
      expect(list.data).toHaveLength(2);
      const [second, first] = list.data;
      // The first turn asked; the call itself ran in the second, once the person said yes.
      expect(first.tool_calls).toEqual([]);
      expect(second.tool_calls).toEqual([
        expect.objectContaining({
          name: "update_working_memory",
          args: { markdown: "- Name: Ann" },
          status: "ok",
          approval: { policy: "user_approve", decision: "approved", decided_by: "user" },
        }),
      ]);
    },
  );

  it.skipIf(shouldSkip(dialect))("read under the thread's rules: another project's key cannot", async () => {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "tr-own", "hi");
    const other = await t.otherProject();
    const messages = (await t.call("GET", "/v1/threads/tr-own/messages")).json();
    const reply = messages.at(-1);
    const foreign = await t.call("GET", `/v1/threads/tr-own/messages/${reply.id}/trace`, { key: other.key });
    expect(foreign.statusCode).toBe(403);
    const list = await t.call("GET", "/v1/threads/tr-own/traces", { key: other.key });
    expect(list.statusCode).toBe(403);
    const bad = await t.call("GET", "/v1/threads/tr-own/traces?limit=1000");
    expect(bad.statusCode).toBe(422);
    // Deleting the thread takes its traces with it.
    const deleted = await t.call("POST", `/v1/chats/${chat.id}/threads/tr-own/delete`);
    expect(deleted.statusCode).toBe(200);
    const rows = await t.storage.db.selectFrom("turn_traces").select("id").execute();
    expect(rows).toEqual([]);
  });

  it.skipIf(shouldSkip(dialect))(
    "an operator's console session reads traces as it reads the thread",
    async () => {
      const mock = scriptedModel();
      t = await createTestApp({ dialect, modelOverride: () => mock.model });
      const { chat } = await activeChat(t);
      await streamTurn(t, chat.id, "tr-op", "hi");
      const admin = await signIn(t);
      await admin.call("POST", "/v1/operators", {
        email: "olga@example.com",
        name: "Olga",
        password: "operator-password",
      });
      const olga = await signIn(t, "olga@example.com", "operator-password");
      expect(olga.body.role).toBe("operator");
      const reply = (await olga.call("GET", "/v1/threads/tr-op/messages")).json().at(-1);
      const trace = await olga.call("GET", `/v1/threads/tr-op/messages/${reply.id}/trace`);
      expect(trace.statusCode).toBe(200);
      expect(trace.json().message_ids).toEqual([reply.id]);
      expect((await olga.call("GET", "/v1/threads/tr-op/traces")).json().data).toHaveLength(1);
    },
  );

  it.skipIf(shouldSkip(dialect))("PARLEY_TRACE_RETENTION_DAYS=0 records none", async () => {
    const mock = scriptedModel();
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_TRACE_RETENTION_DAYS: "0" },
    });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "tr-off", "hi");
    expect((await t.call("GET", "/v1/threads/tr-off/traces")).json().data).toEqual([]);
  });
});
