import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundMessage, InboundRequest, InboundResult } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { TelegramAuthData, TelegramContext } from "../../src/vendors/telegram/context.js";
import { classifyTelegramError } from "../../src/vendors/telegram/errors.js";
import { telegram as telegramVendor } from "../../src/vendors/telegram/index.js";
import { FAKE_BOT_ID, type TelegramFake, telegramKit } from "./fakes/telegram-fake.js";

const HOOK_URL = "http://127.0.0.1:9/hooks/telegram/int_test";
const SECRET = "sx_hook_secret_0123456789abcdefghij";
const USER = { id: 100200300, is_bot: false, first_name: "Ann", last_name: "Example", language_code: "en" };
const PRIVATE_CHAT = { id: 100200300, type: "private", first_name: "Ann" };

interface TestContext {
  context: TelegramContext;
  state: Record<string, unknown>;
}

function contextFor(
  fake: TelegramFake,
  options: {
    authData?: Partial<TelegramAuthData>;
    state?: Record<string, unknown>;
    apiBaseUrl?: string;
  } = {},
): TestContext {
  const state: Record<string, unknown> = { ...options.state };
  const context: TelegramContext = {
    integration: { id: "int_test", name: "Test bot" },
    authData: { token: fake.token, ...options.authData },
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: options.apiBaseUrl ?? fake.baseUrl,
    hookUrl: HOOK_URL,
    fetch: globalThis.fetch,
  };
  return { context, state };
}

/** An inbound POST; `secret: null` sends no secret header at all. */
function inboundRequest(body: unknown, secret: string | string[] | null = SECRET): InboundRequest {
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }),
    },
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
    query: {},
  };
}

function messageUpdate(message: Record<string, unknown>, updateId = 9001): Record<string, unknown> {
  return {
    update_id: updateId,
    message: { message_id: 42, date: 1_700_000_000, chat: PRIVATE_CHAT, from: USER, ...message },
  };
}

