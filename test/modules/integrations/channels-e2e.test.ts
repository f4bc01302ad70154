import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measure } from "../../../src/modules/integrations/delivery/split-text.js";
import { channelOf } from "../../../src/modules/integrations/vendor-lookup.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { CHANNEL_KITS } from "../../vendors/kits.js";
import type { FakeVendor, VendorKit } from "../../vendors/vendor-kit.js";
import { sentDeliveryOf } from "./stored-delivery.js";

/** A long reply, with sentences and paragraphs, to be split at the vendor's limit. */
const LONG_REPLY = Array.from(
  { length: 60 },
  (_, i) => `Sentence number ${i + 1} explains a detail of the order, politely and at some length.`,
)
  .join(" ")
  .concat("\n\n", "Best regards, your assistant.".repeat(3));

/**
 * Each messaging vendor end to end (docs/channels.md): a fake vendor on loopback speaking its
 * wire format, Parley on a real port, the AI SDK's mock model. The user's journey: connect an
 * account, bind a chat to a bot, activate it; a customer writes; the bot answers on the vendor.
 */
function channelSuite(kit: VendorKit, dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`${kit.vendor} end to end (${dialect})`, () => {
    let fake: FakeVendor;
    let t: TestApp;
    let receiver: WebhookReceiver;
    let integration: { id: string; connection: { webhook_url: string; status: string } };
    let chat: { id: string };
    let hookUrl: string;
    const model = scriptedModel((options) => {
      const text = lastUserText(options);
      return { text: text.includes("long") ? LONG_REPLY : `Echo: ${text}` };
    });

    beforeAll(async () => {
      fake = await kit.start();
      receiver = await WebhookReceiver.start();
      const port = await freePort();
      t = await createTestApp({
        dialect,
        env: {
          ...fake.env,
          PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
          PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        },
        modelOverride: () => model.model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      const endpoint = await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
      expect(endpoint.statusCode).toBe(200);

      const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
      const created = await t.call("POST", "/v1/integrations", {
        body: { name: `Shop on ${kit.vendor}`, vendor: kit.vendor, auth_data: fake.authData() },
      });
      expect(created.statusCode).toBe(200);
      integration = created.json();
      chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "inbox" },
        })
      ).json();
      const activated = await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
        body: { status: "active" },
      });
      expect(activated.statusCode).toBe(200);
      if (fake.registersWebhook) {
        const connected = await eventually(
          async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
          (body) => body.connection.status !== "pending",
        );
        expect(connected.connection).toMatchObject({ status: "connected", error: null });
        expect(fake.registeredHookUrl()?.split("?")[0]).toBe(integration.connection.webhook_url);
      }
      hookUrl = fake.registeredHookUrl() ?? integration.connection.webhook_url;
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
      await receiver?.close();
    });

    const sentTexts = () => fake.sent.map((m) => m.text);
    const threadsOfChat = async () => (await t.call("GET", `/v1/threads?chat_id=${chat.id}`)).json().data;

    it("a signed customer message becomes a thread with its person, and the bot's reply reaches the vendor", async () => {
      const answer = await fake.deliverText({
        hookUrl,
        userId: "5001",
        userName: "Ann Lee",
        text: "hello there",
      });
      expect(answer.status).toBe(200);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: hello there"),
      );
      const sent = fake.sent.find((m) => m.text === "Echo: hello there");
      expect(sent?.conversationId).toBe(answer.conversationId);

      const [thread] = await threadsOfChat();
      const detail = (await t.call("GET", `/v1/threads/${thread.id}`)).json();
      expect(detail.person).toMatchObject({ external_id: "5001", channel: kit.vendor });
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
        channel: kit.vendor,
        parts: 1,
        parts_sent: 1,
      });
      expect(messages[1].delivery.external_ids).toHaveLength(1);
    });

    it("a request that fails verification is answered 401 and stores nothing", async () => {
      const before = await threadsOfChat();
      const answer = await fake.deliverText({
        hookUrl,
        userId: "666",
        conversationId: undefined,
        text: "forged",
        badProof: true,
      });
      expect(answer.status).toBe(401);
      const after = await threadsOfChat();
      expect(after.map((th: { id: string }) => th.id)).toEqual(before.map((th: { id: string }) => th.id));
      const rows = await t.storage.db
        .selectFrom("messages")
        .select("content")
        .where("content", "=", "forged")
        .execute();
      expect(rows).toEqual([]);
    });

    it("the same event delivered twice is stored and answered once", async () => {
      const messageId = `dup-${Date.now()}`;
      const first = await fake.deliverText({ hookUrl, userId: "5002", text: "only once please", messageId });
      const second = await fake.deliverText({ hookUrl, userId: "5002", text: "only once please", messageId });
      expect([first.status, second.status]).toEqual([200, 200]);
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: only once please"),
      );
      // Give a second (wrong) reply the time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sentTexts().filter((text) => text === "Echo: only once please")).toHaveLength(1);
      const rows = await t.storage.db
        .selectFrom("messages")
        .select("id")
        .where("content", "=", "only once please")
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("a rate-limited send is delivered after the vendor's wait", async () => {
      fake.rateLimitNextSends(1, 1);
      await fake.deliverText({ hookUrl, userId: "5003", text: "slow down" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: slow down"),
        10_000,
      );
      const delivery = await sentDeliveryOf(t, "Echo: slow down");
      expect(delivery).toMatchObject({ status: "sent" });
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    });

    it("a long reply is split at the vendor's limit, at boundaries, and arrives whole and in order", async () => {
      const before = fake.sent.length;
      await fake.deliverText({ hookUrl, userId: "5004", text: "tell me something long" });
      const limit = channelOf(kit.vendor).textLimit;
      expect(limit?.max).toBe(fake.textLimit);
      const expectedParts = Math.ceil(measure(LONG_REPLY, limit?.unit ?? "chars") / fake.textLimit);
      // Parts go out one by one, and sentence boundaries can make more parts than the minimum:
      // wait for the whole text, not for a count.
      const whole = LONG_REPLY.replace(/\s+/g, " ");
      await eventually(
        async () => fake.sent.slice(before).map((m) => m.text),
        (sent) => sent.length >= expectedParts && sent.join(" ").replace(/\s+/g, " ") === whole,
        20_000,
      );
      const parts = fake.sent.slice(before).map((m) => m.text);
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) {
        expect(measure(part, limit?.unit ?? "chars")).toBeLessThanOrEqual(fake.textLimit);
        expect(part).toBe(part.trim());
      }
      expect(parts.join(" ").replace(/\s+/g, " ")).toBe(LONG_REPLY.replace(/\s+/g, " "));
      // Cut at sentence or paragraph ends where one fits, never inside a word.
      for (const part of parts.slice(0, -1)) expect(part).toMatch(/[.!?]$/);
    });

    it("an operator who takes over writes to the customer on the vendor", async () => {
      const answer = await fake.deliverText({ hookUrl, userId: "5006", text: "I want a human" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: I want a human"),
      );
      const thread = await eventually(
        async () => {
          const threads = await threadsOfChat();
          for (const candidate of threads) {
            const detail = (await t.call("GET", `/v1/threads/${candidate.id}`)).json();
            if (detail.person?.external_id === "5006") return detail;
          }
          return undefined;
        },
        (found) => found !== undefined,
      );
      expect(
        (await t.call("POST", `/v1/threads/${thread.id}/mode`, { body: { mode: "manual" } })).statusCode,
      ).toBe(200);
      const sent = await t.call("POST", `/v1/threads/${thread.id}/send`, {
        body: { text: "Hi, Maria from support here." },
      });
      expect(sent.statusCode).toBe(200);
      const delivered = await eventually(
        async () => fake.sent.find((m) => m.text === "Hi, Maria from support here."),
        (found) => found !== undefined,
      );
      expect(delivered?.conversationId).toBe(answer.conversationId);
      const message = await eventually(
        async () =>
          (await t.call("GET", `/v1/threads/${thread.id}/messages`))
            .json()
            .find((m: { author: string }) => m.author === "operator"),
        (found) => found?.delivery?.status === "sent",
      );
      expect(message).toMatchObject({
        author: "operator",
        delivery: { status: "sent", channel: kit.vendor },
      });
    });

    it("revoked credentials put the integration in error with one auth_lost event; new credentials restore it", async () => {
      fake.revokeCredentials();
      await fake.deliverText({ hookUrl, userId: "5005", text: "are you there" });
      const failed = await eventually(
        async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
        (body) => body.status === "error",
      );
      expect(failed.status).toBe("error");
      expect(failed.connection.error).toMatchObject({ code: "credentials_rejected" });
      expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().status).toBe("error");
      // A second message is stored, not answered, and raises no second event.
      await fake.deliverText({ hookUrl, userId: "5005", text: "hello??" });
      const reply = await eventually(
        async () =>
          t.storage.db
            .selectFrom("messages")
            .select("delivery")
            .where("content", "=", "Echo: are you there")
            .executeTakeFirst(),
        (row) => JSON.parse(row?.delivery ?? "{}").status === "failed",
      );
      expect(JSON.parse(reply?.delivery ?? "{}").error).toMatchObject({ code: "credentials_rejected" });
      await receiver.waitFor(() => receiver.accepted.some((r) => r.body.type === "integration.auth_lost"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lost = receiver.accepted.filter((r) => r.body.type === "integration.auth_lost");
      expect(lost).toHaveLength(1);
      expect(lost[0]?.body.data).toMatchObject({ integration_id: integration.id, vendor: kit.vendor });

      fake.restoreCredentials();
      const restored = await t.call("POST", `/v1/integrations/${integration.id}`, {
        body: { auth_data: fake.authData() },
      });
      expect(restored.json().status).toBe("active");
      expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().status).toBe("active");
      // A vendor whose webhook Parley registers gets it registered again; wait only for those.
      hookUrl = fake.registersWebhook
        ? ((await eventually(
            async () => fake.registeredHookUrl(),
            (url) => url !== undefined,
          )) ?? integration.connection.webhook_url)
        : integration.connection.webhook_url;
      await fake.deliverText({ hookUrl, userId: "5005", text: "back again" });
      await eventually(
        async () => sentTexts(),
        (texts) => texts.includes("Echo: back again"),
      );
    });

    it("the profile checks the credentials with the vendor", async () => {
      const profile = await t.call("GET", `/v1/integrations/${integration.id}/profile`);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject(fake.expectedProfile);
      expect(JSON.stringify(profile.json())).not.toContain(String(Object.values(fake.authData())[0]));
    });

    it("deleting the integration removes the vendor's webhook, and its hook answers 404", async () => {
      const deleted = await t.call("DELETE", `/v1/integrations/${integration.id}`);
      expect(deleted.statusCode).toBe(200);
      if (fake.registersWebhook) expect(fake.registeredHookUrl()).toBeUndefined();
      const answer = await fake.deliverText({ hookUrl, userId: "5007", text: "anyone?" });
      expect(answer.status).toBe(404);
    });
  });
}

for (const kit of CHANNEL_KITS) channelSuite(kit, "sqlite");
// The PostgreSQL run of one vendor: the storage paths are the same for every vendor.
const telegram = CHANNEL_KITS.find((kit) => kit.vendor === "telegram");
if (telegram) channelSuite(telegram, "postgres");

it("every messaging vendor has a kit", () => {
  expect(CHANNEL_KITS.map((kit) => kit.vendor).sort()).toEqual([
    "avito",
    "facebook",
    "instagram",
    "telegram",
    "vk",
    "whatsapp",
  ]);
});
