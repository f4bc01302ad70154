import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp } from "../../helpers/test-app.js";
import { avitoKit } from "../../vendors/fakes/avito-fake.js";
import { type TelegramFake, telegramKit } from "../../vendors/fakes/telegram-fake.js";
import type { FakeVendor, VendorKit } from "../../vendors/vendor-kit.js";

/**
 * Buttons end to end (docs/channels.md, "Buttons"): Parley on a real port, vendor fakes on
 * loopback, the AI SDK's mock model. Telegram shows them as an inline keyboard whose presses come
 * back as `callback_query` updates; Avito has no buttons, so they go out as numbered lines that
 * a typed number answers.
 */

const SIZES = {
  text: "Which size would you like?",
  buttons: [
    { label: "Small" },
    { label: "Large" },
    { label: "Size guide", url: "https://shop.example/sizes" },
  ],
};

/** Offers sizes when asked about one, asks to note a fact (user_approve) when told to remember, else echoes. */
function shopModel() {
  return scriptedModel((options) => {
    const text = lastUserText(options);
    if (text.includes("size")) return { toolCall: { name: "offer_choices", input: SIZES } };
    if (text.includes("remember")) {
      return { toolCall: { name: "update_working_memory", input: { markdown: "- Prefers: large" } } };
    }
    return { text: `Echo: ${text}` };
  });
}

interface Message {
  id: string;
  author: string;
  content: string;
  buttons?: Array<{ kind: string; label: string; id?: string; url?: string }>;
  choice?: { message_id: string; button_id: string; label: string };
  delivery?: { status: string };
}