/** Calls the adapter and expects a ChannelError. */
async function channelError(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

function messagesOf(result: InboundResult): InboundMessage[] {
  expect(result.kind).toBe("accepted");
  return result.kind === "accepted" ? result.messages : [];
}

let fake: TelegramFake;

beforeEach(async () => {
  fake = (await telegramKit.start()) as TelegramFake;
});

afterEach(async () => {
  await fake.close();
});

describe("telegram adapter: declarations", () => {
  it("declares its route keys and Telegram's text limit in UTF-16 code units", () => {
    expect(telegramVendor.id).toBe("telegram");
    expect(telegramVendor.channel.routeKeys).toEqual(["chat_type", "chat_id"]);
    expect(telegramVendor.channel.textLimit).toEqual({ max: 4096, unit: "utf16" });
    expect(telegramVendor.channel.textLimit.max).toBe(fake.textLimit);
  });
});

describe("telegram adapter: parseInbound verification", () => {
  it("accepts an update carrying the secret saved in state", async () => {
    const { context } = contextFor(fake, { state: { webhook_secret: SECRET } });
    const result = await telegramVendor.channel.parseInbound(
      context,
      inboundRequest(messageUpdate({ text: "hi" })),
    );
    expect(messagesOf(result)).toHaveLength(1);
  });

  it("prefers the webhook_secret from auth_data over the one in state", async () => {
    const { context } = contextFor(fake, {
      authData: { webhook_secret: "user_given_secret" },
      state: { webhook_secret: SECRET },
    });
    const update = messageUpdate({ text: "hi" });
    expect(await telegramVendor.channel.parseInbound(context, inboundRequest(update, SECRET))).toEqual({
      kind: "rejected",
    });
    expect(
      messagesOf(
        await telegramVendor.channel.parseInbound(context, inboundRequest(update, "user_given_secret")),
      ),
    ).toHaveLength(1);
  });

  it.each([
    ["a wrong secret", `${SECRET}x`],
    ["a secret of another length", "short"],
    ["no header", null],
    ["a repeated header", [SECRET, SECRET]],
  ])("rejects %s", async (_label, header) => {
    const { context } = contextFor(fake, { state: { webhook_secret: SECRET } });
    const result = await telegramVendor.channel.parseInbound(
      context,
      inboundRequest(messageUpdate({ text: "hi" }), header),
    );
    expect(result).toEqual({ kind: "rejected" });
  });

  it("rejects everything while no secret is known", async () => {
    const { context } = contextFor(fake);
    const result = await telegramVendor.channel.parseInbound(
      context,
      inboundRequest(messageUpdate({ text: "hi" }), ""),
    );
    expect(result).toEqual({ kind: "rejected" });
  });

  it("accepts malformed JSON and unknown shapes from a verified sender as no messages", async () => {
    const { context } = contextFor(fake, { state: { webhook_secret: SECRET } });
    for (const body of [
      "{not json",
      "[]",
      "null",
      JSON.stringify({ update_id: "x" }),
      JSON.stringify({ update_id: 1, message: { text: "no chat" } }),
    ]) {
      expect(await telegramVendor.channel.parseInbound(context, inboundRequest(body))).toEqual({
        kind: "accepted",
        messages: [],
      });
    }
  });
});

describe("telegram adapter: parseInbound messages", () => {
  async function parse(update: Record<string, unknown>): Promise<InboundMessage[]> {
    const { context } = contextFor(fake, { state: { webhook_secret: SECRET } });
    return messagesOf(await telegramVendor.channel.parseInbound(context, inboundRequest(update)));
  }

  it("normalises a private text message", async () => {
    expect(await parse(messageUpdate({ text: "Hello, bot" }))).toEqual([
      {
        externalMessageId: "100200300:42",
        conversationId: "100200300",
        person: { externalId: "100200300", name: "Ann Example" },
        text: "Hello, bot",
        attachments: [],
        route: { chat_type: "private", chat_id: "100200300" },
      },
    ]);
  });

  it("keys group messages by the group chat, the person by the sender", async () => {
    const chat = { id: -1001234567890, type: "supergroup", title: "Shop" };
    const from = { id: 555, is_bot: false, first_name: "Bob" };
    const [message] = await parse(messageUpdate({ chat, from, text: "@parley_test_bot hi" }));
    expect(message).toMatchObject({
      externalMessageId: "-1001234567890:42",
      conversationId: "-1001234567890",
      person: { externalId: "555", name: "Bob" },
      route: { chat_type: "supergroup", chat_id: "-1001234567890" },
    });
  });

  it("drops messages from bots, the bot's own included", async () => {
    const from = { id: FAKE_BOT_ID, is_bot: true, first_name: "Parley Test Bot" };
    expect(await parse(messageUpdate({ from, text: "echo" }))).toEqual([]);
  });

  it("drops channel posts auto-forwarded into a discussion group", async () => {
    const from = { id: 777000, is_bot: false, first_name: "Telegram" };
    expect(await parse(messageUpdate({ from, is_automatic_forward: true, text: "post" }))).toEqual([]);
  });

  it.each([
    [
      "edited_message",
      { update_id: 1, edited_message: { message_id: 1, chat: PRIVATE_CHAT, from: USER, text: "x" } },
    ],
    [
      "channel_post",
      { update_id: 2, channel_post: { message_id: 1, chat: { id: -100999, type: "channel" }, text: "x" } },
    ],
    ["my_chat_member", { update_id: 4, my_chat_member: { chat: PRIVATE_CHAT, from: USER, date: 1 } }],
    ["a service message", messageUpdate({ new_chat_members: [USER] })],
    ["a chat migration notice", messageUpdate({ migrate_to_chat_id: -1001 })],
  ])("drops %s", async (_label, update) => {
    expect(await parse(update)).toEqual([]);
  });

  it("keeps the text when an unrelated field has an unexpected shape", async () => {
    const [message] = await parse(messageUpdate({ text: "still here", photo: "nonsense", voice: 7 }));
    expect(message?.text).toBe("still here");
    expect(message?.attachments).toEqual([]);
  });

  it.each([
    [
      "a photo (largest size) with its caption",
      {
        photo: [
          { file_id: "small", width: 90, height: 67, file_size: 900 },
          { file_id: "large", width: 1280, height: 960, file_size: 90_000 },
          { file_id: "medium", width: 320, height: 240, file_size: 9000 },
        ],
        caption: "a red bike",
      },
      "[photo: a red bike]",
      [{ kind: "photo", ref: "large", mimeType: "image/jpeg", caption: "a red bike" }],
    ],
    [
      "a voice message",
      { voice: { file_id: "v1", duration: 7, mime_type: "audio/ogg" } },
      "[voice message, 7 s]",
      [{ kind: "voice", ref: "v1", mimeType: "audio/ogg", duration: 7 }],
    ],
    [
      "a video with a caption",
      {
        video: { file_id: "vid", duration: 12, width: 1, height: 1, mime_type: "video/mp4" },
        caption: "look",
      },
      "[video, 12 s: look]",
      [{ kind: "video", ref: "vid", mimeType: "video/mp4", caption: "look" }],
    ],
    [
      "a video note",
      { video_note: { file_id: "vn", duration: 9, length: 240 } },
      "[video message, 9 s]",
      [{ kind: "video", ref: "vn", mimeType: "video/mp4" }],
    ],
    [
      "an audio file",
      { audio: { file_id: "a1", duration: 180, performer: "Band", title: "Song", mime_type: "audio/mpeg" } },
      "[audio: Band – Song, 180 s]",
      [{ kind: "audio", ref: "a1", mimeType: "audio/mpeg", duration: 180 }],
    ],
    [
      "a document with a caption",
      {
        document: { file_id: "d1", file_name: "invoice.pdf", mime_type: "application/pdf" },
        caption: "pay me",
      },
      "[document: invoice.pdf — pay me]",
      [
        {
          kind: "document",
          ref: "d1",
          mimeType: "application/pdf",
          fileName: "invoice.pdf",
          caption: "pay me",
        },
      ],
    ],
    [
      "an animation (not taken for its legacy document)",
      {
        animation: { file_id: "g1", duration: 3, file_name: "cat.mp4", mime_type: "video/mp4" },
        document: { file_id: "g1", file_name: "cat.mp4", mime_type: "video/mp4" },
      },
      "[animation]",
      [{ kind: "video", ref: "g1", mimeType: "video/mp4", fileName: "cat.mp4" }],
    ],
    [
      "a sticker",
      {
        sticker: { file_id: "s1", emoji: "😀", is_animated: false, is_video: false, width: 512, height: 512 },
      },
      "[sticker 😀]",
      [{ kind: "sticker", ref: "s1", mimeType: "image/webp" }],
    ],
    [
      "a location",
      { location: { latitude: 55.75, longitude: 37.61 } },
      "[location: 55.75, 37.61]",
      [{ kind: "location", latitude: 55.75, longitude: 37.61 }],
    ],
    [
      "a venue",
      {
        venue: { location: { latitude: 1.5, longitude: 2.5 }, title: "Cafe", address: "Main st 1" },
        location: { latitude: 1.5, longitude: 2.5 },
      },
      "[location: Cafe, Main st 1 (1.5, 2.5)]",
      [{ kind: "location", latitude: 1.5, longitude: 2.5, caption: "Cafe" }],
    ],
    [
      "a contact",
      { contact: { phone_number: "+79000000000", first_name: "Ivan", last_name: "Petrov" } },
      "[contact: Ivan Petrov, +79000000000]",
      [{ kind: "contact" }],
    ],
  ])("turns %s into a placeholder with attachment metadata", async (_label, content, text, attachments) => {
    const [message] = await parse(messageUpdate(content));
    expect(message?.text).toBe(text);
    expect(message?.attachments).toEqual(attachments);
    expect(message?.externalMessageId).toBe("100200300:42");
  });
});

describe("telegram adapter: send", () => {
  it("sends one plain-text sendMessage as JSON and returns <chat id>:<message_id>", async () => {
    const { context } = contextFor(fake);
    const result = await telegramVendor.channel.send(context, {
      conversationId: "100200300",
      text: "Hello *there*",
      idempotencyKey: "msg_1:0",
    });
    expect(fake.sent).toHaveLength(1);
    const [sent] = fake.sent;
    expect(sent).toMatchObject({ conversationId: "100200300", text: "Hello *there*", method: "POST" });
    expect(sent?.path).toBe(`/bot${fake.token}/sendMessage`);
    expect(sent?.body).toEqual({ chat_id: 100200300, text: "Hello *there*" });
    expect(fake.calls.at(-1)?.contentType).toBe("application/json");
    expect(result.externalMessageId).toMatch(/^100200300:\d+$/);
  });

  it("sends to group chats by their negative id", async () => {
    const { context } = contextFor(fake);
    await telegramVendor.channel.send(context, {
      conversationId: "-1001234567890",
      text: "hi all",
      idempotencyKey: "k",
    });
    expect(fake.sent[0]?.body).toEqual({ chat_id: -1001234567890, text: "hi all" });
  });

  it("classifies a 429 as rate_limited with Telegram's retry_after", async () => {
    const { context } = contextFor(fake);
    fake.rateLimitNextSends(1, 7);
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "rate_limited", code: "rate_limited", retryAfterMs: 7000 });
    expect(fake.sent).toHaveLength(0);
    await telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" });
    expect(fake.sent).toHaveLength(1);
  });

  it("classifies a revoked token as credentials_rejected, without the token in the message", async () => {
    const { context } = contextFor(fake);
    fake.revokeCredentials();
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "credentials_rejected", code: "credentials_rejected" });
    expect(error.message).not.toContain(fake.token);
    fake.restoreCredentials();
    await telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" });
    expect(fake.sent).toHaveLength(1);
  });

  it("classifies a malformed token (404 Not Found) as credentials_rejected", async () => {
    const { context } = contextFor(fake, { authData: { token: "not_a_token" } });
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(error.kind).toBe("credentials_rejected");
  });

  it("classifies a user who blocked the bot as permanent recipient_blocked", async () => {
    const { context } = contextFor(fake);
    fake.blockedChats.add("100200300");
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "100200300", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "recipient_blocked" });
    expect(error.message).toContain("bot was blocked by the user");
  });

  it("classifies a missing chat as permanent conversation_not_found", async () => {
    const { context } = contextFor(fake);
    fake.unknownChats.add("404");
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "404", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "conversation_not_found" });
  });

  it("classifies an over-long text as permanent message_too_long", async () => {
    const { context } = contextFor(fake);
    const error = await channelError(
      telegramVendor.channel.send(context, {
        conversationId: "1",
        text: "é".repeat(4097),
        idempotencyKey: "k",
      }),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "message_too_long" });
  });

  it("classifies a group upgraded to a supergroup as permanent chat_migrated, naming the new id", async () => {
    const { context } = contextFor(fake);
    fake.sendFailures.push({
      code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: -1001557912345 },
    });
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "-42", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "chat_migrated" });
    expect(error.message).toContain("-1001557912345");
  });

  it("classifies 5xx answers as transient", async () => {
    const { context } = contextFor(fake);
    fake.sendFailures.push({ code: 502, description: "Bad Gateway" });
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "transient", code: "vendor_unavailable" });
  });

  it("turns a network failure into a transient error that does not quote the token", async () => {
    const closed = await fake.close().then(() => fake.baseUrl);
    const { context } = contextFor(fake, { apiBaseUrl: closed });
    const error = await channelError(
      telegramVendor.channel.send(context, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(error).toMatchObject({ kind: "transient", code: "vendor_unreachable" });
    const unparsable = contextFor(fake, { apiBaseUrl: "not a url" }).context;
    const parseError = await channelError(
      telegramVendor.channel.send(unparsable, { conversationId: "1", text: "x", idempotencyKey: "k" }),
    );
    expect(parseError.kind).toBe("transient");
    expect(parseError.message).not.toContain(fake.token);
    fake = (await telegramKit.start()) as TelegramFake;
  });

  it("reads the wait from the description when retry_after is missing", () => {
    const error = classifyTelegramError("sendMessage", 429, {
      description: "Too Many Requests: retry after 3",
    });
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });
  });

  it("shows typing with sendChatAction", async () => {
    const { context } = contextFor(fake);
    await telegramVendor.channel.sendTyping(context, "100200300");
    expect(fake.calls.at(-1)).toMatchObject({
      method: "sendChatAction",
      params: { chat_id: 100200300, action: "typing" },
    });
    expect(fake.sent).toHaveLength(0);
  });
});

