import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterEach, describe, expect, it } from "vitest";
import { modelToolName } from "../../../src/modules/engine/tools/project-tools.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastToolResult, lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeMcpServer } from "./fake-mcp-server.js";

const TOKEN = "bot-turn-mcp-token";
const GET_ORDER = "mcp:shop:get_order";

/**
 * A bot uses an MCP server's tool in conversations (docs/mcp.md): the project connects the
 * fake server, the bot enables `mcp:shop:get_order` under each approval policy, the model
 * calls it (by its model-facing name), and the tool's result (or its error) reaches the model.
 * Needs the MCP provider wired into the project's tools (composition root).
 */
function orderScript() {
  return scriptedModel((options: LanguageModelV3CallOptions): ScriptedReply => {
    const last = options.prompt.at(-1);
    if (last?.role === "tool") return { text: `Tool said: ${JSON.stringify(last.content)}` };
    const text = lastUserText(options);
    // After a user's yes, the approved call's result sits before the confirmation.
    if (/^yes/i.test(text)) return { text: `Tool said: ${JSON.stringify(lastToolResult(options))}` };
    const tool = text.includes("broken") ? "mcp:shop:fail" : GET_ORDER;
    return { toolCall: { name: modelToolName(tool), input: tool === GET_ORDER ? { order_id: "1234" } : {} } };
  });
}

interface Message {
  author: string;
  content: string;
}

describe.each(DIALECTS)("bot turns calling an MCP tool on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let t: TestApp | undefined;
  let fake: FakeMcpServer | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  async function setUp(policy: "auto" | "operator_approve" | "user_approve", tools = [GET_ORDER]) {
    fake = await FakeMcpServer.start({ token: TOKEN, requireAuth: true });
    const mock = orderScript();
    t = await createTestApp({
      dialect,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      modelOverride: () => mock.model,
    });
    const server = await t.call("POST", "/v1/mcp-servers", {
      body: { name: "shop", url: fake.url, auth: { bearer_token: TOKEN } },
    });
    expect(server.json().connection.status).toBe("connected");
    const { bot, chat } = await activeChat(t);
    const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: Object.fromEntries(tools.map((name) => [name, policy])) } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const listed = (await t.call("GET", "/v1/tools")).json() as Array<{
      name: string;
      source: unknown;
      input_schema: Record<string, unknown>;
    }>;
    expect(listed.find((tool) => tool.name === GET_ORDER)).toMatchObject({
      source: { kind: "mcp", server_id: server.json().id, server: "shop" },
      input_schema: { type: "object", required: ["order_id"] },
    });
    return { t, fake, mock, chat, bot };
  }

  const orderCalls = () => fake!.calls.filter((call) => call.tool === "get_order");

  it_("auto: the tool runs at once and the model reads the order", async () => {
    const { t, chat, mock } = await setUp("auto");
    const turn = await streamTurn(t, chat.id, "mcp-auto", "Where is my order 1234?");
    expect(turn.events.find((e) => e.type === "tool-call")).toMatchObject({ toolName: GET_ORDER });
    expect(turn.events.find((e) => e.type === "tool-result")).toMatchObject({
      result: { order_id: "1234", status: "shipped", total: 1490.5 },
    });
    expect(turn.text).toContain("shipped");
    expect(orderCalls()).toEqual([{ tool: "get_order", args: { order_id: "1234" } }]);
    expect(JSON.stringify(mock.calls.at(-1)!.prompt.at(-1))).toContain("shipped");
  });

  it_("operator_approve: nothing runs until the operator approves", async () => {
    const { t, chat } = await setUp("operator_approve");
    const first = await streamTurn(t, chat.id, "mcp-op", "Where is my order 1234?");
    expect(first.events[0]).toMatchObject({
      type: "tool-call",
      toolName: GET_ORDER,
      approvalId: expect.stringMatching(/^apr_/),
    });
    expect(first.events.at(-1)).toMatchObject({ finishReason: "tool-calls" });
    expect(orderCalls()).toEqual([]);
    const decided = await t.call("POST", `/v1/threads/mcp-op/approvals/${first.events[0]!.approvalId}`, {
      body: { approve: true },
    });
    expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
    const messages = await eventually(
      async () => (await t.call("GET", "/v1/threads/mcp-op/messages")).json() as Message[],
      (list) => list.at(-1)?.content.startsWith("Tool said:") ?? false,
    );
    expect(messages.at(-1)!.content).toContain("shipped");
    expect(orderCalls()).toHaveLength(1);
  });

  it_("user_approve: the person says yes, then the tool runs", async () => {
    const { t, chat } = await setUp("user_approve");
    const first = await streamTurn(t, chat.id, "mcp-user", "Where is my order 1234?");
    expect(first.events[0]).toMatchObject({
      type: "tool-call",
      toolName: GET_ORDER,
      approvalId: expect.any(String),
    });
    // An MCP tool is named without `mcp:<server>:`, with its first scalar arguments.
    expect(first.text).toBe("May I use “get_order” (order_id: 1234) — reply “yes” or “no”.");
    expect(orderCalls()).toEqual([]);
    const second = await streamTurn(t, chat.id, "mcp-user", "Yes");
    expect(second.text).toContain("shipped");
    expect(orderCalls()).toHaveLength(1);
    expect((await t.call("GET", "/v1/threads/mcp-user/approvals")).json()).toEqual([
      expect.objectContaining({ status: "approved", decided_by: "user", policy: "user_approve" }),
    ]);
  });

  it_("a tool error reaches the model as the tool's result and the turn goes on", async () => {
    const { t, chat } = await setUp("auto", [GET_ORDER, "mcp:shop:fail"]);
    const turn = await streamTurn(t, chat.id, "mcp-fail", "the broken one, please");
    expect(turn.events.find((e) => e.type === "tool-result")).toMatchObject({
      result: { error: expect.stringContaining("the order system is down") },
    });
    expect(turn.text).toContain("the order system is down");
    expect(turn.events.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
  });
});
