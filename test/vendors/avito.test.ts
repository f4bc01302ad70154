import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AvitoAuthData } from "../../src/vendors/avito/auth-data.js";
import { retryAfterMs } from "../../src/vendors/avito/errors.js";
import { avito as avitoVendor } from "../../src/vendors/avito/index.js";
import type { InboundRequest, InboundResult } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { AvitoFake, avitoKit } from "./fakes/avito-fake.js";

const HOOK_URL = "http://127.0.0.1:9/hooks/avito/int_test";
const WEBHOOK_TOKEN = "sx_avito_hook_token";
const ACCOUNT_ID = 94_235_311;
const CHAT_ID = "u2i-PJIVR~3w~C0Ykf1tGvE6Vw";

let fake: AvitoFake;

beforeEach(async () => {
  fake = await AvitoFake.start();
});

afterEach(async () => {
  await fake.close();
});

function contextFor(
  state: Record<string, unknown> = {},
  overrides: Partial<VendorContext<AvitoAuthData>> = {},
): VendorContext<AvitoAuthData> {
  return {
    integration: { id: "int_test", name: "Avito test" },
    authData: { client_id: fake.clientId, client_secret: fake.clientSecret },
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.baseUrl,
    hookUrl: HOOK_URL,
    fetch: globalThis.fetch,
    ...overrides,
  };
}

const verified = () => contextFor({ webhook_token: WEBHOOK_TOKEN, user_id: String(ACCOUNT_ID) });

function post(body: unknown, query: Record<string, string> = { token: WEBHOOK_TOKEN }): InboundRequest {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
    query,
  };
}

function webhook(value: Record<string, unknown>, payloadType = "message") {
  return {
    id: "0d9c5e1e-5d3f-4c1a-9d2b-7f6e5d4c3b2a",
    version: "v3.0.0",
    timestamp: 1_700_000_000,
    payload: {
      type: payloadType,
      value: {
        id: "bdcc5bac2d00345f1cc66fa657813958",
        chat_id: CHAT_ID,
        user_id: ACCOUNT_ID,
        author_id: 24_681_357,
        created: 1_700_000_000,
        type: "text",
        chat_type: "u2i",
        content: { text: "Is it still available?" },
        item_id: 1_768_287_444,
        published_at: "2023-11-14T22:13:20Z",
        read: null,
        ...value,
      },
    },
  };
}

function accepted(result: InboundResult) {
  if (result.kind !== "accepted") throw new Error("expected the webhook to be accepted");
  return result;
}

async function rejection(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** A context whose fetch answers the messenger send path with a fixed response. */
function answeringSends(state: Record<string, unknown>, answer: () => Response) {
  return contextFor(state, {
    fetch: (input, init) =>
      String(input).includes("/chats/") ? Promise.resolve(answer()) : globalThis.fetch(input, init),
  });
}

describe("avito adapter: declaration", () => {
  it("declares its route keys and Avito's text limit", () => {
    expect(avitoVendor.id).toBe("avito");
    expect(avitoVendor.channel.routeKeys).toEqual(["chat_type", "item_id"]);
    expect(avitoVendor.channel.textLimit).toEqual({ max: 1000, unit: "chars" });
    expect("sendTyping" in avitoVendor.channel).toBe(false);
  });
});

describe("avito adapter: verifying webhooks", () => {
  it("accepts a webhook whose URL token equals the saved one", async () => {
    const result = accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook({}))));
    expect(result.messages).toHaveLength(1);
    expect(result.reply).toBeUndefined();
  });

  it("rejects a wrong token, a missing token, and any webhook when no token is saved", async () => {
    expect(
      await avitoVendor.channel.parseInbound(verified(), post(webhook({}), { token: "sx_avito_hook_tokeN" })),
    ).toEqual({
      kind: "rejected",
    });
    expect(await avitoVendor.channel.parseInbound(verified(), post(webhook({}), {}))).toEqual({
      kind: "rejected",
    });
    expect(await avitoVendor.channel.parseInbound(contextFor(), post(webhook({})))).toEqual({
      kind: "rejected",
    });
  });

  it("accepts a verified body that is not JSON, or Avito's `{}` probe, with no messages", async () => {
    expect(accepted(await avitoVendor.channel.parseInbound(verified(), post("{oops"))).messages).toEqual([]);
    expect(accepted(await avitoVendor.channel.parseInbound(verified(), post({}))).messages).toEqual([]);
  });
});