describe("telegram adapter: buttons", () => {
  const BUTTONS = [
    { kind: "reply" as const, label: "Yes", id: "msg_0123456789abcdefghijklmnop:0" },
    { kind: "reply" as const, label: "No", id: "msg_0123456789abcdefghijklmnop:1" },
    { kind: "link" as const, label: "Our site", url: "https://shop.example/faq" },
  ];

  async function parsed(update: Record<string, unknown>): Promise<InboundResult> {
    const { context } = contextFor(fake, { state: { webhook_secret: SECRET } });
    return telegramVendor.channel.parseInbound(context, inboundRequest(update));
  }

  it("declares native buttons with links", () => {
    expect(telegramVendor.channel.buttons).toEqual({ max: 100, labelMax: 64, links: true });
  });

  it("sends buttons as an inline keyboard the fake accepts: callback_data is the id, links carry url", async () => {
    const { context } = contextFor(fake);
    await telegramVendor.channel.send(context, {
      conversationId: "100200300",
      text: "Shall I book it?",
      buttons: BUTTONS,
      idempotencyKey: "msg_1:0",
    });
    expect(fake.sent.at(-1)?.body).toEqual({
      chat_id: 100200300,
      text: "Shall I book it?",
      reply_markup: {
        inline_keyboard: [
          [{ text: "Yes", callback_data: "msg_0123456789abcdefghijklmnop:0" }],
          [{ text: "No", callback_data: "msg_0123456789abcdefghijklmnop:1" }],
          [{ text: "Our site", url: "https://shop.example/faq" }],
        ],
      },
    });
  });

  it("the fake refuses keyboards Telegram refuses: callback_data over 64 bytes, a button without action", async () => {
    const { context } = contextFor(fake);
    const tooLong = await channelError(
      telegramVendor.channel.send(context, {
        conversationId: "100200300",
        text: "x",
        buttons: [{ kind: "reply", label: "Yes", id: "x".repeat(65) }],
        idempotencyKey: "k:0",
      }),
    );
    expect(tooLong.message).toContain("BUTTON_DATA_INVALID");
    const response = await fetch(`${fake.baseUrl}/bot${fake.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        chat_id: 1,
        text: "x",
        reply_markup: { inline_keyboard: [[{ text: "bare" }]] },
      }),
    });
    expect(response.status).toBe(400);
    expect(fake.sent).toHaveLength(0);
  });

  it("parses a press as the customer's message with its choice, text the button's label, answered in the response", async () => {
    const result = await parsed({
      update_id: 77,
      callback_query: {
        id: "4382bfdwdsb323b2d9",
        from: USER,
        chat_instance: "-77",
        data: BUTTONS[1]?.id,
        message: {
          message_id: 9,
          date: 1_700_000_000,
          chat: PRIVATE_CHAT,
          text: "Shall I book it?",
          reply_markup: {
            inline_keyboard: [
              [{ text: "Yes", callback_data: BUTTONS[0]?.id }],
              [{ text: "No", callback_data: BUTTONS[1]?.id }],
            ],
          },
        },
      },
    });
    expect(result).toEqual({
      kind: "accepted",
      messages: [
        {
          externalMessageId: "callback:4382bfdwdsb323b2d9",
          conversationId: "100200300",
          person: { externalId: "100200300", name: "Ann Example" },
          text: "No",
          attachments: [],
          route: { chat_type: "private", chat_id: "100200300" },
          choice: { buttonId: BUTTONS[1]?.id },
        },
      ],
      reply: {
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ method: "answerCallbackQuery", callback_query_id: "4382bfdwdsb323b2d9" }),
      },
    });
  });

  it("a press whose message Telegram no longer gives keeps the id as text, in the presser's private chat", async () => {
    const [message] = messagesOf(
      await parsed({
        update_id: 78,
        callback_query: {
          id: "q2",
          from: USER,
          chat_instance: "-77",
          data: "msg_x:0",
          message: { chat: PRIVATE_CHAT, message_id: 9, date: 0 },
        },
      }),
    );
    expect(message).toMatchObject({
      conversationId: "100200300",
      text: "msg_x:0",
      choice: { buttonId: "msg_x:0" },
    });
  });

  it("a press by a bot, or one without data, is no message but is still answered", async () => {
    const from = { id: FAKE_BOT_ID, is_bot: true, first_name: "Parley Test Bot" };
    const result = await parsed({
      update_id: 79,
      callback_query: { id: "q3", from, chat_instance: "1", data: "x" },
    });
    expect(result).toMatchObject({ kind: "accepted", messages: [], reply: { status: 200 } });
    const empty = await parsed({
      update_id: 80,
      callback_query: { id: "q4", from: USER, chat_instance: "1" },
    });
    expect(empty).toMatchObject({ kind: "accepted", messages: [] });
  });
});

describe("telegram adapter: webhook", () => {
  it("generates a secret, saves it in state and registers it with the hook URL", async () => {
    const { context, state } = contextFor(fake);
    await telegramVendor.channel.setUpWebhook(context);
    const secret = state.webhook_secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(fake.webhook).toEqual({
      url: HOOK_URL,
      secretToken: secret,
      allowedUpdates: ["message", "callback_query"],
    });
    expect(fake.registeredHookUrl()).toBe(HOOK_URL);
    expect(fake.calls.at(-1)).toMatchObject({ method: "setWebhook", contentType: "application/json" });
  });

  it("calls setWebhook only once the new secret is stored: an update may arrive before setWebhook answers", async () => {
    const { context, state } = contextFor(fake);
    let stored: () => void = () => {};
    const storing = new Promise<void>((resolve) => {
      stored = resolve;
    });
    context.saveState = (patch) => {
      Object.assign(state, patch);
      return storing;
    };
    const registrations = () => fake.calls.filter((call) => call.method === "setWebhook").length;
    const before = registrations();
    const setUp = telegramVendor.channel.setUpWebhook(context);
    // The store takes a while (a busy database): setWebhook must not reach Telegram meanwhile.
    const atStore = await new Promise<number>((resolve) =>
      setTimeout(() => {
        resolve(registrations());
        stored();
      }, 300),
    );
    expect(atStore).toBe(before);
    await setUp;
    expect(registrations()).toBe(before + 1);
    expect(fake.webhook?.secretToken).toBe(state.webhook_secret);
  });

  it("keeps the secret already in state when set up again", async () => {
    const { context, state } = contextFor(fake, { state: { webhook_secret: SECRET } });
    await telegramVendor.channel.setUpWebhook(context);
    expect(state.webhook_secret).toBe(SECRET);
    expect(fake.webhook?.secretToken).toBe(SECRET);
  });

  it("registers the user's webhook_secret and saves nothing", async () => {
    const { context, state } = contextFor(fake, { authData: { webhook_secret: "sx_user_secret" } });
    await telegramVendor.channel.setUpWebhook(context);
    expect(fake.webhook?.secretToken).toBe("sx_user_secret");
    expect(state).toEqual({});
  });

  it("fails setup with credentials_rejected on a revoked token", async () => {
    const { context } = contextFor(fake);
    fake.revokeCredentials();
    const error = await channelError(telegramVendor.channel.setUpWebhook(context));
    expect(error.kind).toBe("credentials_rejected");
    expect(fake.webhook).toBeUndefined();
  });

  it("tears the webhook down with deleteWebhook", async () => {
    const { context } = contextFor(fake);
    await telegramVendor.channel.setUpWebhook(context);
    await telegramVendor.channel.tearDownWebhook(context);
    expect(fake.webhook).toBeUndefined();
    expect(fake.calls.at(-1)).toMatchObject({
      method: "deleteWebhook",
      params: { drop_pending_updates: false },
    });
  });
});

describe("telegram adapter: profile and files", () => {
  it("returns the bot's identity from getMe, without an avatar when it has no photo", async () => {
    const { context } = contextFor(fake);
    const profile = await telegramVendor.profile(context);
    expect(profile).toEqual(fake.expectedProfile);
    expect(fake.calls.map((call) => call.method)).toEqual(["getMe", "getUserProfilePhotos"]);
    expect(fake.calls[1]?.params).toEqual({ user_id: FAKE_BOT_ID, limit: 1 });
  });

  it("gives the avatar as the largest photo's file ref, never as a URL with the token", async () => {
    const avatar = fake.setProfilePhoto(new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]));
    const { context } = contextFor(fake);
    const profile = await telegramVendor.profile(context);
    expect(profile).toEqual({ ...fake.expectedProfile, avatarRef: avatar });
    expect(JSON.stringify(profile)).not.toContain(fake.token);
    const file = await telegramVendor.fetchFile(context, avatar);
    expect(Array.from(file.bytes)).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
  });

  it("fails the profile with credentials_rejected on a revoked token", async () => {
    const { context } = contextFor(fake);
    fake.revokeCredentials();
    expect((await channelError(telegramVendor.profile(context))).kind).toBe("credentials_rejected");
  });

  it("downloads a file through getFile and the file endpoint, typing it by extension", async () => {
    const fileId = fake.addFile("photos/file_7.jpg", new Uint8Array([1, 2, 3, 4]));
    const { context } = contextFor(fake);
    const file = await telegramVendor.fetchFile(context, fileId);
    expect(file).toEqual({ bytes: new Uint8Array([1, 2, 3, 4]), mimeType: "image/jpeg" });
    expect(fake.calls.map((call) => [call.method, call.path])).toEqual([
      ["getFile", `/bot${fake.token}/getFile`],
      ["file", `/file/bot${fake.token}/photos/file_7.jpg`],
    ]);
  });

  it("keeps the file server's content type when it names one", async () => {
    const fileId = fake.addFile("voice/file_3.oga", new Uint8Array([9]), "audio/ogg");
    const { context } = contextFor(fake);
    expect((await telegramVendor.fetchFile(context, fileId)).mimeType).toBe("audio/ogg");
  });

  it("fails an unknown file_id as permanent file_not_found", async () => {
    const { context } = contextFor(fake);
    const error = await channelError(telegramVendor.fetchFile(context, "AgACnope"));
    expect(error).toMatchObject({ kind: "permanent", code: "file_not_found" });
  });
});

interface Captured {
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  url: string;
}

/** A tiny local server standing in for Parley's hook route: it records requests and answers 200. */
async function captureServer(): Promise<{ url: string; captured: Captured[]; close(): Promise<void> }> {
  const captured: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      captured.push({
        method: req.method ?? "",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        url: req.url ?? "",
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/telegram/int_test`,
    captured,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function asInboundRequest(request: Captured): InboundRequest {
  return { method: request.method, headers: request.headers, rawBody: request.rawBody, query: {} };
}

describe("telegram fake as a VendorKit", () => {
  it("delivers updates to the registered hook that the adapter accepts, and bad proofs it rejects", async () => {
    const hook = await captureServer();
    try {
      const state: Record<string, unknown> = {};
      const context: TelegramContext = {
        ...contextFor(fake).context,
        authData: fake.authData() as TelegramAuthData,
        state,
        saveState: (patch) => void Object.assign(state, patch),
        hookUrl: hook.url,
      };
      expect(fake.env).toEqual({ PARLEY_TELEGRAM_API_URL: fake.baseUrl });
      expect(fake.registersWebhook).toBe(true);
      await telegramVendor.channel.setUpWebhook(context);
      expect(fake.registeredHookUrl()).toBe(hook.url);

      const delivered = await fake.deliverText({ text: "hello from the fake", messageId: "m-1" });
      expect(delivered).toEqual({ status: 200, body: '{"ok":true}', conversationId: "100200300" });
      const first = hook.captured[0]!;
      expect(first.url).toBe("/hooks/telegram/int_test");
      const [message] = messagesOf(
        await telegramVendor.channel.parseInbound(context, asInboundRequest(first)),
      );
      expect(message).toMatchObject({
        conversationId: delivered.conversationId,
        person: { externalId: "100200300", name: "Ann Example" },
        text: "hello from the fake",
        route: { chat_type: "private", chat_id: "100200300" },
      });

      await fake.deliverText({ text: "hello from the fake", messageId: "m-1" });
      const [again] = messagesOf(
        await telegramVendor.channel.parseInbound(context, asInboundRequest(hook.captured[1]!)),
      );
      expect(again?.externalMessageId).toBe(message?.externalMessageId);

      const group = await fake.deliverText({
        text: "in a group",
        conversationId: "-1009876543210",
        userId: "77",
      });
      expect(group.conversationId).toBe("-1009876543210");
      const [groupMessage] = messagesOf(
        await telegramVendor.channel.parseInbound(context, asInboundRequest(hook.captured[2]!)),
      );
      expect(groupMessage?.route).toEqual({ chat_type: "supergroup", chat_id: "-1009876543210" });
      expect(groupMessage?.person.externalId).toBe("77");

      await fake.deliverText({ text: "forged", badProof: true });
      expect(await telegramVendor.channel.parseInbound(context, asInboundRequest(hook.captured[3]!))).toEqual(
        {
          kind: "rejected",
        },
      );

      await telegramVendor.channel.send(context, {
        conversationId: delivered.conversationId,
        text: "reply",
        idempotencyKey: "k",
      });
      expect(fake.sent.map((sent) => [sent.conversationId, sent.text])).toEqual([["100200300", "reply"]]);
      expect(await telegramVendor.profile(context)).toMatchObject(fake.expectedProfile);
    } finally {
      await hook.close();
    }
  });
});
