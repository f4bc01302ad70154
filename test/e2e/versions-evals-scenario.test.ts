import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import {
  type FakeOpenAI,
  lastUserText,
  type RecordedRequest,
  startFakeOpenAI,
  systemText,
} from "../helpers/fake-openai-server.js";
import { exitCode, runNpm } from "../helpers/server-process.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../helpers/test-app.js";
import { WebhookReceiver } from "../helpers/webhook-receiver.js";

const OLD_POLICY = "You are the shop's assistant. Refunds take 30 days.";
const NEW_POLICY =
  "You are the shop's assistant. Refunds take 14 days. When someone asks for a person, hand over.";

/**
 * The model behind the fake provider answers by what its system prompt says, so each version of
 * the bot behaves differently: the old one gets the refund time wrong and never hands over; the
 * new one says 14 days and calls handoff_to_operator. The judge (a call without streaming)
 * passes a reply that says "14 days".
 */
function provider(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  if (!request.body.stream) {
    const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
    const reply = prompt.split("Reply to evaluate:")[1]?.split("Criterion:")[0] ?? "";
    const pass = reply.includes("14 days");
    return { text: `Verdict: {"pass": ${pass}, "reason": "${pass ? "says 14 days" : "wrong refund time"}"}` };
  }
  const system = systemText(request);
  const question = lastUserText(request);
  const toolDone = messages.some((m) => m.role === "tool");
  if (question.includes("person")) {
    if (system.includes("hand over") && !toolDone) {
      return { toolCalls: [{ name: "handoff_to_operator", arguments: { reason: "asks for a person" } }] };
    }
    return { text: toolDone ? "A colleague will answer you here." : "I can answer that myself." };
  }
  return { text: system.includes("14 days") ? "Refunds take 14 days." : "Refunds take 30 days." };
}

type Run = {
  id: string;
  status: string;
  passed: boolean | null;
  version: number;
  summary: { total: number; passed: number; failed: number; errored: number };
};

/**
 * Changing a bot safely, end to end (docs/quality.md, "Versions", "Evaluations"): a published bot
 * answers wrongly and a customer's 👎 with a correction becomes a test case; the bot is edited as
 * a draft and tried in a draft chat while customers keep the published version; its evaluation
 * set runs against the published version and the draft, side by side; the publish gate refuses
 * until the draft passed; publish, roll back; and `parley evals run` exits 1 on the failing
 * version and 0 on the passing one, from its own process on the same database.
 */
