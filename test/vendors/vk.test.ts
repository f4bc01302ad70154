import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundRequest, InboundResult } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import type { VkAuthData } from "../../src/vendors/vk/auth-data.js";
import { vk as vkVendor } from "../../src/vendors/vk/index.js";
import { randomIdFor } from "../../src/vendors/vk/send.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { VkFake, vkKit } from "./fakes/vk-fake.js";

const HOOK_URL = "http://127.0.0.1:9/hooks/vk/int_test";
const SECRET = "sx_vk_callback_secret";
const GROUP_ID = 218_372_914;

let fake: VkFake;

beforeEach(async () => {
  fake = await VkFake.start();
});

afterEach(async () => {
  await fake.close();
});

function contextFor(
  authData: Partial<VkAuthData> = {},
  state: Record<string, unknown> = {},
  overrides: Partial<VendorContext<VkAuthData>> = {},
): VendorContext<VkAuthData> {
  return {
    integration: { id: "int_test", name: "VK test" },
    authData: { access_token: fake.token, ...authData },
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.baseUrl,
    hookUrl: HOOK_URL,
    fetch: globalThis.fetch,
    ...overrides,
  };
}

/** A context that knows the secret and group, as after setUpWebhook. */
const verified = () => contextFor({ group_id: GROUP_ID, secret: SECRET, confirmation_code: "c0nf1rm" });

function post(body: unknown): InboundRequest {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
    query: {},
  };
}

function messageNew(message: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    group_id: GROUP_ID,
    type: "message_new",
    event_id: "3f2c0a5e9b7d41c6a8e0f1b2c3d4e5f6a7b8c9d0",
    v: "5.199",
    object: {
      message: {
        date: 1_700_000_000,
        from_id: 1_000_001,
        id: 42,
        out: 0,
        attachments: [],
        conversation_message_id: 7,
        fwd_messages: [],
        peer_id: 1_000_001,
        random_id: 0,
        text: "hi",
        ...message,
      },
      client_info: { keyboard: true, inline_keyboard: true, lang_id: 0 },
    },
    secret: SECRET,
    ...extra,
  };
}

