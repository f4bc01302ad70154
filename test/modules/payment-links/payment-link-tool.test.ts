import { createHash } from "node:crypto";
import { asSchema } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateToolInput } from "../../../src/modules/engine/tools/project-tools.js";
import type { Repos } from "../../../src/storage/repos/index.js";
import type { ToolProvider } from "../../../src/tools/tool-provider.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { fakeTbankToken, TbankFake } from "../billing/fakes/tbank-fake.js";
import {
  connectTerminal,
  paymentLinkTool,
  paymentTools,
  refusalOf,
  sharedSecrets,
  toolContext,
} from "./payment-links-fixtures.js";

const PUBLIC_URL = "https://parley.example.com";

/**
 * `tbank_create_payment_link` (docs/payments.md) called directly, as the engine calls a
 * provided tool, against the fake T-Bank: what Init receives (signed, in kopecks, with the
 * notification URL), the order it leaves behind, and how refusals reach the model.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`the payment link tool on ${dialect}`, () => {
    let t: TestApp;
    let bank: TbankFake;
    let repos: Repos;
    let provider: ToolProvider;
    let chatId: string;
    const threadId = "thr_pay_tool";

    beforeAll(async () => {
      bank = await TbankFake.start();
      const secrets = sharedSecrets();
      t = await createTestApp({ dialect, env: { PARLEY_PUBLIC_URL: PUBLIC_URL }, secrets });
      ({ repos, provider } = paymentTools(t, secrets, bank, PUBLIC_URL));
      const { chat } = await activeChat(t);
      chatId = chat.id;
      await streamTurn(t, chatId, threadId, "I'd like a pizza");
    });
    afterAll(async () => {
      await t?.close();
      await bank?.close();
    });

    const context = () => toolContext(t.projectId, chatId, threadId);

    it("is offered only once the project has an active tbank integration", async () => {
      expect(await provider.tools(t.projectId)).toEqual([]);
      expect(await provider.knownNames?.(t.projectId)).toEqual([]);
      const integration = await connectTerminal(t, bank);
      const [tool, ...rest] = await provider.tools(t.projectId);
      expect(rest).toEqual([]);
      expect(tool).toMatchObject({
        name: "tbank_create_payment_link",
        source: { kind: "payments", integration_id: integration.id, vendor: "tbank" },
      });
      expect(await provider.knownNames?.(t.projectId)).toEqual(["tbank_create_payment_link"]);
      // What GET /v1/tools publishes: amount in roubles to the kopeck, a description of ≤ 140.
      expect(asSchema(tool!.inputSchema).jsonSchema).toMatchObject({
        properties: {
          amount_rub: { type: "number", exclusiveMinimum: 0, multipleOf: 0.01 },
          description: { type: "string", minLength: 1, maxLength: 140 },
        },
        required: ["amount_rub", "description"],
      });
    });

    it("creates a signed Init in kopecks and records the order of the thread that asked", async () => {
      const tool = await paymentLinkTool(provider, t.projectId);
      const result = (await tool.execute(
        { amount_rub: 1490.5, description: "Pizza Margherita" },
        context(),
      )) as {
        payment_url: string;
        order_id: string;
        amount: number;
      };
      expect(result.order_id).toMatch(/^pay_[0-9A-Za-z]{22}$/);
      expect(result.amount).toBe(1490.5);

      const init = bank.initBodies().at(-1)!;
      expect(init).toEqual({
        TerminalKey: bank.terminalKey,
        Amount: 149050,
        OrderId: result.order_id,
        Description: "Pizza Margherita",
        NotificationURL: `${PUBLIC_URL}/payments/tbank/notify`,
        Token: expect.any(String),
      });
      // The fake's own implementation of the algorithm (docs/payments.md) agrees with the Token.
      expect(init.Token).toBe(fakeTbankToken(init, bank.password));
      const [paymentId, payment] = [...bank.payments].find(([, p]) => p.orderId === result.order_id)!;
      expect(result.payment_url).toBe(`${bank.baseUrl.replace(/\/v2$/, "")}/pay/${paymentId}`);
      expect(payment.amount).toBe(149050);

      const order = await repos.payments.findOrder(result.order_id);
      expect(order).toMatchObject({
        project_id: t.projectId,
        thread_id: threadId,
        chat_id: chatId,
        amount_minor: 149050,
        currency: "RUB",
        description: "Pizza Margherita",
        status: "pending",
        payment_id: paymentId,
        payment_url: result.payment_url,
        provider_status: "NEW",
        error: null,
        paid_at: null,
      });
      // The terminal is found again by a hash; the key and password stay sealed in auth_data.
      expect(order!.terminal_key_sha256).toBe(createHash("sha256").update(bank.terminalKey).digest("hex"));
      expect(JSON.stringify(order)).not.toContain(bank.password);
    });

    it("whole roubles are sent as kopecks too, and the description is trimmed", async () => {
      const tool = await paymentLinkTool(provider, t.projectId);
      const result = (await tool.execute({ amount_rub: 990, description: "  Delivery  " }, context())) as {
        amount: number;
      };
      expect(result.amount).toBe(990);
      expect(bank.initBodies().at(-1)).toMatchObject({ Amount: 99000, Description: "Delivery" });
    });

    it("refuses amounts that are not whole kopecks and descriptions T-Bank cannot take, without a call", async () => {
      const tool = await paymentLinkTool(provider, t.projectId);
      const calls = bank.calls.length;
      for (const input of [
        { amount_rub: 0, description: "x" },
        { amount_rub: -5, description: "x" },
        { amount_rub: 10.005, description: "x" },
        { amount_rub: "10", description: "x" },
        { amount_rub: 10, description: "" },
        { amount_rub: 10, description: "я".repeat(141) },
        { amount_rub: 10 },
      ]) {
        expect((await validateToolInput(tool.inputSchema, input)).success, JSON.stringify(input)).toBe(false);
        await expect(tool.execute(input, context())).rejects.toThrow();
      }
      expect(bank.calls.length).toBe(calls);
    });

    it("T-Bank's refusal reaches the model with its Message and Details; the order is failed", async () => {
      const tool = await paymentLinkTool(provider, t.projectId);
      bank.failNextInit("Неверные параметры", "9999", "Терминал заблокирован");
      const refusal = await refusalOf(tool.execute({ amount_rub: 100, description: "Tea" }, context()));
      expect(refusal.message).toContain("Неверные параметры");
      expect(refusal.message).toContain("Терминал заблокирован");
      expect(refusal.message).toContain("9999");
      expect(refusal.message).not.toContain(bank.password);
      const orders = await repos.payments.listByThread(t.projectId, threadId);
      expect(orders.at(-1)).toMatchObject({ status: "failed", amount_minor: 10000, payment_url: null });
      expect(orders.at(-1)!.error).toContain("Терминал заблокирован");
    });

    it("an unreachable T-Bank is a refusal that says to try later", async () => {
      const tool = await paymentLinkTool(provider, t.projectId);
      bank.unavailable = true;
      try {
        const refusal = await refusalOf(tool.execute({ amount_rub: 100, description: "Tea" }, context()));
        expect(refusal.message).toMatch(/try again later/i);
      } finally {
        bank.unavailable = false;
      }
    });

    it("with several terminals the newest active one takes payments; a disabled one is refused", async () => {
      const older = (await provider.tools(t.projectId))[0]!;
      const newer = await connectTerminal(t, bank, t.adminKey, "Second terminal");
      const chosen = await paymentLinkTool(provider, t.projectId);
      expect(chosen.source).toEqual({ kind: "payments", integration_id: newer.id, vendor: "tbank" });

      const disabled = await t.call("POST", `/v1/integrations/${newer.id}`, { body: { status: "disabled" } });
      expect(disabled.statusCode).toBe(200);
      expect((await paymentLinkTool(provider, t.projectId)).source).toEqual(older.source);
      // A tool picked before the integration was disabled no longer runs.
      const refusal = await refusalOf(chosen.execute({ amount_rub: 5, description: "Tea" }, context()));
      expect(refusal.message).toMatch(/not connected/);
      // Still a known name: a bot may keep it enabled while a terminal is being reconnected.
      expect(await provider.knownNames?.(t.projectId)).toEqual(["tbank_create_payment_link"]);
    });

    it("another project neither sees the terminal nor can use it", async () => {
      const other = await t.otherProject();
      expect(await provider.tools(other.projectId)).toEqual([]);
      expect(await provider.knownNames?.(other.projectId)).toEqual([]);
      const tool = await paymentLinkTool(provider, t.projectId);
      const calls = bank.calls.length;
      const refusal = await refusalOf(
        tool.execute({ amount_rub: 5, description: "Tea" }, toolContext(other.projectId, chatId, threadId)),
      );
      expect(refusal.message).toMatch(/not connected/);
      expect(bank.calls.length).toBe(calls);
    });
  });
}