describe.each(DIALECTS)("versions and evaluations scenario (%s)", (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let hooks: WebhookReceiver;
  let dataDir: string;
  let providerEnv: Record<string, string>;
  const it_ = it.skipIf(shouldSkip(dialect));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    fake = await startFakeOpenAI({ responder: provider });
    hooks = await WebhookReceiver.start(() => 200);
    dataDir = mkdtempSync(join(tmpdir(), "parley-versions-"));
    providerEnv = {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
      PARLEY_DEFAULT_MODEL: "openai/gpt-5",
    };
    t = await createTestApp({
      dialect,
      dataDir,
      env: { ...providerEnv, PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true", PARLEY_MODEL_MAX_ATTEMPTS: "1" },
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await hooks?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const finished = async (botId: string, runId: string): Promise<Run> =>
    eventually(
      async () => (await t.call("GET", `/v1/bots/${botId}/evals/runs/${runId}`)).json() as Run,
      (run) => run.status === "completed" || run.status === "failed",
    );

  it_(
    "edits as a draft, evaluates both versions side by side, publishes, rolls back; the CLI fails the bad set",
    async () => {
      const { bot, integration, chat } = await activeChat(t);
      await t.call("POST", "/v1/webhook-endpoints", { body: { url: hooks.url, events: ["bot.published"] } });
      expect(
        (await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { instruction: OLD_POLICY } } }))
          .statusCode,
      ).toBe(200);

      // A customer gets the wrong refund time; their 👎 with the right answer becomes a test case.
      await streamTurn(t, chat.id, "customer-1", "How long do refunds take?");
      const messages = (await t.call("GET", "/v1/threads/customer-1/messages")).json() as Array<{
        id: string;
        author: string;
        content: string;
      }>;
      const wrong = messages.find((m) => m.author === "bot")!;
      expect(wrong.content).toBe("Refunds take 30 days.");
      const rated = await t.call("POST", `/v1/threads/customer-1/messages/${wrong.id}/feedback`, {
        body: { rating: "down", correction: "Refunds take 14 days." },
      });
      expect(rated.statusCode).toBe(200);
      const fromFeedback = await t.call("POST", `/v1/bots/${bot.id}/evals/cases/from_feedback`, {
        body: { thread_id: "customer-1", message_id: wrong.id },
      });
      expect(fromFeedback.statusCode).toBe(200);
      expect(fromFeedback.json()).toMatchObject({
        source: { type: "feedback", thread_id: "customer-1", message_id: wrong.id },
        messages: [{ role: "user", content: "How long do refunds take?" }],
        expectations: [{ type: "rubric", criteria: expect.stringContaining("Refunds take 14 days.") }],
      });
      // Two cases written by hand.
      const refunds = await t.call("POST", `/v1/bots/${bot.id}/evals/cases`, {
        body: {
          name: "Refund time",
          messages: [{ role: "user", content: "Refunds: how long?" }],
          expectations: [
            { type: "contains", value: "14 days" },
            { type: "not_contains", value: "30 days" },
            { type: "max_tokens", value: 200 },
          ],
        },
      });
      expect(refunds.statusCode).toBe(200);
      const person = await t.call("POST", `/v1/bots/${bot.id}/evals/cases`, {
        body: {
          name: "Asks for a person",
          messages: [{ role: "user", content: "Can I talk to a person?" }],
          expectations: [
            { type: "hands_off", expected: true },
            { type: "tool_called", tool: "handoff_to_operator", arguments: { reason: "asks for a person" } },
          ],
        },
      });
      expect(person.statusCode).toBe(200);

      // The change goes to a draft: a draft chat (Try it) answers with it, customers keep version 2.
      const gate = await t.call("POST", `/v1/bots/${bot.id}`, { body: { publish_requires_evals: true } });
      expect(gate.json().publish_requires_evals).toBe(true);
      const drafted = await t.call("POST", `/v1/bots/${bot.id}/draft`, {
        body: { ai: { instruction: NEW_POLICY, tools: { handoff_to_operator: "auto" } } },
      });
      expect(drafted.json()).toMatchObject({ version: 3, based_on: 2 });
      const tryChat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "Try it", bot_version: "draft" },
        })
      ).json();
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${tryChat.id}/status`, {
        body: { status: "active" },
      });
      expect(JSON.stringify(await streamTurn(t, tryChat.id, "try-1", "Refund time?"))).toContain("14 days");
      expect(JSON.stringify(await streamTurn(t, chat.id, "customer-2", "Refund time?"))).toContain("30 days");
      expect((await t.call("GET", "/v1/threads/try-1/traces")).json().data[0].bot_version).toBe(3);
      expect((await t.call("GET", "/v1/threads/customer-2/traces")).json().data[0].bot_version).toBe(2);
      const diff = (await t.call("GET", `/v1/bots/${bot.id}/versions/diff`)).json();
      expect(diff.changes.map((c: { path: string; change: string }) => `${c.change} ${c.path}`)).toEqual([
        "changed ai.instruction",
        "added ai.tools.handoff_to_operator",
      ]);

      // The gate: no evaluation of the draft yet.
      const early = await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: {} });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe("evals_required");

      // The set against the published version and the draft.
      const startRun = async (version: string) => {
        const created = await t.call("POST", `/v1/bots/${bot.id}/evals/runs`, { body: { version } });
        expect(created.statusCode).toBe(200);
        return finished(bot.id, created.json().id);
      };
      const base = await startRun("published");
      const head = await startRun("draft");
      expect(base).toMatchObject({
        status: "completed",
        version: 2,
        passed: false,
        summary: { total: 3, passed: 0, failed: 3 },
      });
      expect(head).toMatchObject({
        status: "completed",
        version: 3,
        passed: true,
        summary: { total: 3, passed: 3, failed: 0 },
      });
      const compare = (
        await t.call("GET", `/v1/bots/${bot.id}/evals/compare?base=${base.id}&head=${head.id}`)
      ).json();
      expect(compare.cases).toHaveLength(3);
      for (const row of compare.cases) {
        expect(row).toMatchObject({
          change: "fixed",
          base: { status: "failed" },
          head: { status: "passed" },
        });
      }
      // Each failure links to its trace: the old version answered without calling a tool.
      const baseRun = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${base.id}`)).json();
      const personResult = baseRun.results.find((r: { case_id: string }) => r.case_id === person.json().id);
      expect(personResult.expectations.filter((e: { passed: boolean }) => !e.passed)).toHaveLength(2);
      const trace = (
        await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${base.id}/results/${personResult.case_id}/trace`)
      ).json();
      expect(trace).toMatchObject({ thread_id: null, bot_version: 2, tool_calls: [] });

      // Published with the gate satisfied; customers get the new answer; then rolled back.
      const published = await t.call("POST", `/v1/bots/${bot.id}/publish`, {
        body: { note: "Refunds in 14 days" },
      });
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({
        bot: { published_version: 3, draft_version: null },
        previous_version: 2,
      });
      expect(JSON.stringify(await streamTurn(t, chat.id, "customer-3", "Refund time?"))).toContain("14 days");
      const rolledBack = await t.call("POST", `/v1/bots/${bot.id}/rollback`, { body: {} });
      expect(rolledBack.json()).toMatchObject({ bot: { published_version: 2 }, previous_version: 3 });
      expect(JSON.stringify(await streamTurn(t, chat.id, "customer-4", "Refund time?"))).toContain("30 days");
      const published_ = () =>
        hooks.accepted.map((r) => r.body).filter((event) => event.type === "bot.published");
      await hooks.waitFor(() => published_().length >= 3, 30_000);
      expect(published_().map((event) => [event.data.action, event.data.version])).toEqual([
        ["settings", 2],
        ["publish", 3],
        ["rollback", 2],
      ]);

      // The deploy pipeline's check, from its own process on the same database.
      const cli = async (...args: string[]) => {
        const env = {
          ...t.databaseEnv!,
          ...providerEnv,
          LOG_LEVEL: "warn",
          PARLEY_BOOTSTRAP_API_KEY: ADMIN_KEY,
        };
        const run = runNpm(["run", "--silent", "parley", "--", ...args], env);
        return {
          code: await exitCode(run, `parley ${args.join(" ")}`),
          stdout: run.stdout(),
          stderr: run.stderr(),
        };
      };
      const failing = await cli("evals", "run", "--bot", bot.id, "--version", "published");
      expect(failing.code, failing.stderr).toBe(1);
      expect(JSON.parse(failing.stdout)).toMatchObject({ version: 2, passed: false });
      const passing = await cli("evals", "run", "--bot", bot.id, "--version", "3");
      expect(passing.code, passing.stderr).toBe(0);
      expect(JSON.parse(passing.stdout)).toMatchObject({ version: 3, passed: true });
      // The CLI's runs are the bot's runs, as the console lists them.
      const runs = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs`)).json();
      expect(runs.data).toHaveLength(4);
    },
  );
});
