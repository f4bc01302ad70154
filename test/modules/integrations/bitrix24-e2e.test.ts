import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { crmToolModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { consentOnBitrix24 } from "../../vendors/crm-consent.js";
import { BITRIX24_TEXT_LIMIT, Bitrix24Fake } from "../../vendors/fakes/bitrix24-fake.js";
import { sentDeliveryOf } from "./stored-delivery.js";

const LONG_REPLY = Array.from(
  { length: 180 },
  (_, i) => `Sentence ${i + 1} describes the order in detail, so that the reply grows past the limit.`,
).join(" ");

const DEAL_INPUT = { phone: "+7 999 555-44-33", comment: "Wants two bikes delivered on Friday" };

/**
 * Bitrix24 end to end (docs/channels.md, "Bitrix24"): a fake portal on loopback (REST, the
 * OAuth token endpoint, events), Parley on a real port, the AI SDK's mock model. The
 * administrator's journey: create the integration, install the application (its ONAPPINSTALL
 * reaches the hook URL), connect by OAuth; the bot is registered on the portal; a customer
 * writes in an open line; the bot answers there; with an operator's approval it creates a deal.
 */
function bitrix24Suite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`bitrix24 end to end (${dialect})`, () => {
    let fake: Bitrix24Fake;
    let t: TestApp;
    let integration: { id: string; connection: { webhook_url: string } };
    let chat: { id: string };
    let bot: { id: string };
    let hookUrl: string;
    const model = crmToolModel("deal", "bitrix24_create_deal", DEAL_INPUT, LONG_REPLY);

    beforeAll(async () => {
      fake = await Bitrix24Fake.start();
      const port = await freePort();
      t = await createTestApp({
        dialect,
        env: {
          PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
          PARLEY_BITRIX24_TOKEN_URL: fake.tokenUrl,
          PARLEY_BITRIX24_API_URL: fake.restBase,
        },
        modelOverride: () => model.model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });

      bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
      const created = await t.call("POST", "/v1/integrations", {
        body: { name: "Shop on Bitrix24", vendor: "bitrix24", auth_data: fake.authData() },
      });
      expect(created.statusCode).toBe(200);
      integration = created.json();
      // Nothing can be called on the portal before the OAuth connection.
      const waiting = await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.connection.status !== "pending",
      );
      expect(waiting.connection).toMatchObject({ status: "failed", error: { code: "oauth_not_connected" } });

      // The administrator installs the local application with the hook URL as its install handler.
      expect((await fake.install(integration.connection.webhook_url)).status).toBe(200);

      // …and connects it by OAuth: consent on the portal, back to Parley's callback.
      const { start, consent, callback } = await consentOnBitrix24(t, fake, integration.id);
      expect(start.statusCode).toBe(200);
      expect(consent.host).toBe(fake.portal);
      expect(callback.statusCode).toBe(200);

      const connected = await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.connection.status === "connected",
      );
      expect(connected).toMatchObject({ status: "active", connection: { status: "connected", error: null } });
      expect(fake.registeredHookUrl()).toBe(integration.connection.webhook_url);
      hookUrl = integration.connection.webhook_url;

      chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "open line" },
        })
      ).json();
      const activated = await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
        body: { status: "active" },
      });
      expect(activated.statusCode).toBe(200);
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    const sentTexts = () => fake.sent.map((m) => m.text);
    const threadOf = async (externalId: string) =>
      eventually(
        async () => {
          for (const candidate of (await t.call("GET", `/v1/threads?chat_id=${chat.id}`)).json().data) {
            const detail = (await t.call("GET", `/v1/threads/${candidate.id}`)).json();
            if (detail.person?.external_id === externalId) return detail;
          }
          return undefined;
        },
        (found) => found !== undefined,
      );

    it("the bot is registered on the portal with the hook URL for every event, named after the integration", () => {
      const [registered] = fake.bots.values();
      expect(registered).toMatchObject({
        code: `parley_${integration.id.toLowerCase()}`,
        type: "B",
        openline: "Y",
        name: "Shop on Bitrix24",
        handlers: { EVENT_MESSAGE_ADD: hookUrl, EVENT_WELCOME_MESSAGE: hookUrl, EVENT_BOT_DELETE: hookUrl },
      });
    });

    it("an open-line message with the application token becomes a thread, and the reply goes back by imbot.message.add", async () => {
      const answer = await fake.deliverText({
        userId: "501",
        userName: "Ann Lee",
        text: "hello there",
        chatType: "L",
      });
      expect(answer.status).toBe(200);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: hello there"),
      );
      const sent = fake.sent.find((m) => m.text === "Echo: hello there");
      expect(sent?.conversationId).toBe(answer.conversationId);
      expect((sent?.body as Record<string, unknown> | undefined)?.BOT_ID).toBe(
        String([...fake.bots.keys()][0]),
      );
      expect(fake.typing.some((typing) => typing.dialogId === answer.conversationId)).toBe(true);

      const thread = await threadOf("501");
      expect(thread.person).toMatchObject({ external_id: "501", name: "Ann Lee", channel: "bitrix24" });
      const messages = await eventually(
        async () => (await t.call("GET", `/v1/threads/${thread.id}/messages`)).json(),
        (list) => list.at(-1)?.delivery?.status === "sent",
      );
      expect(messages.map((m: { author: string; content: string }) => [m.author, m.content])).toEqual([
        ["user", "hello there"],
        ["bot", "Echo: hello there"],
      ]);
      expect(messages[1].delivery).toMatchObject({
        status: "sent",
        channel: "bitrix24",
        parts: 1,
        parts_sent: 1,
      });
    });

    it("an event with a wrong application token is answered 401 and stores nothing", async () => {
      const answer = await fake.deliverText({ userId: "666", text: "forged hello", badProof: true });
      expect(answer.status).toBe(401);
      const rows = await t.storage.db
        .selectFrom("messages")
        .select("id")
        .where("content", "=", "forged hello")
        .execute();
      expect(rows).toEqual([]);
      const persons = await t.storage.db
        .selectFrom("persons")
        .select("id")
        .where("channel_user_id", "=", "666")
        .execute();
      expect(persons).toEqual([]);
    });

    it("the same message delivered twice is stored and answered once", async () => {
      const messageId = String(900_000 + Math.floor(Math.random() * 1000));
      const first = await fake.deliverText({ userId: "502", text: "only once please", messageId });
      const second = await fake.deliverText({ userId: "502", text: "only once please", messageId });
      expect([first.status, second.status]).toEqual([200, 200]);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: only once please"),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sentTexts().filter((text) => text === "Echo: only once please")).toHaveLength(1);
      const rows = await t.storage.db
        .selectFrom("messages")
        .select("id")
        .where("content", "=", "only once please")
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("a send refused with QUERY_LIMIT_EXCEEDED is delivered after the wait", async () => {
      fake.rateLimitNextSends(1);
      await fake.deliverText({ userId: "503", text: "slow down" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: slow down"),
        10_000,
      );
      const delivery = await sentDeliveryOf(t, "Echo: slow down");
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    });

    it("a long reply is split below Bitrix24's limit and arrives whole, in order", async () => {
      const before = fake.sent.length;
      await fake.deliverText({ userId: "504", text: "tell me something long" });
      const whole = LONG_REPLY.replace(/\s+/g, " ");
      await eventually(
        async () => fake.sent.slice(before).map((m) => m.text),
        (sent) => sent.join(" ").replace(/\s+/g, " ") === whole,
        20_000,
      );
      const parts = fake.sent.slice(before).map((m) => m.text);
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect([...part].length).toBeLessThanOrEqual(BITRIX24_TEXT_LIMIT);
    });

    it("bitrix24_create_deal under operator_approve: nothing happens until the operator approves, then one deal", async () => {
      const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { bitrix24_create_deal: "operator_approve" } } },
      });
      expect(settings.statusCode).toBe(200);
      const tools = (await t.call("GET", "/v1/tools")).json();
      expect(JSON.stringify(tools)).toContain("bitrix24_create_deal");

      await fake.deliverText({ userId: "505", userName: "Boris Deal", text: "please open a deal for me" });
      const thread = await threadOf("505");
      const approval = await eventually(
        async () => (await t.call("GET", `/v1/threads/${thread.id}/approvals`)).json(),
        (list) => list.length > 0,
      );
      expect(approval[0]).toMatchObject({
        status: "pending",
        policy: "operator_approve",
        tool_name: "bitrix24_create_deal",
      });
      expect(fake.callsOf("crm.deal.add")).toEqual([]);

      const decided = await t.call("POST", `/v1/threads/${thread.id}/approvals/${approval[0].id}`, {
        body: { approve: true },
      });
      expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.some((text) => text.startsWith("Deal noted:")),
        10_000,
      );
      expect(fake.callsOf("crm.deal.add")).toHaveLength(1);
      const [dealId, deal] = [...fake.deals.entries()][0]!;
      expect(deal).toMatchObject({ TITLE: "Request from Boris Deal", COMMENTS: DEAL_INPUT.comment });
      const [contact] = fake.contacts.values();
      expect(contact).toMatchObject({
        NAME: "Boris Deal",
        PHONE: [{ VALUE: DEAL_INPUT.phone, VALUE_TYPE: "WORK" }],
      });
      const reply = sentTexts().find((text) => text.startsWith("Deal noted:"));
      expect(reply).toContain(`"deal_id":${dealId}`);
    });

    it("deleting the integration unregisters the bot, and its hook answers 404", async () => {
      const deleted = await t.call("DELETE", `/v1/integrations/${integration.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(fake.bots.size).toBe(0);
      const answer = await fake.deliverText({ hookUrl, userId: "507", text: "anyone?" });
      expect(answer.status).toBe(404);
    });
  });
}

bitrix24Suite("sqlite");
bitrix24Suite("postgres");
