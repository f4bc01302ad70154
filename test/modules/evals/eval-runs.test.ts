import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type LoopbackServer, listenOnLoopback } from "../../helpers/loopback-server.js";
import { lastToolResult, lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../../helpers/test-app.js";

const HANDBOOK = [
  "# Shop handbook",
  "",
  "Refunds reach the card in 5 days after we receive the parcel.",
  "",
  "Delivery takes two days in the city and a week elsewhere.",
].join("\n");

const systemText = (options: LanguageModelV3CallOptions) =>
  options.prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");

/**
 * The bot under evaluation: it searches the handbook about refunds, looks orders up with a
 * custom HTTP tool, hands "human" requests to an operator, fails on "broken", and is terse
 * when its instruction says so. The judge (the same model's non-streamed answer) passes a reply
 * that mentions 5 days, and garbles its answer when the criteria ask for it.
 */
function botModel() {
  return scriptedModel(
    (options): ScriptedReply => {
      const text = lastUserText(options);
      const result = lastToolResult(options);
      const toolDone = options.prompt.some((m) => m.role === "tool");
      if (text.includes("broken")) return { error: new Error("the provider is down") };
      if (text.includes("refund"))
        return toolDone
          ? { text: `From the handbook: ${JSON.stringify(result)}` }
          : { toolCall: { name: "knowledge_search", input: { query: "refund card days", limit: 2 } } };
      if (text.includes("order"))
        return toolDone
          ? { text: `Order says ${JSON.stringify(result)}` }
          : { toolCall: { name: "order_status", input: { order_id: "A-1", verbose: true } } };
      if (text.includes("human"))
        return toolDone
          ? { text: "A colleague will take over." }
          : { toolCall: { name: "handoff_to_operator", input: { reason: "asks for a person" } } };
      if (text.includes("greet"))
        return { text: systemText(options).includes("TERSE") ? "Hi." : "Hello, welcome!" };
      return { text: `Echo: ${text}` };
    },
    (options) => {
      const prompt = lastUserText(options);
      if (prompt.includes("GARBLED")) return "Hmm, hard to say.";
      const reply = prompt.slice(prompt.indexOf("Reply to evaluate:"), prompt.indexOf("Criterion:"));
      return reply.includes("5 days")
        ? 'Verdict: {"pass": true, "reason": "It says 5 days."} Done.'
        : '{"pass": false, "reason": "No delay is given."}';
    },
  );
}

describe.each(DIALECTS)("evaluation runs on %s", (dialect) => {
  let t: TestApp;
  let botId: string;
  let storeId: string;
  let orders: LoopbackServer;
  const mock = botModel();
  const it_ = it.skipIf(shouldSkip(dialect));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    orders = await listenOnLoopback((_req, res) =>
      res.end(JSON.stringify({ status: "from the real service" })),
    );
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
    });
    const port = await freePort();
    await t.app.listen({ port, host: "127.0.0.1" });
    const client = new OpenAI({
      apiKey: ADMIN_KEY,
      baseURL: `http://127.0.0.1:${port}/openai/v1`,
      maxRetries: 0,
    });
    const file = await client.files.create({
      file: await toFile(Buffer.from(HANDBOOK), "handbook.md"),
      purpose: "assistants",
    });
    storeId = (await client.vectorStores.create({ name: "Shop", file_ids: [file.id] })).id;
    const processed = await client.vectorStores.files.poll(storeId, file.id, { pollIntervalMs: 50 });
    expect(processed.status).toBe("completed");

    const tool = await t.call("POST", "/v1/tools/custom", {
      body: {
        name: "order_status",
        description: "An order's status",
        method: "GET",
        url: `http://127.0.0.1:${orders.port}/orders`,
        input_schema: {
          type: "object",
          properties: { order_id: { type: "string" }, verbose: { type: "boolean" } },
          required: ["order_id"],
        },
      },
    });
    expect(tool.statusCode, tool.body).toBe(200);
    botId = (await activeChat(t)).bot.id;
    const settings = await t.call("POST", `/v1/bots/${botId}/settings`, {
      body: {
        ai: {
          tools: { knowledge_search: "auto", handoff_to_operator: "auto", order_status: "operator_approve" },
          knowledge: { vectorStoreIds: [storeId] },
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await orders?.close();
  });

  const createCase = async (body: object) => {
    const response = await t.call("POST", `/v1/bots/${botId}/evals/cases`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; name: string };
  };
  const say = (content: string) => [{ role: "user", content }];
  const finished = async (runId: string) =>
    eventually(
      async () => (await t.call("GET", `/v1/bots/${botId}/evals/runs/${runId}`)).json(),
      (run) => run.status === "completed" || run.status === "failed",
    );
  const startRun = async (body: object) => {
    const response = await t.call("POST", `/v1/bots/${botId}/evals/runs`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it_(
    "runs every kind of expectation, passing and failing; tools not run, built-ins run; the traces",
    async () => {
      const refund = await createCase({
        name: "Refund",
        messages: say("When do I get my refund?"),
        expectations: [
          { type: "contains", value: "5 DAYS" },
          { type: "not_contains", value: "30 days" },
          { type: "tool_called", tool: "knowledge_search", arguments: { query: "refund card days" } },
          { type: "tool_not_called", tool: "handoff_to_operator" },
          { type: "hands_off", expected: false },
          { type: "max_tokens", value: 100 },
          { type: "rubric", criteria: "Says how many days a refund takes." },
        ],
      });
      const order = await createCase({
        name: "Order with a result",
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello!" },
          { role: "user", content: "Where is my order?" },
        ],
        expectations: [
          { type: "contains", value: "shipped" },
          { type: "tool_called", tool: "order_status", arguments: { order_id: "A-1" } },
          { type: "tool_not_called", tool: "order_status", arguments: { order_id: "B-2" } },
        ],
        tool_results: { order_status: { status: "shipped" } },
      });
      const orderDefault = await createCase({
        name: "Order without a result",
        messages: say("And my other order?"),
        expectations: [{ type: "contains", value: "this tool is not run in evaluations" }],
      });
      const human = await createCase({
        name: "Everything fails",
        messages: say("I want a human"),
        expectations: [
          { type: "contains", value: "refund", case_sensitive: true },
          { type: "not_contains", value: "colleague" },
          { type: "tool_called", tool: "knowledge_search" },
          { type: "tool_called", tool: "handoff_to_operator", arguments: { reason: "another reason" } },
          { type: "tool_not_called", tool: "handoff_to_operator" },
          { type: "hands_off", expected: false },
          { type: "max_tokens", value: 3 },
          { type: "rubric", criteria: "Says how many days a refund takes." },
          { type: "rubric", criteria: "GARBLED verdict please" },
        ],
      });
      const broken = await createCase({
        name: "Provider down",
        messages: say("this is broken"),
        expectations: [{ type: "contains", value: "anything" }],
      });
      const hitsBefore = orders.seen.length;
      const callsBefore = mock.calls.length;

      const queued = await startRun({});
      expect(queued).toMatchObject({
        id: expect.stringMatching(/^evr_/),
        bot_id: botId,
        // The bot's settings were changed once after it was created: version 2, published, no draft.
        version: 2,
        settings_version: expect.stringMatching(/^[0-9a-f]{12}$/),
        model: "openai/gpt-5",
        judge_model: "openai/gpt-5",
        passed: null,
        summary: { total: 5 },
        error: null,
      });
      expect(["queued", "running", "completed"]).toContain(queued.status);
      const run = await finished(queued.id);
      expect(run).toMatchObject({
        status: "completed",
        passed: false,
        summary: { total: 5, passed: 3, failed: 1, errored: 1 },
        started_at: expect.any(String),
        finished_at: expect.any(String),
      });
      expect(run.usage.output_tokens).toBeGreaterThan(0);
      // A custom tool is never called in an evaluation: its service saw nothing.
      expect(orders.seen.length).toBe(hitsBefore);
      // One attempt per case, no retries: the broken case asked once.
      const brokenCalls = mock.calls.slice(callsBefore).filter((o) => lastUserText(o).includes("broken"));
      expect(brokenCalls).toHaveLength(1);

      // The run's JSON, read as it comes.
      const byCase = new Map<string, ReturnType<typeof JSON.parse>>(
        run.results.map((r: { case_id: string }) => [r.case_id, r]),
      );
      const refundResult = byCase.get(refund.id);
      expect(refundResult).toMatchObject({
        case_name: "Refund",
        status: "passed",
        handed_off: false,
        tool_calls: [{ tool: "knowledge_search", arguments: { query: "refund card days", limit: 2 } }],
        error: null,
        trace_id: expect.stringMatching(/^trc_/),
      });
      expect(refundResult.reply).toContain("Refunds reach the card in 5 days");
      expect(refundResult.expectations.map((e: { passed: boolean }) => e.passed)).toEqual(
        Array(7).fill(true),
      );
      expect(refundResult.expectations[6]).toEqual({
        type: "rubric",
        passed: true,
        detail: "It says 5 days.",
      });

      const orderResult = byCase.get(order.id);
      expect(orderResult.status).toBe("passed");
      expect(orderResult.reply).toContain("shipped");
      expect(orderResult.tool_calls).toEqual([
        { tool: "order_status", arguments: { order_id: "A-1", verbose: true } },
      ]);
      expect(byCase.get(orderDefault.id)).toMatchObject({ status: "passed" });

      const humanResult = byCase.get(human.id);
      expect(humanResult).toMatchObject({
        status: "failed",
        handed_off: true,
        reply: "A colleague will take over.",
      });
      expect(
        humanResult.expectations.map((e: { type: string; passed: boolean }) => [e.type, e.passed]),
      ).toEqual([
        ["contains", false],
        ["not_contains", false],
        ["tool_called", false],
        ["tool_called", false],
        ["tool_not_called", false],
        ["hands_off", false],
        ["max_tokens", false],
        ["rubric", false],
        ["rubric", false],
      ]);
      expect(humanResult.expectations[3].detail).toContain("never with arguments matching");
      expect(humanResult.expectations[7].detail).toBe("No delay is given.");
      expect(humanResult.expectations[8].detail).toContain("held no verdict");
      expect(humanResult.expectations[8].detail).toContain("Hmm, hard to say.");

      expect(byCase.get(broken.id)).toMatchObject({
        status: "error",
        reply: null,
        expectations: [],
        error: { code: "model_error", message: "the provider is down" },
      });

      // The traces: as a thread's, without a thread; knowledge grounded in the real file.
      const trace = await t.call("GET", `/v1/bots/${botId}/evals/runs/${run.id}/results/${refund.id}/trace`);
      expect(trace.statusCode, trace.body).toBe(200);
      expect(trace.json()).toMatchObject({
        object: "turn_trace",
        id: refundResult.trace_id,
        thread_id: null,
        bot_version: 2,
        bot_id: botId,
        model: "openai/gpt-5",
        settings_version: run.settings_version,
        outcome: "replied",
        message_ids: [],
        credits: null,
        feedback: [],
        tool_calls: [expect.objectContaining({ name: "knowledge_search", status: "ok", approval: null })],
      });
      expect(trace.json().knowledge[0].passages[0]).toMatchObject({
        vector_store_id: storeId,
        file_name: "handbook.md",
      });
      const orderTrace = (
        await t.call("GET", `/v1/bots/${botId}/evals/runs/${run.id}/results/${order.id}/trace`)
      ).json();
      // The approval policy was skipped (taken as approved) and says so.
      expect(orderTrace.tool_calls[0]).toMatchObject({
        name: "order_status",
        result: { status: "shipped" },
        approval: { policy: "operator_approve", decision: "approved", decided_by: "evaluation" },
      });
      const brokenTrace = (
        await t.call("GET", `/v1/bots/${botId}/evals/runs/${run.id}/results/${broken.id}/trace`)
      ).json();
      expect(brokenTrace).toMatchObject({ outcome: "failed", code: "model_error" });
      const none = await t.call("GET", `/v1/bots/${botId}/evals/runs/${run.id}/results/evc_none/trace`);
      expect([none.statusCode, none.json().code]).toEqual([404, "eval_result_not_found"]);

      // Nothing of a conversation was left behind: no thread, no message.
      expect((await t.call("GET", "/v1/threads")).json().data).toEqual([]);

      const list = (await t.call("GET", `/v1/bots/${botId}/evals/runs`)).json();
      expect(list.data[0]).toMatchObject({ id: run.id, summary: run.summary });
      for (const evalCase of [refund, order, orderDefault, human, broken])
        await t.call("POST", `/v1/bots/${botId}/evals/cases/${evalCase.id}/delete`);
    },
    60_000,
  );

  it_(
    "compares two runs: fixed, broken, same, added, removed",
    async () => {
      const greet = await createCase({
        name: "Short greeting",
        messages: say("greet me"),
        expectations: [
          { type: "max_tokens", value: 100 },
          { type: "not_contains", value: "welcome" },
        ],
      });
      const warm = await createCase({
        name: "Warm greeting",
        messages: say("greet me warmly"),
        expectations: [{ type: "contains", value: "welcome" }],
      });
      const echo = await createCase({
        name: "Echo",
        messages: say("ping"),
        expectations: [{ type: "contains", value: "ping" }],
      });
      const gone = await createCase({ name: "Only in base", messages: say("pong"), expectations: [] });
      const base = await finished((await startRun({ case_ids: [greet.id, warm.id, echo.id, gone.id] })).id);
      expect(base.summary).toEqual({ total: 4, passed: 3, failed: 1, errored: 0 });

      await t.call("POST", `/v1/bots/${botId}/settings`, { body: { ai: { instruction: "Be TERSE." } } });
      const added = await createCase({ name: "Only in head", messages: say("hello"), expectations: [] });
      const head = await finished(
        (await startRun({ version: "published", case_ids: [greet.id, warm.id, echo.id, added.id] })).id,
      );
      expect(head.settings_version).not.toBe(base.settings_version);

      const compared = await t.call("GET", `/v1/bots/${botId}/evals/compare?base=${base.id}&head=${head.id}`);
      expect(compared.statusCode, compared.body).toBe(200);
      const body = compared.json();
      expect(body.base.id).toBe(base.id);
      expect(body.head.id).toBe(head.id);
      expect(body.cases.map((c: { case_id: string; change: string }) => [c.case_id, c.change])).toEqual([
        [greet.id, "fixed"],
        [warm.id, "broken"],
        [echo.id, "same"],
        [added.id, "added"],
        [gone.id, "removed"],
      ]);
      expect(body.cases[0]).toMatchObject({
        name: "Short greeting",
        base: { status: "failed", reply: "Hello, welcome!" },
        head: { status: "passed", reply: "Hi." },
      });
      expect(body.cases[4].head).toBeNull();

      const missing = await t.call("GET", `/v1/bots/${botId}/evals/compare?base=${base.id}&head=evr_none`);
      expect([missing.statusCode, missing.json().code]).toEqual([404, "eval_run_not_found"]);
    },
    60_000,
  );

  it_("refuses runs it cannot make: no cases, unknown cases, models or versions", async () => {
    const empty = (await t.call("POST", "/v1/bots", { body: { name: "Empty" } })).json();
    const noCases = await t.call("POST", `/v1/bots/${empty.id}/evals/runs`, { body: {} });
    expect([noCases.statusCode, noCases.json().code]).toEqual([422, "no_cases"]);
    const one = await createCase({ name: "One", messages: say("ping"), expectations: [] });
    const unknownCase = await t.call("POST", `/v1/bots/${botId}/evals/runs`, {
      body: { case_ids: [one.id, "evc_x"] },
    });
    expect(unknownCase.statusCode).toBe(422);
    expect(unknownCase.json().details).toEqual([
      { path: "case_ids.1", message: "the bot has no evaluation case 'evc_x'" },
    ]);
    for (const body of [{ model: "openai/no-such-model" }, { judge_model: "nobody/none" }]) {
      const response = await t.call("POST", `/v1/bots/${botId}/evals/runs`, { body });
      expect([response.statusCode, response.json().code]).toEqual([422, "model_unavailable"]);
    }
    const version = await t.call("POST", `/v1/bots/${botId}/evals/runs`, { body: { version: 99 } });
    expect([version.statusCode, version.json().code]).toEqual([404, "version_not_found"]);
    for (const body of [{ version: "latest" }, { version: 0 }, { case_ids: [] }, { colour: 1 }]) {
      const response = await t.call("POST", `/v1/bots/${botId}/evals/runs`, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const missing = await t.call("GET", `/v1/bots/${botId}/evals/runs/evr_none`);
    expect([missing.statusCode, missing.json().code]).toEqual([404, "eval_run_not_found"]);
  });
});
