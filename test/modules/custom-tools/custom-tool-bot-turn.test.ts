import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeToolServer } from "./fake-tool-server.js";
import { orderLookup } from "./fixtures.js";

const API_KEY = "shop-api-key-123";

interface Message {
  role: string;
  author: string;
  content: string;
}

/**
 * The model asks for the order a user message names (`order A-1001`), then reports what the
 * tool answered (also after the user's "yes" under user_approve). Anything else is echoed.
 */
function shopScript() {
  return scriptedModel((options: LanguageModelV3CallOptions): ScriptedReply => {
    const lastTool = [...options.prompt].reverse().find((m) => m.role === "tool");
    // Right after the tool's result, or after the user's "yes" that let it run (user_approve).
    if (lastTool && (options.prompt.at(-1) === lastTool || lastUserText(options) === "yes")) {
      return { text: `Tool said: ${JSON.stringify(lastTool.content)}` };
    }
    const order = /order ([A-Z]-\d{4})/.exec(lastUserText(options));
    if (!order) return { text: `Echo: ${lastUserText(options)}` };
    return { toolCall: { name: "lookup_order", input: { order_id: order[1], expand: "items" } } };
  });
}

/**
 * A bot uses the shop's order lookup (docs/custom-tools.md) in conversations under each
 * approval policy: the tool is the project's own HTTP endpoint on loopback, which verifies the
 * signature of every call; its answer reaches the model and the thread, and a failing call
 * becomes a tool error the model reads — the turn never fails.
 */
describe.each(DIALECTS)("a bot calling a custom HTTP tool on %s", (dialect: TestDialect) => {
  const describe_ = shouldSkip(dialect) ? describe.skip : describe;
  describe_("under the approval policies", () => {
    let t: TestApp;
    let fake: FakeToolServer;
    let botId: string;
    let chatId: string;
    let toolId: string;
    const model = shopScript();

    beforeAll(async () => {
      fake = await FakeToolServer.start();
      fake.apiKey = API_KEY;
      t = await createTestApp({
        dialect,
        modelOverride: () => model.model,
        env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      });
      const { bot, chat } = await activeChat(t);
      botId = bot.id;
      chatId = chat.id;
      const created = await t.call("POST", "/v1/tools/custom", { body: orderLookup(fake.baseUrl) });
      expect(created.statusCode, created.body).toBe(200);
      fake.secret = created.json().secret;
      toolId = created.json().id;
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    const setPolicy = async (policy: string) => {
      const response = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: { ai: { tools: { lookup_order: policy } } },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const messagesOf = async (thread: string) =>
      (await t.call("GET", `/v1/threads/${thread}/messages`)).json() as Message[];
    const lookups = () => fake.calls.filter((call) => call.path === "/orders/A-1001").length;

    it("GET /v1/tools lists it with its schema and source; ai.tools accepts its name, not an unknown one", async () => {
      const tools = (await t.call("GET", "/v1/tools")).json() as Array<Record<string, unknown>>;
      expect(tools.find((tool) => tool.name === "lookup_order")).toMatchObject({
        source: { kind: "custom", tool_id: toolId },
        input_schema: { type: "object", required: ["order_id"] },
        policies: ["auto", "user_approve", "operator_approve"],
      });
      const unknown = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: { ai: { tools: { lookup_orders: "auto" } } },
      });
      expect(unknown.statusCode).toBe(422);
    });

    it("auto: the tool runs at once, signed; its answer reaches the model and the thread", async () => {
      await setPolicy("auto");
      const turn = await streamTurn(t, chatId, "ct-auto", "Where is my order A-1001?");
      expect(turn.events.find((e) => e.type === "tool-result")).toMatchObject({
        toolName: "lookup_order",
        result: { id: "A-1001", status: "shipped" },
      });
      expect(turn.text).toContain("shipped");
      expect(lookups()).toBe(1);
      expect(fake.calls.at(-1)!.signatureValid).toBe(true);
      const messages = await messagesOf("ct-auto");
      expect(messages.some((m) => m.role === "tool" && m.content.includes("PIZZA-L"))).toBe(true);
      expect(JSON.stringify(messages)).not.toContain(API_KEY);
    });

    it("auto: a failing call is a tool error the model reads; the turn still answers", async () => {
      const turn = await streamTurn(t, chatId, "ct-fail", "Where is my order Z-9999?");
      expect(turn.events.find((e) => e.type === "tool-result")).toMatchObject({
        result: { error: expect.stringContaining('answered HTTP 404: {"error":"no order Z-9999"}') },
      });
      expect(turn.events.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
      expect(turn.text).toContain("no order Z-9999");
    });

    it("operator_approve: nothing is called until an operator approves; then it runs once", async () => {
      await setPolicy("operator_approve");
      const before = lookups();
      const first = await streamTurn(t, chatId, "ct-operator", "Check order A-1001 please");
      expect(first.events[0]).toMatchObject({
        type: "tool-call",
        toolName: "lookup_order",
        approvalId: expect.stringMatching(/^apr_/),
      });
      expect(first.events.at(-1)).toMatchObject({ finishReason: "tool-calls" });
      expect(lookups()).toBe(before);
      const decided = await t.call(
        "POST",
        `/v1/threads/ct-operator/approvals/${first.events[0]!.approvalId}`,
        { body: { approve: true } },
      );
      expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
      const messages = await eventually(
        () => messagesOf("ct-operator"),
        (list) => list.at(-1)?.content.startsWith("Tool said:") ?? false,
      );
      expect(messages.at(-1)).toMatchObject({ author: "bot", content: expect.stringContaining("shipped") });
      expect(lookups()).toBe(before + 1);
    });

    it("user_approve: the bot asks the user; 'yes' runs the tool", async () => {
      await setPolicy("user_approve");
      const before = lookups();
      const first = await streamTurn(t, chatId, "ct-user", "What about order A-1001?");
      expect(first.events[0]).toMatchObject({
        type: "tool-call",
        approvalId: expect.stringMatching(/^apr_/),
      });
      // A custom tool has no formatter: its name and first scalar arguments (docs/agent.md).
      expect(first.text).toBe(
        "May I use “lookup_order” (order_id: A-1001, expand: items) — reply “yes” or “no”.",
      );
      expect(lookups()).toBe(before);
      const second = await streamTurn(t, chatId, "ct-user", "yes");
      expect(second.text).toContain("shipped");
      expect(lookups()).toBe(before + 1);
      const approvals = (await t.call("GET", "/v1/threads/ct-user/approvals")).json();
      expect(approvals[0]).toMatchObject({
        status: "approved",
        decided_by: "user",
        tool_name: "lookup_order",
      });
    });

    it("a tool disabled while its call waits for an operator is not run", async () => {
      await setPolicy("operator_approve");
      const before = lookups();
      const first = await streamTurn(t, chatId, "ct-disabled", "Check order A-1001 again");
      await t.call("POST", `/v1/tools/custom/${toolId}`, { body: { status: "disabled" } });
      await t.call("POST", `/v1/threads/ct-disabled/approvals/${first.events[0]!.approvalId}`, {
        body: { approve: true },
      });
      await eventually(
        () => messagesOf("ct-disabled"),
        (list) => list.at(-1)?.author === "bot" && list.at(-1)?.role === "assistant",
      );
      expect(lookups()).toBe(before);
      await t.call("POST", `/v1/tools/custom/${toolId}`, { body: { status: "active" } });
    });
  });
});
