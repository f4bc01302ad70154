import { get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { APICallError } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

const MODEL = "openai/gpt-5";

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** JSON log lines, written to a stream the test reads. */
function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, turns: () => lines.filter((line) => line.msg === "turn finished") };
}

describe.each(DIALECTS)("operational metrics and the turn line on %s", (dialect) => {
  let t: TestApp | undefined;
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(
    script?: (options: Parameters<typeof lastUserText>[0], call: number) => ScriptedReply,
  ) {
    const mock = scriptedModel(script);
    const log = logCapture();
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      logStream: log.stream,
      env: { LOG_LEVEL: "info", PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
    });
    return { t, mock, log, ...(await activeChat(t)) };
  }

  const scrape = async (app: TestApp) => {
    const response = await app.app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it_("counts a replied turn with its model's latency and tokens, and logs one line for it", async () => {
    const { t, log, bot, chat } = await setup();
    expect(sample(await scrape(t), "parley_turns_total", { outcome: "replied" })).toBeUndefined();

    const turn = await streamTurn(t, chat.id, "m-1", "Keep this between us: the safe code is 4711");
    expect(turn.text).toContain("the safe code is 4711");
    const text = await scrape(t);
    expect(sample(text, "parley_turns_total", { outcome: "replied", code: "", reason: "" })).toBe(1);
    expect(sample(text, "parley_model_tokens_total", { model: MODEL, direction: "input" })).toBe(10);
    expect(sample(text, "parley_model_tokens_total", { model: MODEL, direction: "output" })).toBe(5);
    expect(sample(text, "parley_model_time_to_first_token_seconds_count", { model: MODEL })).toBe(1);
    expect(sample(text, "parley_model_call_duration_seconds_count", { model: MODEL })).toBe(1);
    expect(sample(text, "parley_model_errors_total", { model: MODEL })).toBeUndefined();
    expect(text).not.toContain("m-1");

    expect(log.turns()).toHaveLength(1);
    const line = log.turns()[0]!;
    expect(line).toMatchObject({
      level: 30,
      threadId: "m-1",
      projectId: t.projectId,
      botId: bot.id,
      model: MODEL,
      outcome: "replied",
      code: null,
      reason: null,
      inputTokens: 10,
      outputTokens: 5,
      modelCalls: 1,
      durationMs: expect.any(Number),
      firstTokenMs: expect.any(Number),
    });
    expect(line.firstTokenMs as number).toBeLessThanOrEqual(line.durationMs as number);
    // Never what anyone wrote (the model echoes it), in this line or any other. Not "4711"
    // alone: a log line's epoch-millisecond time contains it about once in a thousand.
    expect(log.lines.some((entry) => JSON.stringify(entry).includes("safe code"))).toBe(false);
  });

  it_(
    "counts a failed turn by its code, its model errors and retries, and logs it as a warning",
    async () => {
      const failing = (retryable: boolean) =>
        new APICallError({
          message: "provider down",
          url: "http://model",
          requestBodyValues: {},
          statusCode: retryable ? 503 : 400,
          responseHeaders: { "retry-after": "0.01" },
          isRetryable: retryable,
        });
      const { t, log, chat } = await setup((_options, call) => ({ error: failing(call === 0) }));
      const turn = await streamTurn(t, chat.id, "f-1", "hello?");
      expect(turn.events.at(-1)).toMatchObject({ type: "error" });

      const text = await scrape(t);
      expect(sample(text, "parley_turns_total", { outcome: "failed", code: "model_error" })).toBe(1);
      expect(sample(text, "parley_turns_total", { outcome: "replied" })).toBeUndefined();
      expect(sample(text, "parley_model_errors_total", { model: MODEL, kind: "error" })).toBe(2);
      expect(sample(text, "parley_model_retries_total", { model: MODEL })).toBe(1);
      expect(sample(text, "parley_model_call_duration_seconds_count", { model: MODEL })).toBeUndefined();

      expect(log.turns()).toEqual([
        expect.objectContaining({
          level: 40,
          threadId: "f-1",
          outcome: "failed",
          code: "model_error",
          modelCalls: 2,
          inputTokens: 0,
          firstTokenMs: null,
        }),
      ]);
    },
  );

  it_("counts a turn that does not answer with its reason", async () => {
    const { t, log, chat } = await setup();
    const soon = new Date(Date.now() + 500).toISOString();
    const scheduled = await t.call("POST", `/v1/chats/${chat.id}/threads/n-1/stream`, {
      body: { messages: [{ role: "user", content: "later" }], scheduledAt: soon },
    });
    expect(scheduled.statusCode).toBe(202);
    // Taken over before the scheduled reply runs: its turn finds the thread manual.
    await t.call("POST", "/v1/threads/n-1/mode", { body: { mode: "manual" } });
    await eventually(
      async () => log.turns(),
      (lines) => lines.length > 0,
    );
    expect(log.turns()).toEqual([
      expect.objectContaining({
        level: 30,
        threadId: "n-1",
        outcome: "not_answering",
        reason: "mode_manual",
      }),
    ]);
    const text = await scrape(t);
    expect(sample(text, "parley_turns_total", { outcome: "not_answering", reason: "mode_manual" })).toBe(1);
  });

  it_("counts tool calls waiting for a person's approval", async () => {
    const { t, bot, chat } = await setup((_options, call) =>
      call === 0
        ? { toolCall: { name: "update_working_memory", input: { markdown: "- likes tea" } } }
        : { text: "ok" },
    );
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { update_working_memory: "operator_approve" } } },
    });
    await streamTurn(t, chat.id, "a-1", "remember I like tea");
    expect(sample(await scrape(t), "parley_approvals_pending")).toBe(1);
  });

  it_("counts webhook deliveries by result and shows how old the oldest pending one is", async () => {
    const { t, chat } = await setup();
    const good = await WebhookReceiver.start(() => 200);
    const bad = await WebhookReceiver.start(() => 500);
    receivers.push(good, bad);
    for (const receiver of [good, bad]) {
      const created = await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
      expect(created.statusCode, created.body).toBe(200);
    }
    await streamTurn(t, chat.id, "w-1", "hi");
    const text = await eventually(
      () => scrape(t!),
      (body) =>
        (sample(body, "parley_webhook_deliveries_total", { result: "delivered" }) ?? 0) >= 1 &&
        (sample(body, "parley_webhook_deliveries_total", { result: "retrying" }) ?? 0) >= 1,
      10_000,
    );
    expect(sample(text, "parley_webhook_deliveries_total", { result: "delivered" })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, "parley_webhook_deliveries_total", { result: "retrying" })).toBeGreaterThanOrEqual(1);
    // The failing endpoint's deliveries wait for their retry.
    expect(sample(text, "parley_webhook_oldest_pending_delivery_age_seconds")).toBeGreaterThan(0);
  });

  it_("shows jobs by type and state, and the event streams open in this process", async () => {
    const { t, chat } = await setup();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await t.call("POST", `/v1/chats/${chat.id}/threads/s-1/stream`, {
      body: { messages: [{ role: "user", content: "later" }], scheduledAt: later },
    });
    expect(scheduled.statusCode).toBe(202);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `http://127.0.0.1:${port}/v1/threads/events`,
        { headers: { authorization: `Bearer ${t!.adminKey}` } },
        resolve,
      ).on("error", reject);
    });
    expect(response.statusCode).toBe(200);
    const open = await eventually(
      () => scrape(t!),
      (body) => sample(body, "parley_event_streams_open") === 1,
    );
    expect(sample(open, "parley_event_streams_open")).toBe(1);
    expect(sample(open, "parley_jobs", { type: "thread.reply", state: "scheduled" })).toBe(1);
    expect(sample(open, "parley_approvals_pending")).toBe(0);
    expect(sample(open, "parley_webhook_oldest_pending_delivery_age_seconds")).toBe(0);
    expect(sample(open, "parley_database_gauges_up")).toBe(1);

    response.destroy();
    const closed = await eventually(
      () => scrape(t!),
      (body) => sample(body, "parley_event_streams_open") === 0,
    );
    expect(sample(closed, "parley_event_streams_open")).toBe(0);
  });

  it_("leaves the database gauges out when the database fails, and still answers", async () => {
    const log = logCapture();
    t = await createTestApp({ dialect, logStream: log.stream, env: { LOG_LEVEL: "info" } });
    await t.storage.close();
    for (let scrapeNumber = 0; scrapeNumber < 2; scrapeNumber++) {
      const text = await scrape(t);
      expect(sample(text, "parley_database_gauges_up")).toBe(0);
      expect(sample(text, "parley_approvals_pending")).toBeUndefined();
      expect(sample(text, "parley_webhook_oldest_pending_delivery_age_seconds")).toBeUndefined();
      expect(text).not.toMatch(/^parley_jobs\{/m);
      expect(text).toContain("parley_http_requests_total");
      expect(sample(text, "parley_event_streams_open")).toBe(0);
    }
    expect(log.lines.filter((line) => line.msg === "metrics: database gauges skipped")).toHaveLength(1);
    await t.app.close();
    t = undefined;
  });
});