/** One vendor connected, its chat bound to a bot with offer_choices and a user_approve tool. */
async function connectedShop(kit: VendorKit, dialect: TestDialect) {
  const fake = await kit.start();
  const port = await freePort();
  const model = shopModel();
  const t = await createTestApp({
    dialect,
    env: { ...fake.env, PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}` },
    modelOverride: () => model.model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const { bot, chat } = await activeChat(t, t.adminKey, { vendor: kit.vendor, auth_data: fake.authData() });
  const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
    body: { ai: { tools: { offer_choices: "auto", update_working_memory: "user_approve" } } },
  });
  expect(settings.statusCode).toBe(200);
  await eventually(
    async () => fake.registeredHookUrl(),
    (url) => url !== undefined,
  );
  const threadOf = async (conversationId: string): Promise<string> => {
    const threads = await eventually(
      async () => (await t.call("GET", `/v1/threads?chat_id=${chat.id}`)).json().data,
      (list: Array<{ id: string }>) => list.length > 0,
    );
    const rows = await t.storage.db
      .selectFrom("threads")
      .select(["id", "external_conversation_id"])
      .where("chat_id", "=", chat.id)
      .execute();
    const found = rows.find((row) => row.external_conversation_id === conversationId);
    expect(found, `thread of ${conversationId} among ${threads.length}`).toBeDefined();
    return found?.id ?? "";
  };
  const messages = async (threadId: string): Promise<Message[]> =>
    (await t.call("GET", `/v1/threads/${threadId}/messages`)).json();
  /** The thread's messages once `done` holds for them. */
  const messagesWhen = (threadId: string, done: (list: Message[]) => boolean) =>
    eventually(() => messages(threadId), done);
  return { t, fake, model, threadOf, messagesWhen };
}

const REPLY_BUTTON_ID = /^msg_[A-Za-z0-9]+:\d$/;

function telegramSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`buttons on Telegram (${dialect})`, () => {
    let shop: Awaited<ReturnType<typeof connectedShop>>;
    let fake: TelegramFake;
    beforeAll(async () => {
      shop = await connectedShop(telegramKit, dialect);
      fake = shop.fake as TelegramFake;
    });
    afterAll(async () => {
      await shop?.t.close();
      await shop?.fake.close();
    });

    it("offer_choices sends an inline keyboard; a press is the customer's message with its choice, answered, and the bot goes on from it", async () => {
      await fake.deliverText({ userId: "5001", text: "what size do you have?" });
      const thread = await shop.threadOf("5001");
      const offered = await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      const offer = offered.at(-1)!;
      expect(offer).toMatchObject({ author: "bot", content: SIZES.text });
      expect(offer.buttons).toEqual([
        { kind: "reply", label: "Small", id: `${offer.id}:0` },
        { kind: "reply", label: "Large", id: `${offer.id}:1` },
        { kind: "link", label: "Size guide", url: "https://shop.example/sizes" },
      ]);
      expect(fake.sent.at(-1)?.body).toEqual({
        chat_id: 5001,
        text: SIZES.text,
        // The bot's text goes in Telegram's HTML (docs/channels.md, "Formatting").
        parse_mode: "HTML",
        reply_markup: {
          inline_keyboard: [
            [{ text: "Small", callback_data: `${offer.id}:0` }],
            [{ text: "Large", callback_data: `${offer.id}:1` }],
            [{ text: "Size guide", url: "https://shop.example/sizes" }],
          ],
        },
      });
      expect(fake.webhook?.allowedUpdates).toEqual(["message", "callback_query"]);

      const press = await fake.pressButton({ conversationId: "5001", userId: "5001", buttonText: "Large" });
      expect(press.status).toBe(200);
      expect(fake.answeredCallbacks).toContainEqual({
        callbackQueryId: press.callbackQueryId,
        via: "webhook_response",
      });
      const after = await shop.messagesWhen(thread, (list) => list.at(-1)?.content === "Echo: Large");
      const pressed = after.find((m) => m.author === "user" && m.content === "Large");
      expect(pressed?.choice).toEqual({ message_id: offer.id, button_id: `${offer.id}:1`, label: "Large" });
      await eventually(
        async () => fake.sent.at(-1)?.text,
        (text) => text === "Echo: Large",
      );
      // The model read the label as the user's words, never the button id.
      expect(JSON.stringify(shop.model.calls.at(-1)?.prompt)).not.toContain(`${offer.id}:1`);
    });

    it("an operator's send carries buttons to the keyboard; the press is stored as the customer's choice", async () => {
      await fake.deliverText({ userId: "5002", text: "hello" });
      const thread = await shop.threadOf("5002");
      await shop.messagesWhen(thread, (list) => list.at(-1)?.content === "Echo: hello");
      await shop.t.call("POST", `/v1/threads/${thread}/mode`, { body: { mode: "manual" } });
      const sent = await shop.t.call("POST", `/v1/threads/${thread}/send`, {
        body: {
          text: "Shall I call you back?",
          buttons: [{ label: "Call me" }, { label: "Our hours", url: "https://shop.example/hours" }],
        },
      });
      expect(sent.statusCode).toBe(200);
      const message = sent.json() as Message;
      expect(message.buttons?.[0]).toEqual({ kind: "reply", label: "Call me", id: `${message.id}:0` });
      expect(message.buttons?.[0]?.id).toMatch(REPLY_BUTTON_ID);
      await eventually(
        async () => fake.sent.at(-1)?.body,
        (body) => (body as { text?: string } | undefined)?.text === "Shall I call you back?",
      );
      expect((fake.sent.at(-1)?.body as { reply_markup?: unknown } | undefined)?.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: "Call me", callback_data: `${message.id}:0` }],
          [{ text: "Our hours", url: "https://shop.example/hours" }],
        ],
      });
      await fake.pressButton({ conversationId: "5002", userId: "5002", buttonText: "Call me" });
      const list = await shop.messagesWhen(thread, (all) => all.at(-1)?.author === "user");
      expect(list.at(-1)).toMatchObject({
        content: "Call me",
        choice: { message_id: message.id, button_id: `${message.id}:0`, label: "Call me" },
      });
    });

    it("a confirmation question offers Yes / No; pressing Yes approves as a typed yes does", async () => {
      await fake.deliverText({ userId: "5003", text: "please remember I like large" });
      const thread = await shop.threadOf("5003");
      const asked = await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      const question = asked.at(-1)!;
      expect(question.content).toContain("reply “yes” or “no”");
      expect(question.buttons?.map((b) => b.label)).toEqual(["Yes", "No"]);
      expect((fake.sent.at(-1)?.body as { reply_markup?: unknown } | undefined)?.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: "Yes", callback_data: `${question.id}:0` }],
          [{ text: "No", callback_data: `${question.id}:1` }],
        ],
      });
      await fake.pressButton({ conversationId: "5003", userId: "5003", buttonText: "Yes" });
      await shop.messagesWhen(thread, (list) => list.at(-1)?.content === "Echo: Yes");
      const approvals = (await shop.t.call("GET", `/v1/threads/${thread}/approvals`)).json();
      expect(approvals).toEqual([expect.objectContaining({ status: "approved", decided_by: "user" })]);
      expect((await shop.t.call("GET", `/v1/threads/${thread}/memory`)).json().content).toBe(
        "- Prefers: large",
      );
    });

    it("a press naming a button of another conversation is stored as plain text, without a choice", async () => {
      const other = (await shop.messagesWhen(await shop.threadOf("5001"), () => true)).find(
        (m) => m.buttons,
      )!;
      await fake.deliverText({ userId: "5004", text: "what size fits me?" });
      const thread = await shop.threadOf("5004");
      await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      await fake.pressButton({
        conversationId: "5004",
        userId: "5004",
        buttonText: "Small",
        forgedData: `${other.id}:0`,
      });
      const list = await shop.messagesWhen(thread, (all) => all.at(-1)?.content === "Echo: Small");
      const pressed = list.find((m) => m.author === "user" && m.content === "Small");
      expect(pressed).toBeDefined();
      expect(pressed?.choice).toBeUndefined();
    });

    it("refuses bad buttons on an operator's send with 422 naming the field", async () => {
      const thread = await shop.threadOf("5002");
      const send = (buttons: unknown) =>
        shop.t.call("POST", `/v1/threads/${thread}/send`, { body: { text: "Pick one", buttons } });
      const cases: Array<[unknown, string]> = [
        [Array.from({ length: 11 }, (_, i) => ({ label: `Option ${i}` })), "buttons"],
        [[{ label: "  " }], "buttons.0.label"],
        [[{ label: "x".repeat(41) }], "buttons.0.label"],
        [[{ label: "Docs", url: "ftp://shop.example/docs" }], "buttons.0.url"],
        [[{ label: "Docs", url: "not a url" }], "buttons.0.url"],
      ];
      for (const [buttons, field] of cases) {
        const answer = await send(buttons);
        expect(answer.statusCode, field).toBe(422);
        expect(answer.json().code).toBe("validation_failed");
        expect(answer.json().message).toContain(field);
      }
    });
  });
}

function numberedSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`numbered buttons on Avito (${dialect})`, () => {
    let shop: Awaited<ReturnType<typeof connectedShop>>;
    let fake: FakeVendor;
    beforeAll(async () => {
      shop = await connectedShop(avitoKit, dialect);
      fake = shop.fake;
    });
    afterAll(async () => {
      await shop?.t.close();
      await shop?.fake.close();
    });

    it("writes the buttons as numbered lines; a typed '2' is the second button's press, read by the bot as its label", async () => {
      const delivered = await fake.deliverText({ userId: "7001", text: "which size?" });
      const thread = await shop.threadOf(delivered.conversationId);
      await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      expect(fake.sent.at(-1)?.text).toBe(
        `${SIZES.text}\n\n1. Small\n2. Large\n3. Size guide: https://shop.example/sizes`,
      );
      await fake.deliverText({ userId: "7001", conversationId: delivered.conversationId, text: "2" });
      const list = await shop.messagesWhen(thread, (all) => all.at(-1)?.content === "Echo: Large");
      const typed = list.find((m) => m.author === "user" && m.content === "2");
      expect(typed?.choice).toMatchObject({ label: "Large", button_id: expect.stringMatching(/:1$/) });
    });

    it("a label typed in any case is a press too; a number after another reply is plain text", async () => {
      const delivered = await fake.deliverText({ userId: "7002", text: "a size please" });
      const thread = await shop.threadOf(delivered.conversationId);
      await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      await fake.deliverText({ userId: "7002", conversationId: delivered.conversationId, text: "small" });
      const list = await shop.messagesWhen(thread, (all) => all.at(-1)?.content === "Echo: Small");
      expect(list.find((m) => m.content === "small")?.choice?.label).toBe("Small");
      await fake.deliverText({ userId: "7002", conversationId: delivered.conversationId, text: "1" });
      const later = await shop.messagesWhen(thread, (all) => all.at(-1)?.content === "Echo: 1");
      expect(later.find((m) => m.content === "1")?.choice).toBeUndefined();
    });

    it("a CSAT survey goes as its text alone (no numbered lines repeating the scale); a typed 4 rates", async () => {
      expect((await shop.t.call("POST", "/v1/csat", { body: { enabled: true } })).statusCode).toBe(200);
      const delivered = await fake.deliverText({ userId: "7003", text: "thanks, that's all" });
      const thread = await shop.threadOf(delivered.conversationId);
      await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      const resolved = await shop.t.call("POST", `/v1/threads/${thread}/status`, {
        body: { status: "resolved" },
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const listed = await shop.messagesWhen(thread, (list) => list.at(-1)?.delivery?.status === "sent");
      expect(listed.at(-1)?.buttons ?? null).toBeNull();
      expect(fake.sent.at(-1)?.text).toBe(
        "How would you rate this conversation?\nReply with a number from 1 (bad) to 5 (great); you can add a comment after it.",
      );
      await fake.deliverText({ userId: "7003", conversationId: delivered.conversationId, text: "4" });
      await shop.messagesWhen(thread, (all) => all.at(-1)?.content === "Thank you for your rating!");
      const rating = (await shop.t.call("GET", `/v1/threads/${thread}/rating`)).json().rating;
      expect(rating).toMatchObject({ rating: 4, channel: "avito" });
    });
  });
}

for (const dialect of DIALECTS) {
  telegramSuite(dialect);
  numberedSuite(dialect);
}