function accepted(result: InboundResult) {
  if (result.kind !== "accepted") throw new Error("expected the event to be accepted");
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

describe("vk adapter: declaration", () => {
  it("declares its route keys and the conservative text limit", () => {
    expect(vkVendor.id).toBe("vk");
    expect(vkVendor.channel.routeKeys).toEqual(["peer_type", "peer_id"]);
    expect(vkVendor.channel.textLimit).toEqual({ max: 4096, unit: "chars" });
  });
});

describe("vk adapter: verifying Callback API requests", () => {
  it("accepts an event carrying the auth_data secret and answers `ok`", async () => {
    const result = accepted(await vkVendor.channel.parseInbound(verified(), post(messageNew({}))));
    expect(result.reply).toEqual({ status: 200, contentType: "text/plain", body: "ok" });
    expect(result.messages).toHaveLength(1);
  });

  it("accepts an event carrying the secret saved in state", async () => {
    const context = contextFor({}, { secret: "state_secret", group_id: GROUP_ID });
    const result = await vkVendor.channel.parseInbound(
      context,
      post(messageNew({}, { secret: "state_secret" })),
    );
    expect(accepted(result).messages).toHaveLength(1);
  });

  it("prefers the auth_data secret over the one in state", async () => {
    const context = contextFor({ secret: SECRET }, { secret: "state_secret" });
    expect(
      await vkVendor.channel.parseInbound(context, post(messageNew({}, { secret: "state_secret" }))),
    ).toEqual({
      kind: "rejected",
    });
  });

  it("rejects a wrong secret, a missing secret, and any event when no secret is known", async () => {
    expect(
      await vkVendor.channel.parseInbound(
        verified(),
        post(messageNew({}, { secret: "sx_vk_callback_secreT" })),
      ),
    ).toEqual({
      kind: "rejected",
    });
    const { secret: _dropped, ...unsigned } = messageNew({});
    expect(await vkVendor.channel.parseInbound(verified(), post(unsigned))).toEqual({ kind: "rejected" });
    expect(await vkVendor.channel.parseInbound(contextFor(), post(messageNew({})))).toEqual({
      kind: "rejected",
    });
  });

  it("rejects an event for another community", async () => {
    const result = await vkVendor.channel.parseInbound(verified(), post(messageNew({}, { group_id: 1 })));
    expect(result).toEqual({ kind: "rejected" });
  });

  it("rejects a body that is not JSON (the secret cannot be read)", async () => {
    expect(await vkVendor.channel.parseInbound(verified(), post("{not json"))).toEqual({ kind: "rejected" });
  });

  it("answers the confirmation event with the confirmation code, as text", async () => {
    const event = { type: "confirmation", group_id: GROUP_ID, secret: SECRET };
    const result = accepted(await vkVendor.channel.parseInbound(verified(), post(event)));
    expect(result.messages).toEqual([]);
    expect(result.reply).toEqual({ status: 200, contentType: "text/plain", body: "c0nf1rm" });

    const fromState = contextFor({}, { secret: SECRET, confirmation_code: "from_state", group_id: GROUP_ID });
    expect(accepted(await vkVendor.channel.parseInbound(fromState, post(event))).reply?.body).toBe(
      "from_state",
    );
  });

  it("rejects the confirmation event when no code is known or the secret is wrong", async () => {
    const noCode = contextFor({ secret: SECRET, group_id: GROUP_ID });
    expect(
      await vkVendor.channel.parseInbound(
        noCode,
        post({ type: "confirmation", group_id: GROUP_ID, secret: SECRET }),
      ),
    ).toEqual({ kind: "rejected" });
    const wrong = { type: "confirmation", group_id: GROUP_ID, secret: "nope" };
    expect(await vkVendor.channel.parseInbound(verified(), post(wrong))).toEqual({ kind: "rejected" });
  });
});

describe("vk adapter: parsing messages", () => {
  it("normalises a private text message", async () => {
    const result = accepted(
      await vkVendor.channel.parseInbound(verified(), post(messageNew({ text: "Привет 👋" }))),
    );
    expect(result.messages).toEqual([
      {
        externalMessageId: "3f2c0a5e9b7d41c6a8e0f1b2c3d4e5f6a7b8c9d0",
        conversationId: "1000001",
        person: { externalId: "1000001" },
        text: "Привет 👋",
        attachments: [],
        route: { peer_type: "user", peer_id: "1000001" },
      },
    ]);
  });

  it("routes a group chat message as `chat`, with the sender as the person", async () => {
    const event = messageNew({ peer_id: 2_000_000_005, from_id: 333, id: 0, conversation_message_id: 91 });
    const [message] = accepted(await vkVendor.channel.parseInbound(verified(), post(event))).messages;
    expect(message?.conversationId).toBe("2000000005");
    expect(message?.person).toEqual({ externalId: "333" });
    expect(message?.route).toEqual({ peer_type: "chat", peer_id: "2000000005" });
  });

  it("falls back to peer_id:conversation_message_id when the event has no id", async () => {
    const { event_id: _dropped, ...event } = messageNew({
      peer_id: 2_000_000_005,
      from_id: 333,
      conversation_message_id: 91,
    });
    const [message] = accepted(await vkVendor.channel.parseInbound(verified(), post(event))).messages;
    expect(message?.externalMessageId).toBe("2000000005:91");
  });

  it("reads the pre-5.103 shape, where the message is the object itself", async () => {
    const event = {
      ...messageNew({}),
      object: { peer_id: 5, from_id: 5, out: 0, text: "old", conversation_message_id: 1 },
    };
    const [message] = accepted(await vkVendor.channel.parseInbound(verified(), post(event))).messages;
    expect(message?.text).toBe("old");
    expect(message?.conversationId).toBe("5");
  });

  it("drops the community's own messages and service messages", async () => {
    for (const fields of [
      { out: 1 },
      { from_id: -GROUP_ID },
      { action: { type: "chat_invite_user", member_id: 5 } },
      { text: "" },
    ]) {
      const result = accepted(await vkVendor.channel.parseInbound(verified(), post(messageNew(fields))));
      expect(result.messages).toEqual([]);
      expect(result.reply?.body).toBe("ok");
    }
  });

  it("drops event kinds that are not customer messages, answering `ok`", async () => {
    for (const type of [
      "message_reply",
      "message_edit",
      "message_typing_state",
      "group_join",
      "wall_post_new",
    ]) {
      const result = accepted(
        await vkVendor.channel.parseInbound(verified(), post({ ...messageNew({}), type })),
      );
      expect(result.messages).toEqual([]);
      expect(result.reply).toEqual({ status: 200, contentType: "text/plain", body: "ok" });
    }
  });

  it("accepts a verified event of an unknown shape with no messages", async () => {
    const event = { type: "message_new", group_id: GROUP_ID, secret: SECRET, object: "garbage" };
    expect(accepted(await vkVendor.channel.parseInbound(verified(), post(event))).messages).toEqual([]);
  });
});

describe("vk adapter: non-text messages", () => {
  async function only(message: Record<string, unknown>) {
    const result = accepted(await vkVendor.channel.parseInbound(verified(), post(messageNew(message))));
    expect(result.messages).toHaveLength(1);
    return result.messages[0]!;
  }

  it("a photo: the largest size, with the message text as its caption", async () => {
    const photo = {
      id: 1,
      owner_id: 1_000_001,
      sizes: [
        { type: "s", url: "https://sun9-1.userapi.com/s.jpg", width: 75, height: 56 },
        { type: "w", url: "https://sun9-1.userapi.com/w.jpg", width: 2560, height: 1920 },
        { type: "x", url: "https://sun9-1.userapi.com/x.jpg", width: 604, height: 453 },
      ],
      text: "",
    };
    const message = await only({ text: "my bike", attachments: [{ type: "photo", photo }] });
    expect(message.text).toBe("[photo: my bike]");
    expect(message.attachments).toEqual([
      {
        kind: "photo",
        ref: "https://sun9-1.userapi.com/w.jpg",
        url: "https://sun9-1.userapi.com/w.jpg",
        mimeType: "image/jpeg",
        caption: "my bike",
      },
    ]);
  });

  it("a photo without dimensions: the largest size letter", async () => {
    const sizes = [
      { type: "m", url: "https://cdn/m.jpg", width: 0, height: 0 },
      { type: "z", url: "https://cdn/z.jpg", width: 0, height: 0 },
      { type: "s", url: "https://cdn/s.jpg", width: 0, height: 0 },
    ];
    const message = await only({ text: "", attachments: [{ type: "photo", photo: { sizes } }] });
    expect(message.text).toBe("[photo]");
    expect(message.attachments[0]?.ref).toBe("https://cdn/z.jpg");
  });

  it("a voice message: its duration and ogg link", async () => {
    const voice = {
      duration: 7,
      link_ogg: "https://psv4.userapi.com/a.ogg",
      link_mp3: "https://psv4.userapi.com/a.mp3",
    };
    const message = await only({ text: "", attachments: [{ type: "audio_message", audio_message: voice }] });
    expect(message.text).toBe("[voice message, 7 s]");
    expect(message.attachments).toEqual([
      {
        kind: "voice",
        ref: "https://psv4.userapi.com/a.ogg",
        url: "https://psv4.userapi.com/a.ogg",
        mimeType: "audio/ogg",
        duration: 7,
      },
    ]);
  });

  it("a document: its file name and type", async () => {
    const doc = {
      id: 9,
      owner_id: 1,
      title: "invoice.pdf",
      ext: "pdf",
      size: 1234,
      url: "https://vk.com/doc1_9?hash=h",
    };
    const message = await only({ text: "", attachments: [{ type: "doc", doc }] });
    expect(message.text).toBe("[document: invoice.pdf]");
    expect(message.attachments[0]).toMatchObject({
      kind: "document",
      ref: "https://vk.com/doc1_9?hash=h",
      fileName: "invoice.pdf",
      mimeType: "application/pdf",
    });
  });

  it("a sticker, a video, a wall post, a link and an unknown attachment", async () => {
    const sticker = {
      type: "sticker",
      sticker: {
        product_id: 1,
        sticker_id: 2,
        images: [
          { url: "https://vk.com/sticker/64.png", width: 64, height: 64 },
          { url: "https://vk.com/sticker/512.png", width: 512, height: 512 },
        ],
      },
    };
    const video = { type: "video", video: { id: 456, owner_id: -7, title: "Unboxing", duration: 30 } };
    const wall = { type: "wall", wall: { id: 12, owner_id: -7, from_id: -7, text: "Sale today" } };
    const link = { type: "link", link: { url: "https://example.com/a", title: "Example" } };
    const poll = { type: "poll", poll: { id: 1, question: "?" } };
    const message = await only({ text: "look", attachments: [sticker, video, wall, link, poll] });
    expect(message.text).toBe(
      [
        "look",
        "[sticker]",
        "[video: Unboxing]",
        "[wall post: Sale today]",
        "[link: https://example.com/a]",
        "[poll]",
      ].join("\n"),
    );
    expect(message.attachments).toEqual([
      {
        kind: "sticker",
        ref: "https://vk.com/sticker/512.png",
        url: "https://vk.com/sticker/512.png",
        mimeType: "image/png",
      },
      { kind: "video", url: "https://vk.com/video-7_456", caption: "Unboxing" },
      { kind: "link", url: "https://vk.com/wall-7_12", caption: "Sale today" },
      { kind: "link", url: "https://example.com/a", caption: "Example" },
      { kind: "other" },
    ]);
  });

  it("a location (the message's geo)", async () => {
    const geo = {
      type: "point",
      coordinates: { latitude: 55.75, longitude: 37.61 },
      place: { title: "Moscow" },
    };
    const message = await only({ text: "", geo });
    expect(message.text).toBe("[location: 55.75, 37.61]");
    expect(message.attachments).toEqual([
      { kind: "location", latitude: 55.75, longitude: 37.61, caption: "Moscow" },
    ]);
  });

  it("forwarded messages are named", async () => {
    const message = await only({ text: "", fwd_messages: [{ text: "a" }, { text: "b" }] });
    expect(message.text).toBe("[2 forwarded messages]");
    expect(message.attachments).toEqual([]);
  });
});

describe("vk adapter: sending", () => {
  it("sends one part with messages.send, form-encoded, and returns VK's message id", async () => {
    const result = await vkVendor.channel.send(contextFor(), {
      conversationId: "1000001",
      text: "Hello & welcome",
      idempotencyKey: "msg_1:0",
    });
    expect(result.externalMessageId).toMatch(/^\d+$/);
    const [call] = fake.callsOf("messages.send");
    expect(call?.httpMethod).toBe("POST");
    expect(call?.contentType).toBe("application/x-www-form-urlencoded");
    expect(call?.params).toEqual({
      peer_id: "1000001",
      random_id: String(randomIdFor("msg_1:0")),
      message: "Hello & welcome",
      access_token: fake.token,
      v: "5.199",
    });
    expect(fake.sent).toEqual([
      {
        conversationId: "1000001",
        text: "Hello & welcome",
        method: "POST",
        path: "/method/messages.send",
        body: call?.params,
      },
    ]);
  });

  it("derives random_id from the idempotency key: a retried part is sent once", async () => {
    expect(randomIdFor("msg_1:0")).toBe(randomIdFor("msg_1:0"));
    expect(randomIdFor("msg_1:0")).not.toBe(randomIdFor("msg_1:1"));
    for (const key of ["a", "msg_1:0", "msg_2:3", ""]) {
      expect(Number.isInteger(randomIdFor(key))).toBe(true);
      expect(randomIdFor(key)).toBeGreaterThan(0);
      expect(randomIdFor(key)).toBeLessThanOrEqual(2 ** 31 - 1);
    }
    const part = { conversationId: "1000001", text: "once", idempotencyKey: "msg_9:0" };
    const first = await vkVendor.channel.send(contextFor(), part);
    const second = await vkVendor.channel.send(contextFor(), part);
    expect(second.externalMessageId).toBe(first.externalMessageId);
    expect(fake.sent).toHaveLength(1);
  });

  it("shows typing with messages.setActivity", async () => {
    await vkVendor.channel.sendTyping(contextFor({}, { group_id: GROUP_ID }), "2000000005");
    expect(fake.activities).toEqual([{ peerId: 2_000_000_005, type: "typing", groupId: String(GROUP_ID) }]);
  });
});

describe("vk adapter: error classification", () => {
  const part = { conversationId: "1000001", text: "hi", idempotencyKey: "m:0" };

  it("error 6 is a rate limit with VK's one-second wait", async () => {
    fake.rateLimitNextSends(1, 3);
    const error = await rejection(vkVendor.channel.send(contextFor(), part));
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterMs).toBe(1000);
    expect(fake.sent).toEqual([]);
    await vkVendor.channel.send(contextFor(), part);
    expect(fake.sent).toHaveLength(1);
  });

  it("error 5 (revoked token) is credentials_rejected, without the token in the message", async () => {
    fake.revokeCredentials();
    const error = await rejection(vkVendor.channel.send(contextFor(), part));
    expect(error.kind).toBe("credentials_rejected");
    expect(error.message).toContain("error 5");
    expect(error.message).not.toContain(fake.token);
    fake.restoreCredentials();
    await vkVendor.channel.send(contextFor(), part);
    expect(fake.sent).toHaveLength(1);
  });

  it("error 901 (user has not allowed messages) is a permanent recipient_blocked", async () => {
    fake.blockedPeers.add(1_000_001);
    const error = await rejection(vkVendor.channel.send(contextFor(), part));
    expect(error.kind).toBe("permanent");
    expect(error.code).toBe("recipient_blocked");
  });

  it("error 914 is a permanent message_too_long", async () => {
    const error = await rejection(vkVendor.channel.send(contextFor(), { ...part, text: "я".repeat(4097) }));
    expect(error).toMatchObject({ kind: "permanent", code: "message_too_long" });
  });

  it("a conversation id that is not a peer id is conversation_not_found, without calling VK", async () => {
    const error = await rejection(vkVendor.channel.send(contextFor(), { ...part, conversationId: "abc" }));
    expect(error).toMatchObject({ kind: "permanent", code: "conversation_not_found" });
    expect(fake.calls).toEqual([]);
  });

  it("an answer that is not VK's envelope is transient", async () => {
    const context = contextFor({}, {}, { apiBaseUrl: `${fake.baseUrl}/broken` });
    const error = await rejection(vkVendor.channel.send(context, part));
    expect(error).toMatchObject({ kind: "transient" });
  });

  it("error 15 on the callback-server methods is a permanent vendor_rejected, not lost credentials", async () => {
    fake.denyCallbackManagement = true;
    const error = await rejection(vkVendor.channel.setUpWebhook(contextFor({ group_id: GROUP_ID })));
    expect(error).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
  });
});