describe("avito adapter: parsing messages", () => {
  it("normalises a text message about a listing", async () => {
    const result = accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook({}))));
    expect(result.messages).toEqual([
      {
        externalMessageId: "bdcc5bac2d00345f1cc66fa657813958",
        conversationId: CHAT_ID,
        person: { externalId: "24681357" },
        text: "Is it still available?",
        attachments: [],
        route: { chat_type: "u2i", item_id: "1768287444" },
      },
    ]);
  });

  it("a chat without a listing routes with an empty item_id", async () => {
    const event = webhook({ chat_type: "u2u", chat_id: "u2u-abc", item_id: undefined });
    const [message] = accepted(await avitoVendor.channel.parseInbound(verified(), post(event))).messages;
    expect(message?.route).toEqual({ chat_type: "u2u", item_id: "" });
  });

  it("drops the account's own sends, system notices and deleted messages", async () => {
    for (const value of [
      { author_id: ACCOUNT_ID },
      { type: "system", author_id: 0, content: { text: "Покупатель оформил заказ", flow_id: "x" } },
      { type: "deleted", content: {} },
    ]) {
      expect(
        accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook(value)))).messages,
      ).toEqual([]);
    }
  });

  it("drops payload kinds other than messages and shapes without a chat", async () => {
    expect(
      accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook({}, "status")))).messages,
    ).toEqual([]);
    expect(
      accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook({ chat_id: 5 })))).messages,
    ).toEqual([]);
  });
});

describe("avito adapter: non-text messages", () => {
  async function only(value: Record<string, unknown>) {
    const result = accepted(await avitoVendor.channel.parseInbound(verified(), post(webhook(value))));
    expect(result.messages).toHaveLength(1);
    return result.messages[0]!;
  }

  it("an image: the largest size", async () => {
    const sizes = {
      "140x105": "https://img.k.avito.ru/chat/140x105/1.jpg",
      "1280x960": "https://img.k.avito.ru/chat/1280x960/1.jpg",
      "640x480": "https://img.k.avito.ru/chat/640x480/1.jpg",
    };
    const message = await only({ type: "image", content: { image: { sizes } } });
    expect(message.text).toBe("[photo]");
    expect(message.attachments).toEqual([
      {
        kind: "photo",
        ref: "https://img.k.avito.ru/chat/1280x960/1.jpg",
        url: "https://img.k.avito.ru/chat/1280x960/1.jpg",
      },
    ]);
  });

  it("a voice message: a voice ref for fetchFile", async () => {
    const message = await only({ type: "voice", content: { voice: { voice_id: "v1" } } });
    expect(message.text).toBe("[voice message]");
    expect(message.attachments).toEqual([{ kind: "voice", ref: "voice:v1", mimeType: "audio/mp4" }]);
  });

  it("a location, a link, a listing and a missed call", async () => {
    const location = await only({
      type: "location",
      content: {
        location: { lat: 55.599799, lon: 37.603954, title: "Москва, Варшавское шоссе", kind: "street" },
      },
    });
    expect(location.text).toBe("[location: 55.599799, 37.603954 (Москва, Варшавское шоссе)]");
    expect(location.attachments).toEqual([
      { kind: "location", latitude: 55.599799, longitude: 37.603954, caption: "Москва, Варшавское шоссе" },
    ]);

    const link = await only({
      type: "link",
      content: {
        link: { text: "habr.com", url: "habr.com", preview: { url: "https://habr.com/ru/", title: "Хабр" } },
      },
    });
    expect(link.text).toBe("[link: habr.com]");
    expect(link.attachments).toEqual([{ kind: "link", url: "https://habr.com/ru/", caption: "Хабр" }]);

    const item = await only({
      type: "item",
      content: {
        item: { title: "Mazda 3 2008", price_string: "300 000 ₽", item_url: "https://avito.ru/item_url" },
      },
    });
    expect(item.text).toBe("[listing: Mazda 3 2008, 300 000 ₽]");
    expect(item.attachments).toEqual([
      { kind: "link", url: "https://avito.ru/item_url", caption: "Mazda 3 2008" },
    ]);

    const call = await only({
      type: "call",
      content: { call: { status: "missed", target_user_id: ACCOUNT_ID } },
    });
    expect(call.text).toBe("[missed call]");
    expect(call.attachments).toEqual([{ kind: "other" }]);
  });

  it("files and videos (sent with empty content) and unknown types are named", async () => {
    expect((await only({ type: "file", content: {} })).text).toBe("[document]");
    expect((await only({ type: "file", content: {} })).attachments).toEqual([{ kind: "document" }]);
    expect((await only({ type: "video", content: {} })).attachments).toEqual([{ kind: "video" }]);
    expect((await only({ type: "hologram", content: {} })).text).toBe("[hologram message]");
  });
});

