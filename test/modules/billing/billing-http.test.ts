import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeBillingAdmin } from "../../../src/composition-root.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { TbankFake } from "./fakes/tbank-fake.js";

/**
 * Prices that make the arithmetic visible: the mock model reports 10 input and 5 output tokens
 * per reply; at $2 and $10 per million tokens and 1000 credits per dollar a reply costs
 * 10 × 2000 + 5 × 10000 = 70 millicredits, 0.07 credits.
 */
const PRICED = {
  PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-5", input_price: 2, output_price: 10 }]),
  PARLEY_CREDITS_PER_USD: "1000",
};

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`billing through the API on ${dialect}`, () => {
    let t: TestApp;
    let bank: TbankFake;
    let receiver: WebhookReceiver;
    let env: Record<string, string>;
    const model = scriptedModel();

    beforeAll(async () => {
      bank = await TbankFake.start();
      receiver = await WebhookReceiver.start();
      const port = await freePort();
      env = {
        ...PRICED,
        ...bank.env,
        PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
        PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        PARLEY_BILLING_WELCOME_BONUS: "0.1",
        PARLEY_BILLING_LOW_BALANCE: "0.05",
      };
      t = await createTestApp({ dialect, env, modelOverride: () => model.model });
      await t.app.listen({ port, host: "127.0.0.1" });
      await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
    });
    afterAll(async () => {
      await t?.close();
      await bank?.close();
      await receiver?.close();
    });

    const get = async (path: string) => (await t.call("GET", path)).json();

    it("a new project's account holds the welcome bonus, as a bonus transaction", async () => {
      expect(await get("/v1/billing/account")).toEqual({
        tariff: "free",
        credits: 0,
        bonus: 0.1,
        subscription_until: null,
        // billing's T-Bank terminal is configured: credits are enforced and sold by default.
        credits_enforced: true,
        purchases_enabled: true,
      });
      expect(await get("/v1/billing/balance")).toEqual({ credits: 0, bonus: 0.1 });
      const page = await get("/v1/billing/transactions");
      expect(page.total).toBe(1);
      expect(page.data[0]).toMatchObject({ type: "bonus", amount: 0.1, description: "Welcome bonus" });
      expect((await t.call("GET", "/v1/billing/transactions?limit=101")).statusCode).toBe(422);
    });

    it("charges each reply from its tokens and the model's price, in the catalog for all to see", async () => {
      const gpt5 = (await get("/v1/models")).find((m: { id: string }) => m.id === "openai/gpt-5");
      expect(gpt5.pricing).toEqual({
        input_usd_per_million: 2,
        output_usd_per_million: 10,
        input_credits_per_million: 2000,
        output_credits_per_million: 10000,
      });
      const { chat } = await activeChat(t);
      const turn = await streamTurn(t, chat.id, "thr_billing_1", "hello");
      expect(turn.text).toBe("Echo: hello");
      const messages = await get(`/v1/chats/${chat.id}/threads/thr_billing_1/messages`);
      const reply = messages.at(-1);
      const [charge] = (await get("/v1/billing/transactions?limit=1")).data;
      expect(charge).toMatchObject({
        type: "charge",
        amount: -0.07,
        reference: reply.id,
        details: { model: "openai/gpt-5", input_tokens: 10, output_tokens: 5, thread_id: "thr_billing_1" },
        balance_after: { credits: 0, bonus: 0.03 },
      });
      expect(await get("/v1/billing/balance")).toEqual({ credits: 0, bonus: 0.03 });
      // Crossing 0.05 raised billing.balance.low once.
      await receiver.waitFor(() => receiver.accepted.some((r) => r.body.type === "billing.balance.low"));
      expect(receiver.accepted.find((r) => r.body.type === "billing.balance.low")?.body.data).toEqual({
        credits: 0.03,
        bonus: 0.03,
        threshold: 0.05,
      });
    });

    it("an exhausted project stores the message as pending and says why; a paid T-Bank invoice restores it", async () => {
      const { chat } = await activeChat(t);
      // The last 0.03 credits are spent on a reply costing 0.07: never below zero.
      await streamTurn(t, chat.id, "thr_billing_2", "one more");
      expect(await get("/v1/billing/balance")).toEqual({ credits: 0, bonus: 0 });
      const [short] = (await get("/v1/billing/transactions?limit=1")).data;
      expect(short).toMatchObject({ amount: -0.03 });
      expect(short.description).toMatch(/0\.04 credits could not be collected/);

      const refused = await streamTurn(t, chat.id, "thr_billing_2", "are you there?");
      expect(refused.events).toEqual([
        expect.objectContaining({ type: "error", code: "insufficient_credits" }),
      ]);
      const thread = await get("/v1/threads/thr_billing_2");
      expect(thread.pending_count).toBe(1);
      expect((await get(`/v1/threads/thr_billing_2/messages`)).at(-1)).toMatchObject({
        content: "are you there?",
      });
      expect(receiver.accepted.filter((r) => r.body.type === "billing.balance.low")).toHaveLength(1);

      const offers = await get("/v1/billing/offers");
      expect(offers.map((o: { id: string }) => o.id)).toEqual([
        "offer_credits_1000",
        "offer_credits_custom",
        "offer_pro_monthly",
      ]);
      const created = await t.call("POST", "/v1/billing/invoices", {
        body: { offer_id: "offer_credits_1000" },
      });
      expect(created.statusCode).toBe(200);
      const { invoice, payment_url: paymentUrl } = created.json();
      expect(invoice).toMatchObject({
        status: "pending",
        amount: 990,
        currency: "RUB",
        credits: 1000,
        provider: "tbank",
      });
      const init = bank.initBodies().at(-1);
      expect(init).toMatchObject({ TerminalKey: bank.terminalKey, Amount: 99000, OrderId: invoice.id });
      expect(init?.NotificationURL).toBe(`${env.PARLEY_PUBLIC_URL}/payments/tbank/notify`);
      const paymentId = [...bank.payments].find(([, p]) => p.orderId === invoice.id)?.[0] as string;
      expect(paymentUrl).toContain(paymentId);

      // A forged notification changes nothing.
      expect((await bank.notify(paymentId, "CONFIRMED", { badToken: true })).status).toBe(403);
      expect((await get("/v1/billing/invoices"))[0].status).toBe("pending");

      expect(await bank.pay(paymentId)).toEqual({ status: 200, body: "OK" });
      expect((await get("/v1/billing/invoices"))[0]).toMatchObject({ id: invoice.id, status: "paid" });
      expect(await get("/v1/billing/balance")).toEqual({ credits: 1000, bonus: 0 });
      // Sent again (T-Bank retries), or late and out of order: credited once.
      expect(await bank.notify(paymentId, "CONFIRMED")).toEqual({ status: 200, body: "OK" });
      expect(await bank.notify(paymentId, "AUTHORIZED")).toEqual({ status: 200, body: "OK" });
      expect(await get("/v1/billing/balance")).toEqual({ credits: 1000, bonus: 0 });

      const answered = await streamTurn(t, chat.id, "thr_billing_2", "now?");
      expect(answered.text).toBe("Echo: now?");
      expect((await get("/v1/threads/thr_billing_2")).pending_count).toBe(0);
    });

    it("a rejected payment cancels its invoice; a subscription sets the tariff and its period", async () => {
      const rejected = (
        await t.call("POST", "/v1/billing/invoices", { body: { offer_id: "offer_credits_1000" } })
      ).json();
      const rejectedId = [...bank.payments].find(([, p]) => p.orderId === rejected.invoice.id)?.[0] as string;
      await bank.notify(rejectedId, "REJECTED");
      expect(
        (await get("/v1/billing/invoices")).find((i: { id: string }) => i.id === rejected.invoice.id).status,
      ).toBe("cancelled");

      const plan = (
        await t.call("POST", "/v1/billing/invoices", { body: { offer_id: "offer_pro_monthly" } })
      ).json();
      const planPayment = [...bank.payments].find(([, p]) => p.orderId === plan.invoice.id)?.[0] as string;
      await bank.pay(planPayment);
      const account = await get("/v1/billing/account");
      expect(account.tariff).toBe("pro");
      const days = (Date.parse(account.subscription_until) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
    });

    it("validates custom amounts and unknown offers", async () => {
      const custom = await t.call("POST", "/v1/billing/invoices", {
        body: { offer_id: "offer_credits_custom", credits: 2500 },
      });
      expect(custom.json().invoice).toMatchObject({ amount: 2500, credits: 2500 });
      for (const credits of [50, 2_000_000, 10.5]) {
        const bad = await t.call("POST", "/v1/billing/invoices", {
          body: { offer_id: "offer_credits_custom", credits },
        });
        expect(bad.statusCode).toBe(422);
      }
      const fixed = await t.call("POST", "/v1/billing/invoices", {
        body: { offer_id: "offer_credits_1000", credits: 5 },
      });
      expect(fixed.statusCode).toBe(422);
      const unknown = await t.call("POST", "/v1/billing/invoices", { body: { offer_id: "offer_nope" } });
      expect(unknown.statusCode).toBe(404);
    });

    it("administrators grant and refund as transactions, and the sum of transactions is the balance", async () => {
      const admin = composeBillingAdmin(testConfig(env), t.storage, { warn: () => {} });
      await admin.grant(t.projectId, 5, { bonus: true, reason: "goodwill" });
      await admin.refund(t.projectId, 100, { reason: "refund of part of an invoice" });
      const { credits, bonus } = await get("/v1/billing/balance");
      const page = await get("/v1/billing/transactions?limit=100");
      const sum = page.data.reduce(
        (total: number, txn: { amount: number }) => total + Math.round(txn.amount * 1000),
        0,
      );
      expect(Math.round((credits + bonus) * 1000)).toBe(sum);
      expect(
        page.data.slice(0, 2).map((txn: { type: string; amount: number }) => [txn.type, txn.amount]),
      ).toEqual([
        ["refund", -100],
        ["bonus", 5],
      ]);
    });
  });
}