describe("vk adapter: webhook setup and teardown", () => {
  it("finds the community, adds a callback server with a generated secret, and saves what it registered", async () => {
    const state: Record<string, unknown> = {};
    await vkVendor.channel.setUpWebhook(contextFor({}, state));

    expect(fake.callsOf("groups.getById")).toHaveLength(1);
    expect(fake.callbackServers).toHaveLength(1);
    const [server] = fake.callbackServers;
    expect(server).toMatchObject({ url: HOOK_URL, title: "Parley" });
    expect(server?.secret_key).toMatch(/^[0-9a-f]{32}$/);
    expect(server?.settings).toMatchObject({ api_version: "5.199", message_new: "1" });
    expect(state).toEqual({
      group_id: GROUP_ID,
      callback_server_id: server?.id,
      secret: server?.secret_key,
      confirmation_code: fake.confirmationCode,
    });
    // Every call was form-encoded with the version.
    for (const call of fake.calls) {
      expect(call.contentType).toBe("application/x-www-form-urlencoded");
      expect(call.params.v).toBe("5.199");
    }
  });

  it("uses auth_data's group id and secret when given", async () => {
    const state: Record<string, unknown> = {};
    await vkVendor.channel.setUpWebhook(contextFor({ group_id: GROUP_ID, secret: SECRET }, state));
    expect(fake.callsOf("groups.getById")).toEqual([]);
    expect(fake.callbackServers[0]?.secret_key).toBe(SECRET);
    expect(state.secret).toBe(SECRET);
  });

  it("reuses the server already registered for the hook URL, and aligns its secret", async () => {
    const state: Record<string, unknown> = {};
    await vkVendor.channel.setUpWebhook(contextFor({}, state));
    await vkVendor.channel.setUpWebhook(contextFor({}, state));
    expect(fake.callbackServers).toHaveLength(1);
    expect(fake.callsOf("groups.editCallbackServer")).toEqual([]);

    await vkVendor.channel.setUpWebhook(contextFor({ secret: "sx_new_secret" }, state));
    expect(fake.callbackServers).toHaveLength(1);
    expect(fake.callsOf("groups.editCallbackServer")).toHaveLength(1);
    expect(fake.callbackServers[0]?.secret_key).toBe("sx_new_secret");
  });

  it("tears down the server in state", async () => {
    const state: Record<string, unknown> = {};
    await vkVendor.channel.setUpWebhook(contextFor({}, state));
    const serverId = state.callback_server_id;
    await vkVendor.channel.tearDownWebhook(contextFor({}, state));
    expect(fake.callbackServers).toEqual([]);
    expect(fake.callsOf("groups.deleteCallbackServer")[0]?.params).toMatchObject({
      group_id: String(GROUP_ID),
      server_id: String(serverId),
    });
    expect(state.callback_server_id).toBeNull();
    // Again: nothing left to delete, and no error.
    await vkVendor.channel.tearDownWebhook(contextFor({}, state));
  });

  it("finds the server by its URL when the state has no server id", async () => {
    await vkVendor.channel.setUpWebhook(contextFor({}, {}));
    await vkVendor.channel.tearDownWebhook(contextFor({ group_id: GROUP_ID }, {}));
    expect(fake.callbackServers).toEqual([]);
  });
});