describe("avito adapter: sending", () => {
  it("gets a token and the account id once, then sends the part as JSON", async () => {
    const state: Record<string, unknown> = {};
    const before = Date.now();
    const result = await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "Да, в наличии",
      idempotencyKey: "m:0",
    });

    expect(fake.tokenRequests).toEqual([
      { grant_type: "client_credentials", client_id: fake.clientId, client_secret: fake.clientSecret },
    ]);
    expect(state.access_token).toEqual(expect.any(String));
    const expiresAt = Date.parse(String(state.access_token_expires_at));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(state.user_id).toBe(String(ACCOUNT_ID));

    const path = `/messenger/v1/accounts/${ACCOUNT_ID}/chats/${encodeURIComponent(CHAT_ID)}/messages`;
    const [request] = fake.requestsTo(path);
    expect(request).toMatchObject({
      method: "POST",
      authorization: `Bearer ${state.access_token}`,
      contentType: "application/json",
      body: { message: { text: "Да, в наличии" }, type: "text" },
    });
    expect(fake.sent).toMatchObject([{ conversationId: CHAT_ID, text: "Да, в наличии" }]);
    expect(result.externalMessageId).toMatch(/^[0-9a-f]{32}$/);

    await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "ещё",
      idempotencyKey: "m:1",
    });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.requestsTo("/core/v1/accounts/self")).toHaveLength(1);
    expect(fake.sent).toHaveLength(2);
  });

  it("renews a cached token that expires within five minutes", async () => {
    const state: Record<string, unknown> = {};
    await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "a",
      idempotencyKey: "m:0",
    });
    state.access_token_expires_at = new Date(Date.now() + 4 * 60_000).toISOString();
    await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "b",
      idempotencyKey: "m:1",
    });
    expect(fake.tokenRequests).toHaveLength(2);
    expect(Date.parse(String(state.access_token_expires_at))).toBeGreaterThan(Date.now() + 60 * 60_000);
  });

  it("fetches a new token once when Avito answers 401 to the cached one", async () => {
    const state: Record<string, unknown> = {};
    await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "a",
      idempotencyKey: "m:0",
    });
    const oldToken = state.access_token;
    fake.expireTokens();
    await avitoVendor.channel.send(contextFor(state), {
      conversationId: CHAT_ID,
      text: "b",
      idempotencyKey: "m:1",
    });
    expect(fake.tokenRequests).toHaveLength(2);
    expect(state.access_token).not.toBe(oldToken);
    expect(fake.sent.map((sent) => sent.text)).toEqual(["a", "b"]);
  });
});