describe("the manual payment provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Without a T-Bank terminal, offers are sold (manually) only when credits are enforced explicitly.
    t = await createTestApp({
      env: { PARLEY_PUBLIC_URL: "http://parley.test", PARLEY_BILLING_ENFORCE: "true" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives a payment page, and an administrator's mark-paid credits the invoice once", async () => {
    const created = (
      await t.call("POST", "/v1/billing/invoices", { body: { offer_id: "offer_credits_1000" } })
    ).json();
    expect(created.payment_url).toBe(`http://parley.test/payments/manual/${created.invoice.id}`);
    const page = await t.app.inject({ method: "GET", url: `/payments/manual/${created.invoice.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`billing mark-paid --invoice ${created.invoice.id}`);
    const admin = composeBillingAdmin(
      testConfig({ PARLEY_PUBLIC_URL: "http://parley.test", PARLEY_BILLING_ENFORCE: "true" }),
      t.storage,
      {
        warn: () => {},
      },
    );
    expect(await admin.markPaid(created.invoice.id)).toMatchObject({ status: "paid" });
    await admin.markPaid(created.invoice.id);
    expect((await t.call("GET", "/v1/billing/balance")).json()).toEqual({ credits: 1000, bonus: 100 });
    expect(
      (await t.app.inject({ method: "POST", url: "/payments/nope/notify", payload: "{}" })).statusCode,
    ).toBe(404);
    // Projects' own T-Bank terminals post here whatever billing uses (docs/payments.md): unverified, 403.
    expect(
      (await t.app.inject({ method: "POST", url: "/payments/tbank/notify", payload: "{}" })).statusCode,
    ).toBe(403);
  });
});
