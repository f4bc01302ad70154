import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { crmToolModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { consentOnAmocrm } from "../../vendors/crm-consent.js";
import { AmocrmFake } from "../../vendors/fakes/amocrm-fake.js";
import { sentDeliveryOf } from "./stored-delivery.js";

const LONG_REPLY = Array.from(
  { length: 70 },
  (_, i) => `Sentence ${i + 1} describes the order in detail, so that the reply grows past the limit.`,
).join(" ");

const LEAD_INPUT = {
  name: "Boris Lead",
  phone: "+7 999 555-44-33",
  price: 52_000,
  note: "Wants two bikes delivered on Friday",
};

/**
 * amoCRM end to end (docs/channels.md, "amoCRM"): a fake amoCRM on loopback (the account's
 * OAuth token endpoint and API v4, the Chats API checking every signature, the channel's
 * webhooks), Parley on a real port, the AI SDK's mock model. The administrator's journey: the
 * server has the Chats API channel amoCRM registered for it; create the integration, connect it
 * by OAuth; the channel is connected to the account; someone writes in the channel's chat in
 * amoCRM; the bot answers in that chat; with an operator's approval it creates a lead.
 */
function amocrmSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`amocrm end to end (${dialect})`, () => {
    let fake: AmocrmFake;
    let t: TestApp;
    let receiver: WebhookReceiver;
    let integration: { id: string; connection: { webhook_url: string } };
    let chat: { id: string };
    let bot: { id: string };
    let hookUrl: string;
    const model = crmToolModel("lead", "amocrm_create_lead", LEAD_INPUT, LONG_REPLY);

    beforeAll(async () => {
      fake = await AmocrmFake.start();
      receiver = await WebhookReceiver.start();
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      t = await createTestApp({
        dialect,
        env: { ...fake.env, PARLEY_PUBLIC_URL: publicUrl, PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
        modelOverride: () => model.model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      // The channel's webhook URL, as the operator gave it to amoCRM when registering the channel.
      fake.hookUrlTemplate = `${publicUrl}/hooks/amocrm/:scope_id`;
      expect(
        (await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } })).statusCode,
      ).toBe(200);

      bot = (await t.call("POST", "/v1/bots", { body: { name: "Sales assistant" } })).json();
      const created = await t.call("POST", "/v1/integrations", {
        body: { name: "Acme on amoCRM", vendor: "amocrm", auth_data: fake.authData() },
      });
      expect(created.statusCode).toBe(200);
      integration = created.json();

      // Connect by OAuth: consent on amoCRM, back to Parley's callback with the account's host.
      const { start, consent, callback } = await consentOnAmocrm(t, fake, integration.id);
      expect(start.statusCode).toBe(200);
      expect(consent.origin).toBe(fake.baseUrl);
      expect(callback.statusCode).toBe(200);

      const connected = await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.connection.status === "connected",
      );
      expect(connected).toMatchObject({ status: "active", connection: { status: "connected", error: null } });
      hookUrl = fake.registeredHookUrl() ?? "";
      expect(hookUrl).toBe(`${publicUrl}/hooks/amocrm/${fake.channelId}_${fake.amojoId}`);

      chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "CRM chats" },
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
      await receiver?.close();
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
    const storedWith = async (content: string) =>
      t.storage.db.selectFrom("messages").select("id").where("content", "=", content).execute();

    it("a message written in the amoCRM chat becomes a thread, and the bot's reply goes back into that chat", async () => {
      const answer = await fake.deliverText({ userId: "user-501", text: "hello there" });
      expect(answer.status).toBe(200);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: hello there"),
      );
      const sent = fake.sent.find((m) => m.text === "Echo: hello there");
      expect(sent?.conversationId).toBe(answer.conversationId);
      expect(sent?.path).toBe(`/v2/origin/custom/${fake.channelId}_${fake.amojoId}`);
      const payload = (sent?.body as { payload: { sender: { name: string } } } | undefined)?.payload;
      expect(payload?.sender.name).toBe("Acme on amoCRM");

      const thread = await threadOf("user-501");
      expect(thread.person).toMatchObject({ external_id: "user-501", channel: "amocrm" });
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
        channel: "amocrm",
        parts: 1,
        parts_sent: 1,
      });
    });

    it("a hook whose signature does not verify is answered 401 and stores nothing", async () => {
      const answer = await fake.deliverText({ userId: "user-666", text: "forged amo", badProof: true });
      expect(answer.status).toBe(401);
      expect(await storedWith("forged amo")).toEqual([]);
    });

    it("a well-signed hook of another account at this scope's URL is refused; an unknown scope is 404", async () => {
      const chatIds = fake.chatOf("user-667");
      const other = await fake.deliver(
        {
          sender: { id: "user-667" },
          receiver: { id: chatIds.clientRef },
          conversation: { id: chatIds.chatRef },
          message: { id: "m-other-account", type: "text", text: "other account" },
        },
        { accountId: "another-amojo-account" },
      );
      expect(other.status).toBe(401);
      const unknown = await fake.deliverText({
        hookUrl: hookUrl.replace(/[^/]+$/, `${fake.channelId}_unknown-account`),
        userId: "user-668",
        text: "nobody's",
      });
      expect(unknown.status).toBe(404);
      expect(await storedWith("other account")).toEqual([]);
      expect(await storedWith("nobody's")).toEqual([]);
    });

    it("the same message delivered twice is stored and answered once", async () => {
      const messageId = `dup-${Date.now()}`;
      const first = await fake.deliverText({ userId: "user-502", text: "only once please", messageId });
      const second = await fake.deliverText({ userId: "user-502", text: "only once please", messageId });
      expect([first.status, second.status]).toEqual([200, 200]);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: only once please"),
      );
      // Give a second (wrong) reply the time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sentTexts().filter((text) => text === "Echo: only once please")).toHaveLength(1);
      expect(await storedWith("only once please")).toHaveLength(1);
    });

    it("a send amoCRM rate-limits is delivered after its wait", async () => {
      fake.rateLimitNextSends(1, 1);
      await fake.deliverText({ userId: "user-503", text: "slow down" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: slow down"),
        10_000,
      );
      const delivery = await sentDeliveryOf(t, "Echo: slow down");
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    });

    it("a long reply is split at amoCRM's limit and arrives whole, in order", async () => {
      const before = fake.sent.length;
      await fake.deliverText({ userId: "user-504", text: "tell me something long" });
      const whole = LONG_REPLY.replace(/\s+/g, " ");
      await eventually(
        async () => fake.sent.slice(before).map((m) => m.text),
        (sent) => sent.join(" ").replace(/\s+/g, " ") === whole,
        20_000,
      );
      const parts = fake.sent.slice(before).map((m) => m.text);
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect([...part].length).toBeLessThanOrEqual(fake.textLimit);
      for (const part of parts.slice(0, -1)) expect(part).toMatch(/[.!?]$/);
    });

    it("amocrm_create_lead under operator_approve: nothing happens until the operator approves, then one lead", async () => {
      const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { amocrm_create_lead: "operator_approve" } } },
      });
      expect(settings.statusCode).toBe(200);
      const tools = (await t.call("GET", "/v1/tools")).json();
      expect(JSON.stringify(tools)).toContain("amocrm_create_lead");

      await fake.deliverText({ userId: "user-505", text: "please create a lead for me" });
      const thread = await threadOf("user-505");
      const approval = await eventually(
        async () => (await t.call("GET", `/v1/threads/${thread.id}/approvals`)).json(),
        (list) => list.length > 0,
      );
      expect(approval[0]).toMatchObject({
        status: "pending",
        policy: "operator_approve",
        tool_name: "amocrm_create_lead",
      });
      expect(fake.leads).toEqual([]);

      const decided = await t.call("POST", `/v1/threads/${thread.id}/approvals/${approval[0].id}`, {
        body: { approve: true },
      });
      expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.some((text) => text.startsWith("Lead noted:")),
        10_000,
      );
      expect(fake.requestsTo("/api/v4/leads/complex")).toHaveLength(1);
      expect(fake.leads).toHaveLength(1);
      const [lead] = fake.leads;
      expect(lead?.body).toMatchObject({
        name: "Request from Boris Lead",
        price: 52_000,
        _embedded: {
          contacts: [
            {
              name: "Boris Lead",
              custom_fields_values: [
                { field_code: "PHONE", values: [{ enum_code: "WORK", value: LEAD_INPUT.phone }] },
              ],
            },
          ],
        },
      });
      expect(lead?.notes).toEqual([LEAD_INPUT.note]);
      const reply = sentTexts().find((text) => text.startsWith("Lead noted:"));
      expect(reply).toContain(`"lead_id":${lead?.id}`);
      expect(reply).toContain(`/leads/detail/${lead?.id}`);
    });

    it("a channel secret amoCRM stops accepting puts the integration in error with one auth_lost", async () => {
      fake.revokeCredentials();
      await fake.deliverText({ userId: "user-506", text: "are you there" });
      const failed = await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.status === "error",
      );
      expect(failed.connection.error).toMatchObject({ code: "credentials_rejected" });
      await receiver.waitFor(() => receiver.accepted.some((r) => r.body.type === "integration.auth_lost"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lost = receiver.accepted.filter((r) => r.body.type === "integration.auth_lost");
      expect(lost).toHaveLength(1);
      expect(lost[0]?.body.data).toMatchObject({ integration_id: integration.id, vendor: "amocrm" });
      fake.restoreCredentials();
    });

    it("deleting the integration disconnects the channel, and the scope's hook answers 404", async () => {
      const deleted = await t.call("DELETE", `/v1/integrations/${integration.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(fake.requestsTo(`/v2/origin/custom/${fake.channelId}/disconnect`)).toHaveLength(1);
      expect(fake.scopes.size).toBe(0);
      const answer = await fake.deliverText({ hookUrl, userId: "user-507", text: "anyone?" });
      expect(answer.status).toBe(404);
    });
  });
}

amocrmSuite("sqlite");
amocrmSuite("postgres");