describe("avito adapter: error classification", () => {
  const part = { conversationId: CHAT_ID, text: "hi", idempotencyKey: "m:0" };

  it("429 is a rate limit with Retry-After's wait", async () => {
    fake.rateLimitNextSends(1, 7);
    const error = await rejection(avitoVendor.channel.send(contextFor(), part));
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 7000 });
    expect(fake.sent).toEqual([]);
  });

  it("429 without Retry-After waits 60 s", async () => {
    const context = answeringSends(
      {},
      () => new Response('{"error":{"code":429,"message":"Too Many Requests"}}', { status: 429 }),
    );
    expect(await rejection(avitoVendor.channel.send(context, part))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 60_000,
    });
    expect(retryAfterMs(null)).toBe(60_000);
    expect(retryAfterMs("2")).toBe(2000);
  });

  it("revoked credentials (403 on the API and on /token) are credentials_rejected after one refresh", async () => {
    const state: Record<string, unknown> = {};
    await avitoVendor.channel.send(contextFor(state), part);
    fake.revokeCredentials();
    const error = await rejection(
      avitoVendor.channel.send(contextFor(state), { ...part, idempotencyKey: "m:1" }),
    );
    expect(error.kind).toBe("credentials_rejected");
    expect(fake.tokenRequests).toHaveLength(2);
    expect(error.message).not.toContain(fake.clientSecret);
  });

  it("a wrong client secret is credentials_rejected, without the secret in the message", async () => {
    const context = contextFor();
    context.authData = { client_id: fake.clientId, client_secret: "sx_wrong_secret" };
    const error = await rejection(avitoVendor.channel.send(context, part));
    expect(error.kind).toBe("credentials_rejected");
    expect(error.message).not.toContain("sx_wrong_secret");
  });

  it("402 is vendor_plan_required, 404 conversation_not_found, 400 vendor_rejected", async () => {
    fake.planRequired = true;
    expect(await rejection(avitoVendor.channel.send(contextFor(), part))).toMatchObject({
      kind: "permanent",
      code: "vendor_plan_required",
    });
    fake.planRequired = false;
    fake.goneChats.add(CHAT_ID);
    expect(await rejection(avitoVendor.channel.send(contextFor(), part))).toMatchObject({
      kind: "permanent",
      code: "conversation_not_found",
    });
    expect(
      await rejection(
        avitoVendor.channel.send(contextFor(), { ...part, conversationId: "u2i-x", text: "ы".repeat(1001) }),
      ),
    ).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
  });

  it("5xx is transient", async () => {
    const context = answeringSends(
      {},
      () => new Response('{"error":{"code":503,"message":"unavailable"}}', { status: 503 }),
    );
    expect(await rejection(avitoVendor.channel.send(context, part))).toMatchObject({ kind: "transient" });
  });
});

describe("avito adapter: webhook setup and teardown", () => {
  it("subscribes the hook URL with a generated token and saves the token", async () => {
    const state: Record<string, unknown> = {};
    await avitoVendor.channel.setUpWebhook(contextFor(state));
    expect(state.webhook_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fake.subscriptions).toEqual([{ url: `${HOOK_URL}?token=${state.webhook_token}`, version: "3" }]);
    expect(fake.requestsTo("/messenger/v3/webhook")[0]).toMatchObject({
      contentType: "application/json",
      body: { url: `${HOOK_URL}?token=${state.webhook_token}` },
    });

    const token = state.webhook_token;
    await avitoVendor.channel.setUpWebhook(contextFor(state));
    expect(state.webhook_token).toBe(token);
    expect(fake.subscriptions).toHaveLength(1);
  });

  it("unsubscribes the registered URL", async () => {
    const state: Record<string, unknown> = {};
    await avitoVendor.channel.setUpWebhook(contextFor(state));
    await avitoVendor.channel.tearDownWebhook(contextFor(state));
    expect(fake.subscriptions).toEqual([]);
    expect(fake.requestsTo("/messenger/v1/webhook/unsubscribe")[0]?.body).toEqual({
      url: `${HOOK_URL}?token=${state.webhook_token}`,
    });
  });

  it("tears down nothing when no token was saved", async () => {
    await avitoVendor.channel.tearDownWebhook(contextFor());
    expect(fake.requests).toEqual([]);
    expect(fake.tokenRequests).toEqual([]);
  });
});

