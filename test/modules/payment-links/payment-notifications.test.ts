import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Repos } from "../../../src/storage/repos/index.js";
import type { ToolProvider } from "../../../src/tools/tool-provider.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { CHANNEL_KITS } from "../../vendors/kits.js";
import type { FakeVendor } from "../../vendors/vendor-kit.js";
import { fakeTbankToken, TbankFake } from "../billing/fakes/tbank-fake.js";
import {
  connectTerminal,
  integrationIdOf,
  paymentIdOf,
  paymentLinkTool,
  paymentTools,
  sharedSecrets,
  toolContext,
} from "./payment-links-fixtures.js";

interface Message {
  role: string;
  author: string;
  content: string;
  delivery?: { status: string };
}

/**
 * T-Bank notifications of projects' own terminals (docs/payments.md) end to end: Parley on a
 * real port with billing on a T-Bank terminal of its own, a project terminal and another
 * project's terminal (three fakes), Telegram as the customer's channel, webhook receivers.
 * The payment link is made by the payment tool, called directly as the engine calls it.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`payment notifications on ${dialect}`, () => {
    let t: TestApp;
    let publicUrl: string;
    let billingBank: TbankFake;
    let shopBank: TbankFake;
    let otherBank: TbankFake;
    let telegram: FakeVendor;
    let receiver: WebhookReceiver;
    let otherReceiver: WebhookReceiver;
    let repos: Repos;
    let shop: ToolProvider;
    let other: ToolProvider;
    let endpointId: string;
    let otherProject: { projectId: string; key: string; endpointId: string; chatId: string };
    let telegramChatId: string;
    let parleyChatId: string;
    const model = scriptedModel();

    beforeAll(async () => {
      [billingBank, shopBank, otherBank] = await Promise.all([
        TbankFake.start({ terminalKey: "1700000000000BILL" }),
        TbankFake.start({ terminalKey: "1700000000001SHOP" }),
        TbankFake.start({ terminalKey: "1700000000002MORE" }),
      ]);
      telegram = await CHANNEL_KITS.find((kit) => kit.vendor === "telegram")!.start();
      receiver = await WebhookReceiver.start();
      otherReceiver = await WebhookReceiver.start();
      const port = await freePort();
      publicUrl = `http://127.0.0.1:${port}`;
      const secrets = sharedSecrets();
      t = await createTestApp({
        dialect,
        env: {
          ...billingBank.env,
          ...telegram.env,
          PARLEY_PUBLIC_URL: publicUrl,
          PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        },
        secrets,
        modelOverride: () => model.model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      ({ repos, provider: shop } = paymentTools(t, secrets, shopBank, publicUrl));
      ({ provider: other } = paymentTools(t, secrets, otherBank, publicUrl));

      endpointId = (
        await t.call("POST", "/v1/webhook-endpoints", {
          body: { url: receiver.url, events: ["payment.confirmed"] },
        })
      ).json().id;
      await connectTerminal(t, shopBank);
      parleyChatId = (await activeChat(t)).chat.id;

      // The customer writes on Telegram: the thread the payment link is made in.
      const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop" } })).json();
      const integration = (
        await t.call("POST", "/v1/integrations", {
          body: { name: "Telegram", vendor: "telegram", auth_data: telegram.authData() },
        })
      ).json();
      telegramChatId = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "inbox" },
        })
      ).json().id;
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${telegramChatId}/status`, {
        body: { status: "active" },
      });
      await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.connection.status !== "pending",
      );

      const b = await t.otherProject();
      const bEndpoint = (
        await t.call("POST", "/v1/webhook-endpoints", {
          key: b.key,
          body: { url: otherReceiver.url, events: ["payment.confirmed"] },
        })
      ).json();
      await connectTerminal(t, otherBank, b.key);
      const { chat: bChat } = await activeChat(t, b.key);
      otherProject = { ...b, endpointId: bEndpoint.id, chatId: bChat.id };
    });

    afterAll(async () => {
      await t?.close();
      await Promise.all([billingBank?.close(), shopBank?.close(), otherBank?.close(), telegram?.close()]);
      await receiver?.close();
      await otherReceiver?.close();
    });

    const messages = async (threadId: string, key = t.adminKey): Promise<Message[]> =>
      (await t.call("GET", `/v1/threads/${threadId}/messages`, { key })).json();
    const confirmedDeliveries = async (endpoint: string, key = t.adminKey) =>
      (await t.call("GET", `/v1/webhook-endpoints/${endpoint}/deliveries?limit=100`, { key })).json().data
        .length as number;
    const postNotification = async (body: unknown) => {
      const response = await fetch(`${publicUrl}/payments/tbank/notify`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    };
    /** A payment link made by the tool in a thread of the admin's project. */
    const link = async (threadId: string, chatId: string, amount_rub: number, description: string) => {
      const tool = await paymentLinkTool(shop, t.projectId);
      const result = (await tool.execute(
        { amount_rub, description },
        toolContext(t.projectId, chatId, threadId),
      )) as { order_id: string; payment_url: string; amount: number };
      return { ...result, paymentId: paymentIdOf(shopBank, result.order_id) };
    };

    it("a confirmed payment posts the confirmation in the thread, through its channel, and raises payment.confirmed", async () => {
      const inbound = await telegram.deliverText({
        userId: "7001",
        userName: "Ann",
        text: "One pizza, please",
      });
      expect(inbound.status).toBe(200);
      const [thread] = await eventually(
        async () => (await t.call("GET", `/v1/threads?chat_id=${telegramChatId}`)).json().data,
        (list) => list.length === 1,
      );
      // The bot's own answer first, so that the confirmation is the conversation's next message.
      await eventually(
        () => messages(thread.id),
        (list) => list.at(-1)?.author === "bot" && list.at(-1)?.delivery?.status === "sent",
      );
      const order = await link(thread.id, telegramChatId, 1490.5, "Pizza Margherita");
      const before = await confirmedDeliveries(endpointId);

      expect(await shopBank.pay(order.paymentId)).toEqual({ status: 200, body: "OK" });
      expect(shopBank.notifications.map((n) => n.answer)).toEqual([
        { status: 200, body: "OK" },
        { status: 200, body: "OK" },
      ]);

      const text = "Payment of 1,490.50 ₽ confirmed: Pizza Margherita. Thank you!";
      const stored = await eventually(
        () => messages(thread.id),
        (list) => list.at(-1)?.content === text && list.at(-1)?.delivery?.status === "sent",
      );
      expect(stored.at(-1)).toMatchObject({ role: "assistant", author: "bot", content: text });
      expect(telegram.sent.map((m) => m.text)).toContain(text);
      expect(telegram.sent.find((m) => m.text === text)?.conversationId).toBe(inbound.conversationId);

      expect(await repos.payments.findOrder(order.order_id)).toMatchObject({
        status: "paid",
        provider_status: "CONFIRMED",
        payment_id: order.paymentId,
        paid_at: expect.any(String),
      });
      expect(await confirmedDeliveries(endpointId)).toBe(before + 1);
      await receiver.waitFor(() => receiver.accepted.some((r) => r.body.data.order_id === order.order_id));
      const event = receiver.accepted.find((r) => r.body.data.order_id === order.order_id)!.body;
      expect(event.type).toBe("payment.confirmed");
      expect(event.data).toEqual({
        order_id: order.order_id,
        integration_id: integrationIdOf((await shop.tools(t.projectId))[0]!),
        vendor: "tbank",
        thread_id: thread.id,
        chat_id: telegramChatId,
        amount: 1490.5,
        currency: "RUB",
        description: "Pizza Margherita",
        payment_id: order.paymentId,
        message_id: expect.stringMatching(/^msg_/),
        confirmed_at: expect.any(String),
      });
      expect(stored.at(-1)).toMatchObject({ id: event.data.message_id });
    });

    it("answers in Russian when the conversation is in Russian", async () => {
      await streamTurn(t, parleyChatId, "thr_pay_ru", "Хочу пиццу, пожалуйста");
      const order = await link("thr_pay_ru", parleyChatId, 990, "Пицца.");
      expect(await shopBank.pay(order.paymentId)).toEqual({ status: 200, body: "OK" });
      expect((await messages("thr_pay_ru")).at(-1)).toMatchObject({
        author: "bot",
        content: "Оплата 990 ₽ подтверждена: Пицца. Спасибо!",
      });
    });

    it("a forged or unknown notification is answered 403 and changes nothing", async () => {
      await streamTurn(t, parleyChatId, "thr_pay_forged", "a coffee");
      const order = await link("thr_pay_forged", parleyChatId, 150, "Coffee");
      const before = await messages("thr_pay_forged");
      const deliveries = await confirmedDeliveries(endpointId);

      expect(await shopBank.notify(order.paymentId, "CONFIRMED", { badToken: true })).toEqual({
        status: 403,
        body: "forbidden",
      });
      const genuine = shopBank.notificationBody(order.paymentId, "CONFIRMED");
      expect((await postNotification({ ...genuine, Amount: 1 })).status).toBe(403);
      expect((await postNotification({ ...genuine, Token: undefined })).status).toBe(403);
      expect((await postNotification("not json")).status).toBe(403);
      // An unknown terminal, however well signed.
      const stranger = { ...genuine, TerminalKey: "1799999999999NOPE" };
      expect((await postNotification({ ...stranger, Token: fakeTbankToken(stranger, "guess") })).status).toBe(
        403,
      );

      expect(await repos.payments.findOrder(order.order_id)).toMatchObject({
        status: "pending",
        provider_status: "NEW",
      });
      expect(await messages("thr_pay_forged")).toEqual(before);
      expect(await confirmedDeliveries(endpointId)).toBe(deliveries);
    });

    it("a notification sent again, or late and out of order, is applied once", async () => {
      await streamTurn(t, parleyChatId, "thr_pay_twice", "two teas");
      const order = await link("thr_pay_twice", parleyChatId, 300, "Two teas");
      const deliveries = await confirmedDeliveries(endpointId);
      await shopBank.pay(order.paymentId);
      expect(await shopBank.notify(order.paymentId, "CONFIRMED")).toEqual({ status: 200, body: "OK" });
      expect(await shopBank.notify(order.paymentId, "AUTHORIZED")).toEqual({ status: 200, body: "OK" });

      const confirmations = (await messages("thr_pay_twice")).filter((m) =>
        m.content.startsWith("Payment of"),
      );
      expect(confirmations.map((m) => m.content)).toEqual([
        "Payment of 300 ₽ confirmed: Two teas. Thank you!",
      ]);
      expect(await confirmedDeliveries(endpointId)).toBe(deliveries + 1);
      expect(await repos.payments.findOrder(order.order_id)).toMatchObject({
        status: "paid",
        provider_status: "CONFIRMED",
      });
    });

    it("a confirmation of another amount, or a rejection, posts nothing", async () => {
      await streamTurn(t, parleyChatId, "thr_pay_wrong", "cake");
      const mismatched = await link("thr_pay_wrong", parleyChatId, 500, "Cake");
      const rejected = await link("thr_pay_wrong", parleyChatId, 700, "Big cake");
      const before = await messages("thr_pay_wrong");
      const deliveries = await confirmedDeliveries(endpointId);

      expect(await shopBank.notify(mismatched.paymentId, "CONFIRMED", { amount: 100 })).toEqual({
        status: 200,
        body: "OK",
      });
      expect(await shopBank.notify(rejected.paymentId, "REJECTED")).toEqual({ status: 200, body: "OK" });
      // A CONFIRMED that does not say Success: true is not a payment either.
      const unsure = await link("thr_pay_wrong", parleyChatId, 800, "Huge cake");
      const contradictory = shopBank.notificationBody(unsure.paymentId, "CONFIRMED", {
        extra: { Success: false },
      });
      contradictory.Token = fakeTbankToken(contradictory, shopBank.password);
      expect(await postNotification(contradictory)).toEqual({ status: 200, body: "OK" });

      expect(await repos.payments.findOrder(mismatched.order_id)).toMatchObject({
        status: "pending",
        provider_status: "amount_mismatch",
      });
      expect(await repos.payments.findOrder(rejected.order_id)).toMatchObject({
        status: "cancelled",
        provider_status: "REJECTED",
      });
      expect(await repos.payments.findOrder(unsure.order_id)).toMatchObject({ status: "pending" });
      expect(await messages("thr_pay_wrong")).toEqual(before);
      expect(await confirmedDeliveries(endpointId)).toBe(deliveries);
    });

    it("billing's own notifications still go to billing", async () => {
      const created = await t.call("POST", "/v1/billing/invoices", {
        body: { offer_id: "offer_credits_1000" },
      });
      expect(created.statusCode).toBe(200);
      const { invoice } = created.json();
      const paymentId = paymentIdOf(billingBank, invoice.id);
      expect((await billingBank.notify(paymentId, "CONFIRMED", { badToken: true })).status).toBe(403);
      expect(await billingBank.pay(paymentId)).toEqual({ status: 200, body: "OK" });
      const invoices = (await t.call("GET", "/v1/billing/invoices")).json();
      expect(invoices.find((i: { id: string }) => i.id === invoice.id)).toMatchObject({ status: "paid" });
    });

    it("keeps projects apart: another project's terminal neither reads nor settles this project's orders", async () => {
      const b = otherProject;
      await streamTurn(t, b.chatId, "thr_pay_b", "a sandwich", { key: b.key });
      const bTool = await paymentLinkTool(other, b.projectId);
      expect(integrationIdOf(bTool)).not.toBe(integrationIdOf((await shop.tools(t.projectId))[0]!));
      const bOrder = (await bTool.execute(
        { amount_rub: 250, description: "Sandwich" },
        toolContext(b.projectId, b.chatId, "thr_pay_b"),
      )) as { order_id: string };

      await streamTurn(t, parleyChatId, "thr_pay_a", "a salad");
      const aOrder = await link("thr_pay_a", parleyChatId, 400, "Salad");
      const aBefore = await messages("thr_pay_a");
      const aDeliveries = await confirmedDeliveries(endpointId);

      // A's order, signed by B's terminal: B's terminal is known, the order is not B's: ignored.
      const aBody = shopBank.notificationBody(aOrder.paymentId, "CONFIRMED");
      const asB = { ...aBody, TerminalKey: otherBank.terminalKey };
      expect(await postNotification({ ...asB, Token: fakeTbankToken(asB, otherBank.password) })).toEqual({
        status: 200,
        body: "OK",
      });
      // A's terminal key with B's password: forged.
      expect(
        (await postNotification({ ...aBody, Token: fakeTbankToken(aBody, otherBank.password) })).status,
      ).toBe(403);
      expect(await repos.payments.findOrder(aOrder.order_id)).toMatchObject({ status: "pending" });
      expect(await messages("thr_pay_a")).toEqual(aBefore);

      // B's payment lands in B's thread and B's webhooks only.
      expect(await otherBank.pay(paymentIdOf(otherBank, bOrder.order_id))).toEqual({
        status: 200,
        body: "OK",
      });
      expect((await messages("thr_pay_b", b.key)).at(-1)).toMatchObject({
        author: "bot",
        content: "Payment of 250 ₽ confirmed: Sandwich. Thank you!",
      });
      expect(await confirmedDeliveries(b.endpointId, b.key)).toBe(1);
      expect(await confirmedDeliveries(endpointId)).toBe(aDeliveries);
      await otherReceiver.waitFor(() => otherReceiver.accepted.length === 1);
      expect(otherReceiver.accepted[0]!.body.data).toMatchObject({
        order_id: bOrder.order_id,
        thread_id: "thr_pay_b",
      });
      // The admin's project cannot read B's thread.
      expect((await t.call("GET", "/v1/threads/thr_pay_b/messages")).statusCode).toBe(403);
    });
  });
}
