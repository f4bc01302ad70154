import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { TbankFake } from "../billing/fakes/tbank-fake.js";
import { connectTerminal } from "./payment-links-fixtures.js";

interface Message {
  author: string;
  content: string;
}

/**
 * A sales bot takes an order and sees it paid (docs/payments.md), all through the app: the bot
 * enables `tbank_create_payment_link` with `operator_approve`, the model asks for a link, the
 * operator approves, Init runs once against the fake T-Bank, the model hands the link over;
 * the payer pays and the confirmation lands in the thread, with `payment.confirmed`.
 */
function salesScript() {
  return scriptedModel((options: LanguageModelV3CallOptions): ScriptedReply => {
    const last = options.prompt.at(-1);
    if (last?.role === "tool") return { text: `Here is your link: ${JSON.stringify(last.content)}` };
    return {
      toolCall: { name: "tbank_create_payment_link", input: { amount_rub: 1490.5, description: "Pizza" } },
    };
  });
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(
    `a payment link through an operator-approved turn on ${dialect}`,
    () => {
      let t: TestApp;
      let bank: TbankFake;
      let receiver: WebhookReceiver;
      const model = salesScript();

      beforeAll(async () => {
        bank = await TbankFake.start();
        receiver = await WebhookReceiver.start();
        const port = await freePort();
        t = await createTestApp({
          dialect,
          env: {
            // The project's terminal only: billing stays on the manual provider.
            PARLEY_TBANK_API_URL: bank.baseUrl,
            PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
            PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
          },
          modelOverride: () => model.model,
        });
        await t.app.listen({ port, host: "127.0.0.1" });
        await t.call("POST", "/v1/webhook-endpoints", {
          body: { url: receiver.url, events: ["payment.confirmed"] },
        });
      });
      afterAll(async () => {
        await t?.close();
        await bank?.close();
        await receiver?.close();
      });

      it("the operator approves, the link reaches the person, and the payment is confirmed in the thread", async () => {
        const { bot, chat } = await activeChat(t);
        // Unknown until the project has a terminal; then enabled under operator_approve.
        const early = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
          body: { ai: { tools: { tbank_create_payment_link: "operator_approve" } } },
        });
        expect(early.statusCode).toBe(422);
        const integration = await connectTerminal(t, bank);
        const enabled = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
          body: { ai: { tools: { tbank_create_payment_link: "operator_approve" } } },
        });
        expect(enabled.statusCode).toBe(200);
        const listed = (await t.call("GET", "/v1/tools")).json() as Array<{ name: string; source: unknown }>;
        expect(listed.find((tool) => tool.name === "tbank_create_payment_link")?.source).toEqual({
          kind: "payments",
          integration_id: integration.id,
          vendor: "tbank",
        });

        const first = await streamTurn(t, chat.id, "thr_sale", "One pizza, please");
        expect(first.events[0]).toMatchObject({
          type: "tool-call",
          toolName: "tbank_create_payment_link",
          approvalId: expect.stringMatching(/^apr_/),
        });
        expect(first.events.at(-1)).toMatchObject({ finishReason: "tool-calls" });
        expect(bank.initBodies()).toEqual([]);

        const decided = await t.call(
          "POST",
          `/v1/threads/thr_sale/approvals/${first.events[0]!.approvalId}`,
          {
            body: { approve: true },
          },
        );
        expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
        const messages = await eventually(
          async () => (await t.call("GET", "/v1/threads/thr_sale/messages")).json() as Message[],
          (list) => list.at(-1)?.content.startsWith("Here is your link") ?? false,
        );
        expect(bank.initBodies()).toHaveLength(1);
        const [init] = bank.initBodies();
        expect(init).toMatchObject({ TerminalKey: bank.terminalKey, Amount: 149050, Description: "Pizza" });
        const [paymentId, payment] = [...bank.payments][0]!;
        expect(messages.at(-1)!.content).toContain(`/pay/${paymentId}`);
        expect(messages.at(-1)!.content).toContain(String(init!.OrderId));

        expect(await bank.pay(paymentId)).toEqual({ status: 200, body: "OK" });
        expect(
          ((await t.call("GET", "/v1/threads/thr_sale/messages")).json() as Message[]).at(-1),
        ).toMatchObject({
          author: "bot",
          content: "Payment of 1,490.50 ₽ confirmed: Pizza. Thank you!",
        });
        await receiver.waitFor(() => receiver.accepted.length === 1);
        expect(receiver.accepted[0]!.body).toMatchObject({
          type: "payment.confirmed",
          data: { order_id: payment.orderId, thread_id: "thr_sale", amount: 1490.5 },
        });
      });
    },
  );
}