describe("avito adapter: profile and files", () => {
  it("reads the account the credentials belong to", async () => {
    const state: Record<string, unknown> = {};
    expect(await avitoVendor.profile(contextFor(state))).toEqual({
      id: String(ACCOUNT_ID),
      name: "Parley Test Shop",
    });
    expect(state.user_id).toBe(String(ACCOUNT_ID));
  });

  it("downloads an image by its URL, without the token", async () => {
    const file = await avitoVendor.fetchFile(contextFor(), fake.fileUrl("image_1280x960.jpg"));
    expect(Buffer.from(file.bytes).toString()).toBe("fake-jpeg-1280");
    expect(file.mimeType).toBe("image/jpeg");
    expect(fake.tokenRequests).toEqual([]);
  });

  it("downloads a voice message through getVoiceFiles", async () => {
    const file = await avitoVendor.fetchFile(contextFor(), "voice:v1");
    expect(Buffer.from(file.bytes).toString()).toBe("fake-opus-in-mp4");
    expect(file.mimeType).toBe("audio/mp4");
    const [request] = fake.requestsTo(`/messenger/v1/accounts/${ACCOUNT_ID}/getVoiceFiles`);
    expect(request?.query).toEqual({ voice_ids: "v1" });
  });

  it("an unknown voice or a ref that is not a URL is file_not_found", async () => {
    expect((await rejection(avitoVendor.fetchFile(contextFor(), "voice:nope"))).code).toBe("file_not_found");
    expect((await rejection(avitoVendor.fetchFile(contextFor(), "not a url"))).code).toBe("file_not_found");
  });
});

describe("avito fake as a VendorKit", () => {
  it("subscribes and delivers a text that parseInbound accepts", async () => {
    const kit = await avitoKit.start();
    const state: Record<string, unknown> = {};
    let hookUrl = "";
    const context = () => {
      const base = contextFor(state, { apiBaseUrl: kit.baseUrl, hookUrl });
      return { ...base, authData: kit.authData() as AvitoAuthData };
    };
    const hook = await adapterHookServer(avitoVendor.channel, "avito", context);
    hookUrl = hook.url;
    try {
      expect(kit.env).toEqual({ PARLEY_AVITO_API_URL: kit.baseUrl });
      expect(kit.registersWebhook).toBe(true);
      await avitoVendor.channel.setUpWebhook(context());
      expect(kit.registeredHookUrl()).toBe(`${hook.url}?token=${state.webhook_token}`);
      expect(await avitoVendor.profile(context())).toEqual(kit.expectedProfile);

      const delivered = await kit.deliverText({
        text: "hello from Avito",
        userId: "777",
        conversationId: "u2i-chat7",
      });
      expect(delivered).toEqual({ status: 200, body: '{"ok":true}', conversationId: "u2i-chat7" });
      const captured = hook.captured.at(-1)!;
      expect(captured.query.token).toBe(state.webhook_token);
      const result = accepted(await avitoVendor.channel.parseInbound(context(), captured));
      expect(result.messages).toMatchObject([
        { conversationId: "u2i-chat7", person: { externalId: "777" }, text: "hello from Avito" },
      ]);

      const forged = await kit.deliverText({ text: "forged", badProof: true });
      expect(forged.status).toBe(401);

      await avitoVendor.channel.send(context(), {
        conversationId: "u2i-chat7",
        text: "reply",
        idempotencyKey: "r:0",
      });
      expect(kit.sent).toMatchObject([{ conversationId: "u2i-chat7", text: "reply" }]);
      expect(kit.textLimit).toBe(avitoVendor.channel.textLimit.max);
    } finally {
      await hook.close();
      await kit.close();
    }
  });
});