describe("vk adapter: profile and files", () => {
  it("reads the community the token belongs to", async () => {
    expect(await vkVendor.profile(contextFor())).toEqual({
      id: String(GROUP_ID),
      name: "Parley Test Community",
      username: "parley_test",
      avatar_url: fake.fileUrl("community_200.jpg"),
    });
    expect(fake.callsOf("groups.getById")[0]?.params.group_id).toBeUndefined();
  });

  it("a revoked token fails the profile as credentials_rejected", async () => {
    fake.revokeCredentials();
    expect((await rejection(vkVendor.profile(contextFor()))).kind).toBe("credentials_rejected");
  });

  it("downloads an attachment by its URL ref, without the token", async () => {
    const file = await vkVendor.fetchFile(contextFor(), fake.fileUrl("invoice.pdf"));
    expect(Buffer.from(file.bytes).toString()).toBe("%PDF-fake");
    expect(file.mimeType).toBe("application/pdf");
  });

  it("a missing file or a ref that is not a URL is file_not_found", async () => {
    expect(await rejection(vkVendor.fetchFile(contextFor(), fake.fileUrl("gone.jpg")))).toMatchObject({
      kind: "permanent",
      code: "file_not_found",
    });
    expect((await rejection(vkVendor.fetchFile(contextFor(), "photo123_456"))).code).toBe("file_not_found");
    expect((await rejection(vkVendor.fetchFile(contextFor(), "file:///etc/passwd"))).code).toBe(
      "file_not_found",
    );
  });
});

