import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import { openStorage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

const remember = (name: string): ScriptedReply => ({
  toolCall: { name: "update_working_memory", input: { markdown: `- Name: ${name}` } },
});

/** Answers a tool call once with the memory tool, then with plain text echoing the last user message. */
function approvalScript() {
  return scriptedModel((options, call): ScriptedReply => {
    if (call === 0) return remember("Ann");
    const hasToolResult = options.prompt.some((m) => m.role === "tool");
    return { text: hasToolResult ? `Done. (${lastUserText(options)})` : `Echo: ${lastUserText(options)}` };
  });
}

describe("tool approvals", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(policy: "user_approve" | "operator_approve") {
    const mock = approvalScript();
    t = await createTestApp({ modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    await t.call("POST", `/v1/bots/${fixture.bot.id}/settings`, {
      body: { ai: { tools: { update_working_memory: policy } } },
    });
    return { t, mock, ...fixture };
  }
  const memory = async (app: TestApp, thread: string) =>
    (await app.call("GET", `/v1/threads/${thread}/memory`)).json();

  it("user_approve (English): the bot asks, 'yes' runs the tool and the model goes on", async () => {
    const { t, chat, mock } = await setup("user_approve");
    const first = await streamTurn(t, chat.id, "ua-en", "Please remember my name, Ann");
    expect(first.events.map((e) => e.type)).toEqual(["tool-call", "text-delta", "finish"]);
    expect(first.events[0]).toMatchObject({
      toolName: "update_working_memory",
      approvalId: expect.stringMatching(/^apr_/),
    });
    // The tool's title in human words, its key argument quoted (docs/agent.md, "Approval policies").
    expect(first.text).toBe("May I note this down: “- Name: Ann” — reply “yes” or “no”.");
    expect(first.events.at(-1)).toMatchObject({ finishReason: "tool-calls" });
    expect((await memory(t, "ua-en")).content).toBeNull();

    const second = await streamTurn(t, chat.id, "ua-en", "Yes!");
    expect(second.text).toBe("Done. (Yes!)");
    expect((await memory(t, "ua-en")).content).toBe("- Name: Ann");
    const approvals = (await t.call("GET", "/v1/threads/ua-en/approvals")).json();
    expect(approvals).toEqual([
      expect.objectContaining({ status: "approved", decided_by: "user", policy: "user_approve" }),
    ]);
    // The provider saw the question and the user's confirmation, then the call and its result
    // last: the step the model goes on from (docs/agent.md, "Approval policies").
    expect(mock.calls[1]!.prompt.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "assistant",
      "tool",
    ]);
  });

  it("user_approve (Russian): the question is in Russian and 'нет' cancels the action", async () => {
    const { t, chat } = await setup("user_approve");
    const first = await streamTurn(t, chat.id, "ua-ru", "Запомни, пожалуйста, что меня зовут Аня");
    expect(first.text).toBe("Можно запомнить: «- Name: Ann» — ответьте «да» или «нет».");
    const second = await streamTurn(t, chat.id, "ua-ru", "Нет.");
    expect(second.events.at(-1)).toMatchObject({ type: "finish" });
    expect((await memory(t, "ua-ru")).content).toBeNull();
    expect((await t.call("GET", "/v1/threads/ua-ru/approvals")).json()[0]).toMatchObject({
      status: "rejected",
      reason: "The user declined.",
    });
  });

  it("user_approve: anything other than yes or no cancels and is answered normally", async () => {
    const { t, chat } = await setup("user_approve");
    await streamTurn(t, chat.id, "ua-other", "remember me as Ann");
    const reply = await streamTurn(t, chat.id, "ua-other", "what's the weather like?");
    expect(reply.text).toBe("Done. (what's the weather like?)");
    expect((await memory(t, "ua-other")).content).toBeNull();
    expect((await t.call("GET", "/v1/threads/ua-other/approvals")).json()[0].status).toBe("rejected");
  });

  it("operator_approve: rejection records the refusal, the tool does not run, the reply still comes", async () => {
    const { t, chat } = await setup("operator_approve");
    const first = await streamTurn(t, chat.id, "oa-no", "remember me");
    const approvalId = first.events[0]!.approvalId as string;
    expect(first.events.at(-1)).toMatchObject({ type: "finish", finishReason: "tool-calls" });
    const decided = await t.call("POST", `/v1/threads/oa-no/approvals/${approvalId}`, {
      body: { approve: false, reason: "not allowed" },
    });
    expect(decided.json()).toMatchObject({
      status: "rejected",
      reason: "not allowed",
      decided_by: "operator",
    });
    const messages = await eventually(
      async () =>
        (await t.call("GET", "/v1/threads/oa-no/messages")).json() as Array<{
          author: string;
          content: string;
        }>,
      (list) => list.at(-1)?.content.startsWith("Done.") ?? false,
    );
    expect(messages.at(-1)?.author).toBe("bot");
    expect((await memory(t, "oa-no")).content).toBeNull();
    const refusal = messages.find((m) => (m as { tool_results?: unknown }).tool_results) as
      | { tool_results: unknown[] }
      | undefined;
    expect(refusal?.tool_results).toEqual([
      expect.objectContaining({ name: "update_working_memory", status: "denied", result: "not allowed" }),
    ]);
    expect(
      (await t.call("POST", `/v1/threads/oa-no/approvals/${approvalId}`, { body: { approve: true } }))
        .statusCode,
    ).toBe(409);
  });
});

describe("operator approval across a restart", () => {
  it("pauses, counts as pending, survives a restart, then resumes once approved", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "parley-approval-")), "parley.db");
    const secrets = createSecretBox(randomBytes(32));
    const config = testConfig({ PARLEY_RATE_LIMIT_PER_KEY: "100000" });
    const mock = approvalScript();
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, "content-type": "application/json" };
    const start = async () => {
      const storage = openStorage({ sqlitePath: file });
      await migrateToLatest(storage);
      await bootstrap(storage, { clock: { now: () => new Date() }, newId, bootstrapKey: ADMIN_KEY });
      const app = await buildApp({
        config,
        storage,
        secrets,
        modelOverride: () => mock.model,
        workerPollMs: 50,
      });
      await app.ready();
      const call = async (method: "GET" | "POST", url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers,
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
      return { app, storage, call };
    };

    const first = await start();
    const bot = (await first.call("POST", "/v1/bots", { name: "Careful" })).json();
    await first.call("POST", `/v1/bots/${bot.id}/settings`, {
      ai: { tools: { update_working_memory: "operator_approve" } },
    });
    const integration = (
      await first.call("POST", "/v1/integrations", { name: "W", vendor: "parley", auth_data: {} })
    ).json();
    const chat = (
      await first.call("POST", `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "c" })
    ).json();
    await first.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      status: "active",
    });
    const paused = await first.call("POST", `/v1/chats/${chat.id}/threads/oa-1/stream`, {
      messages: [{ role: "user", content: "remember my name is Ann" }],
    });
    expect(paused.body).toContain('"approvalId":"apr_');
    expect(paused.body).toContain('"finishReason":"tool-calls"');
    expect((await first.call("GET", "/v1/threads/oa-1")).json().pending_count).toBe(1);
    const [approval] = (await first.call("GET", "/v1/threads/oa-1/approvals")).json();
    expect(approval).toMatchObject({
      status: "pending",
      policy: "operator_approve",
      tool_name: "update_working_memory",
    });
    // The user writes again while the operator decides: no model call, one more pending.
    await first.call("POST", `/v1/chats/${chat.id}/threads/oa-1/stream`, {
      messages: [{ role: "user", content: "hello?" }],
    });
    expect(mock.calls).toHaveLength(1);
    expect((await first.call("GET", "/v1/threads/oa-1")).json().pending_count).toBe(2);
    await first.app.close();
    await first.storage.close();

    const second = await start();
    const decided = await second.call("POST", `/v1/threads/oa-1/approvals/${approval.id}`, { approve: true });
    expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
    const messages = await eventually(
      async () =>
        (await second.call("GET", "/v1/threads/oa-1/messages")).json() as Array<{
          author: string;
          content: string;
        }>,
      (list) => list.at(-1)?.content.startsWith("Done.") ?? false,
      8000,
    );
    expect(messages.at(-1)).toMatchObject({ author: "bot", content: "Done. (hello?)" });
    expect((await second.call("GET", "/v1/threads/oa-1/memory")).json()).toEqual({ content: "- Name: Ann" });
    expect((await second.call("GET", "/v1/threads/oa-1")).json().pending_count).toBe(0);
    expect(mock.calls[1]!.prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    await second.app.close();
    await second.storage.close();
  }, 20_000);
});
