import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { whatsappKit } from "../../vendors/fakes/meta-fake.js";
import { checkTelegramHtml } from "../../vendors/fakes/telegram-html.js";
import { startTelegramBot, type TelegramBot } from "../../vendors/telegram-bot.js";
import type { FakeVendor } from "../../vendors/vendor-kit.js";
import { sentDeliveryOf } from "./stored-delivery.js";

/** What the bot answers, whatever it is asked. */
const REPLY = "**Hi** <there> & [link](https://x.y)";

const model = () => scriptedModel(() => ({ text: REPLY }));

/** The sendMessage calls the fake received for one chat, in order. */
function sendCalls(bot: TelegramBot, chatId: string) {
  return bot.fake.calls.filter(
    (call) => call.method === "sendMessage" && String(call.params.chat_id) === chatId,
  );
}

/** docs/channels.md, "Formatting": the bot's Markdown in each channel's own markup. */
describe("formatting per channel, end to end", () => {
  describe("telegram", () => {
    let bot: TelegramBot;

    beforeAll(async () => {
      bot = await startTelegramBot({ model: model().model });
    });

    afterAll(async () => {
      await bot?.close();
    });

    it("the bot's Markdown arrives as HTML Telegram parses, sent with parse_mode HTML", async () => {
      await bot.fake.deliverText({ userId: "7001", text: "hello" });
      const [call] = await eventually(
        async () => sendCalls(bot, "7001"),
        (calls) => calls.length > 0,
      );
      expect(call?.params).toMatchObject({
        text: '<b>Hi</b> &lt;there&gt; &amp; <a href="https://x.y">link</a>',
        parse_mode: "HTML",
      });
      expect(checkTelegramHtml(String(call?.params.text))).toEqual({
        ok: true,
        visible: "Hi <there> & link",
      });
      // What is stored (and shown in the console) is what the bot wrote.
      expect(await sentDeliveryOf(bot.t, REPLY)).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
    });

    it("HTML Telegram refuses ('can't parse entities') is sent again as plain text, and counts as sent", async () => {
      bot.fake.sendFailures.push({
        code: 400,
        description: 'Bad Request: can\'t parse entities: Unsupported start tag "x" at byte offset 0',
      });
      await bot.fake.deliverText({ userId: "7002", text: "hello" });
      const calls = await eventually(
        async () => sendCalls(bot, "7002"),
        (list) => list.length >= 2,
      );
      expect(calls.map((call) => call.params.parse_mode)).toEqual(["HTML", undefined]);
      expect(calls[1]?.params.text).toBe("Hi <there> & link");
      expect(bot.fake.sent.filter((m) => m.conversationId === "7002").map((m) => m.text)).toEqual([
        "Hi <there> & link",
      ]);
      const delivery = await eventually(
        async () => {
          const rows = await bot.t.storage.db
            .selectFrom("messages")
            .select("delivery")
            .where("content", "=", REPLY)
            .execute();
          return rows.map((row) => JSON.parse(row.delivery ?? "{}"));
        },
        (list) => list.length === 2 && list.every((d) => d.status === "sent"),
      );
      expect(delivery.map((d) => d.error)).toEqual([null, null]);
    });

    it("an operator's message is sent as written, without parse_mode", async () => {
      const threads = (await bot.t.call("GET", "/v1/threads")).json().data as Array<{ id: string }>;
      const thread = threads[0] as { id: string };
      await bot.t.call("POST", `/v1/threads/${thread.id}/mode`, { body: { mode: "manual" } });
      const text = "Use <b>**this**</b> & that";
      expect((await bot.t.call("POST", `/v1/threads/${thread.id}/send`, { body: { text } })).statusCode).toBe(
        200,
      );
      const sent = await eventually(
        async () => bot.fake.calls.find((call) => call.method === "sendMessage" && call.params.text === text),
        (found) => found !== undefined,
      );
      expect(sent?.params.parse_mode).toBeUndefined();
    });
  });

  describe("telegram with ai.formatting.removeMarkdown", () => {
    let bot: TelegramBot;

    beforeAll(async () => {
      bot = await startTelegramBot({
        model: model().model,
        settings: { ai: { formatting: { removeMarkdown: true } } },
      });
    });

    afterAll(async () => {
      await bot?.close();
    });

    it("removeMarkdown wins: the plain text goes out as plain text, nothing converted or escaped", async () => {
      await bot.fake.deliverText({ userId: "7101", text: "hello" });
      const [call] = await eventually(
        async () => sendCalls(bot, "7101"),
        (calls) => calls.length > 0,
      );
      expect(call?.params.text).toBe("Hi <there> & link");
      expect(call?.params.parse_mode).toBeUndefined();
      expect(await sentDeliveryOf(bot.t, "Hi <there> & link")).toMatchObject({ status: "sent" });
    });
  });

  describe("whatsapp", () => {
    let fake: FakeVendor;
    let t: TestApp;
    let hookUrl: string;

    beforeAll(async () => {
      fake = await whatsappKit.start();
      const port = await freePort();
      t = await createTestApp({
        env: { ...fake.env, PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}` },
        modelOverride: () => model().model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      const bot = (await t.call("POST", "/v1/bots", { body: { name: "wa" } })).json();
      const integration = (
        await t.call("POST", "/v1/integrations", {
          body: { name: "wa", vendor: "whatsapp", auth_data: fake.authData() },
        })
      ).json();
      const chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "wa" },
        })
      ).json();
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
        body: { status: "active" },
      });
      hookUrl = integration.connection.webhook_url;
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it("the bot's Markdown arrives in WhatsApp's markers in text.body", async () => {
      await fake.deliverText({ hookUrl, userId: "15550001111", text: "hello" });
      const [sent] = await eventually(
        async () => fake.sent,
        (list) => list.length > 0,
      );
      expect(sent?.text).toBe("*Hi* <there> & link (https://x.y)");
      expect(sent?.body).toMatchObject({ type: "text", text: { body: "*Hi* <there> & link (https://x.y)" } });
    });
  });
});