describe("vk fake as a VendorKit", () => {
  it("registers, confirms and delivers a text that parseInbound accepts", async () => {
    const kit = await vkKit.start();
    const state: Record<string, unknown> = {};
    let hookUrl = "";
    const context = () =>
      contextFor(kit.authData() as VkAuthData, state, { apiBaseUrl: kit.baseUrl, hookUrl });
    const hook = await adapterHookServer(vkVendor.channel, "vk", context);
    hookUrl = hook.url;
    try {
      expect(kit.env).toEqual({ PARLEY_VK_API_URL: kit.baseUrl });
      expect(kit.registersWebhook).toBe(true);
      await vkVendor.channel.setUpWebhook(context());
      expect(kit.registeredHookUrl()).toBe(hook.url);
      expect(await vkVendor.profile(context())).toMatchObject(kit.expectedProfile);

      const confirmation = await (kit as VkFake).confirm();
      expect(confirmation).toEqual({ status: 200, body: state.confirmation_code });

      const delivered = await kit.deliverText({
        text: "hello from VK",
        userId: "555",
        conversationId: "555",
      });
      expect(delivered).toEqual({ status: 200, body: "ok", conversationId: "555" });
      const captured = hook.captured.at(-1)!;
      expect(JSON.parse(captured.rawBody)).toMatchObject({
        type: "message_new",
        secret: state.secret,
        group_id: GROUP_ID,
      });
      const result = accepted(await vkVendor.channel.parseInbound(context(), captured));
      expect(result.messages).toMatchObject([
        {
          conversationId: "555",
          person: { externalId: "555" },
          text: "hello from VK",
          route: { peer_type: "user" },
        },
      ]);

      const forged = await kit.deliverText({ text: "forged", badProof: true });
      expect(forged.status).toBe(401);

      const sent = await vkVendor.channel.send(context(), {
        conversationId: "555",
        text: "reply",
        idempotencyKey: "r:0",
      });
      expect(kit.sent).toMatchObject([{ conversationId: "555", text: "reply" }]);
      expect(sent.externalMessageId).toMatch(/^\d+$/);
      expect(kit.textLimit).toBe(vkVendor.channel.textLimit.max);
    } finally {
      await hook.close();
      await kit.close();
    }
  });
});
