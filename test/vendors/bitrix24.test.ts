import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import type { Bitrix24AuthData } from "../../src/vendors/bitrix24/auth-data.js";
import { parseEventBody } from "../../src/vendors/bitrix24/event-body.js";
import { bitrix24 as bitrix24Vendor } from "../../src/vendors/bitrix24/index.js";
import { bitrix24CreateDealTool } from "../../src/vendors/bitrix24/tools/create-deal.js";
import type { InboundRequest, InboundResult } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { OAuthAccess, VendorContext } from "../../src/vendors/contract/vendor-context.js";
import type { IntegrationToolCall } from "../../src/vendors/contract/vendor-tool.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { Bitrix24Fake, phpForm } from "./fakes/bitrix24-fake.js";

const HOOK_URL = "http://127.0.0.1:9/hooks/bitrix24/int_b24";

let fake: Bitrix24Fake;

beforeEach(async () => {
  fake = await Bitrix24Fake.start();
});

afterEach(async () => {
  await fake.close();
});

type Context = VendorContext<Bitrix24AuthData>;

function contextFor(state: Record<string, unknown> = {}, overrides: Partial<Context> = {}): Context {
  return {
    integration: { id: "int_B24test", name: "Shop bot" },
    authData: { portal: fake.portal, client_id: fake.clientId, client_secret: fake.clientSecret },
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: "",
    hookUrl: HOOK_URL,
    fetch: globalThis.fetch,
    oauth: fake.oauth(),
    ...overrides,
  };
}

/** A context that knows the application token (as after a verified installation). */
const installed = (overrides: Partial<Context> = {}) =>
  contextFor({ application_token: fake.applicationToken, member_id: fake.memberId }, overrides);

function post(fields: Record<string, unknown>): InboundRequest {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody: phpForm(fields),
    query: {},
  };
}

/** An ONIMBOTMESSAGEADD event as Bitrix24 posts it (docs example shape). */
function messageEvent(params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    event: "ONIMBOTMESSAGEADD",
    event_handler_id: "403",
    data: {
      BOT: {
        "567": { BOT_ID: "567", BOT_CODE: "parley_int_b24test", application_token: fake.applicationToken },
      },
      PARAMS: {
        MESSAGE: "Hello",
        MESSAGE_TYPE: "P",
        FROM_USER_ID: "27",
        DIALOG_ID: "27",
        TO_CHAT_ID: "1407",
        AUTHOR_ID: "27",
        SYSTEM: "N",
        TO_USER_ID: "567",
        MESSAGE_ID: "84331",
        CHAT_TYPE: "P",
        ...params,
      },
      USER: { ID: "27", NAME: "Emily Smith", FIRST_NAME: "Emily", LAST_NAME: "Smith", IS_BOT: "N" },
    },
    ts: "1771928985",
    auth: {
      access_token: "a98b9d69",
      domain: fake.portal,
      member_id: fake.memberId,
      user_id: "27",
      application_token: fake.applicationToken,
    },
    ...extra,
  };
}

function accepted(result: InboundResult) {
  if (result.kind !== "accepted") throw new Error("expected the event to be accepted");
  return result;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (caught: unknown) => caught,
  );
}

const call: IntegrationToolCall = {
  projectId: "prj_1",
  threadId: "thr_1",
  chatId: "cht_1",
  person: { externalId: "27", name: "Emily Smith" },
};

describe("bitrix24 adapter: declaration", () => {
  it("declares route keys, a safe text limit, the bot capabilities and its tool", () => {
    expect(bitrix24Vendor.id).toBe("bitrix24");
    expect(bitrix24Vendor.channel.routeKeys).toEqual(["message_type", "line_id"]);
    expect(bitrix24Vendor.channel.textLimit).toEqual({ max: 10_000, unit: "chars" });
    expect(bitrix24Vendor.tools).toEqual([bitrix24CreateDealTool]);
    expect(bitrix24CreateDealTool.name).toBe("bitrix24_create_deal");
    expect(
      bitrix24Vendor.authData.safeParse({ portal: "acme.bitrix24.ru", application_token: "abc" }).success,
    ).toBe(true);
  });
});

describe("bitrix24 adapter: reading event bodies", () => {
  it("builds nested objects from PHP-style form keys", () => {
    const body = parseEventBody(
      "event=ONIMBOTMESSAGEADD&data%5BPARAMS%5D%5BMESSAGE%5D=Hi%20there&data%5BBOT%5D%5B567%5D%5BBOT_ID%5D=567&auth%5Bapplication_token%5D=t0k",
      "application/x-www-form-urlencoded",
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      event: "ONIMBOTMESSAGEADD",
      data: { PARAMS: { MESSAGE: "Hi there" }, BOT: { "567": { BOT_ID: "567" } } },
      auth: { application_token: "t0k" },
    });
  });

  it("reads JSON bodies too, appends `[]` keys, and ignores malformed keys", () => {
    expect(parseEventBody('{"event":"X","auth":{"application_token":"t"}}', "application/json")).toEqual({
      event: "X",
      auth: { application_token: "t" },
    });
    const body = parseEventBody("a[]=1&a[]=2&b[c=3&[d]=4&e]f[=5&g=6", undefined);
    expect(JSON.parse(JSON.stringify(body))).toEqual({ a: { "0": "1", "1": "2" }, g: "6" });
  });

  it("never lets a key reach a prototype, and bounds nesting", () => {
    const body = parseEventBody(
      "__proto__[polluted]=1&data[__proto__][x]=1&data[constructor][prototype][y]=2&a[b][c][d][e][f][g][h][i]=deep",
      undefined,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body ?? {}))).toEqual({ data: {} });
    expect(parseEventBody("", undefined)).toBeUndefined();
  });
});

describe("bitrix24 adapter: the installation event", () => {
  it("a verified ONAPPINSTALL is checked with the portal and its application token remembered", async () => {
    const state: Record<string, unknown> = {};
    const context = contextFor(state, { apiBaseUrl: fake.restBase, oauth: undefined });
    const hook = await adapterHookServer(bitrix24Vendor.channel, "bitrix24", () => context);
    try {
      const answer = await fake.install(hook.url, { client_endpoint: "http://169.254.169.254/rest/" });
      expect(answer.status).toBe(200);
      expect(state).toEqual({ application_token: fake.applicationToken, member_id: fake.memberId });
      // The portal (not the address the event names) was asked, with the event's own token.
      const [check] = fake.callsOf("app.info");
      expect(check?.tokenIn).toBe("body");
      expect(check?.token).toMatch(/^b24_/);
    } finally {
      await hook.close();
    }
  });

  it("rejects an install for another portal, with a token the portal refuses, or against a pinned token", async () => {
    const cases: Array<[Record<string, unknown>, Partial<Bitrix24AuthData>]> = [
      [{ domain: "evil.bitrix24.ru" }, {}],
      [{ access_token: "not-a-token-of-this-portal" }, {}],
      [{}, { application_token: "pinned_other_token" }],
      [{ application_token: "" }, {}],
    ];
    for (const [auth, authData] of cases) {
      const state: Record<string, unknown> = {};
      const base = contextFor(state, { apiBaseUrl: fake.restBase });
      const context = { ...base, authData: { ...base.authData, ...authData } };
      const hook = await adapterHookServer(bitrix24Vendor.channel, "bitrix24", () => context);
      try {
        expect((await fake.install(hook.url, auth)).status).toBe(401);
        expect(state).toEqual({});
      } finally {
        await hook.close();
      }
    }
  });

  it("never calls an address-literal portal from auth_data", async () => {
    let called = false;
    const context = contextFor(
      {},
      {
        authData: { portal: "127.0.0.1" },
        fetch: async () => {
          called = true;
          return new Response("{}");
        },
      },
    );
    const result = await bitrix24Vendor.channel.parseInbound(
      context,
      post({
        event: "ONAPPINSTALL",
        auth: { access_token: "x", member_id: "m", domain: "127.0.0.1", application_token: "t" },
      }),
    );
    expect(result).toEqual({ kind: "rejected" });
    expect(called).toBe(false);
  });
});

describe("bitrix24 adapter: verifying events", () => {
  it("accepts an event carrying the installed application token", async () => {
    const result = accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(messageEvent())));
    expect(result.messages).toHaveLength(1);
  });

  it("accepts the token pinned in auth_data without an installation", async () => {
    const base = contextFor();
    const context = { ...base, authData: { ...base.authData, application_token: fake.applicationToken } };
    expect(
      accepted(await bitrix24Vendor.channel.parseInbound(context, post(messageEvent()))).messages,
    ).toHaveLength(1);
  });

  it("rejects a wrong token, a missing token, any event before the token is known, and another portal's events", async () => {
    const wrong = messageEvent(
      {},
      { auth: { application_token: `${fake.applicationToken}x`, member_id: fake.memberId } },
    );
    expect(await bitrix24Vendor.channel.parseInbound(installed(), post(wrong))).toEqual({ kind: "rejected" });
    const missing = messageEvent({}, { auth: { member_id: fake.memberId } });
    expect(await bitrix24Vendor.channel.parseInbound(installed(), post(missing))).toEqual({
      kind: "rejected",
    });
    expect(await bitrix24Vendor.channel.parseInbound(contextFor(), post(messageEvent()))).toEqual({
      kind: "rejected",
    });
    const otherPortal = messageEvent(
      {},
      { auth: { application_token: fake.applicationToken, member_id: "0ther" } },
    );
    expect(await bitrix24Vendor.channel.parseInbound(installed(), post(otherPortal))).toEqual({
      kind: "rejected",
    });
    const empty: InboundRequest = { method: "POST", headers: {}, rawBody: "", query: {} };
    expect(await bitrix24Vendor.channel.parseInbound(installed(), empty)).toEqual({ kind: "rejected" });
  });

  it("uninstalling forgets the token; deleting the bot forgets the bot", async () => {
    const state: Record<string, unknown> = {
      application_token: fake.applicationToken,
      member_id: fake.memberId,
      bot_id: "567",
    };
    const context = contextFor(state);
    accepted(
      await bitrix24Vendor.channel.parseInbound(
        context,
        post({ ...messageEvent(), event: "ONIMBOTDELETE", data: { BOT_ID: "567" } }),
      ),
    );
    expect(state.bot_id).toBeUndefined();
    accepted(
      await bitrix24Vendor.channel.parseInbound(
        context,
        post({ ...messageEvent(), event: "ONAPPUNINSTALL", data: {} }),
      ),
    );
    expect(state.application_token).toBeUndefined();
    expect(await bitrix24Vendor.channel.parseInbound(context, post(messageEvent()))).toEqual({
      kind: "rejected",
    });
  });
});

describe("bitrix24 adapter: parsing messages", () => {
  it("normalises a private message: dialog, person, dedupe key per portal, route keys", async () => {
    const [message] = accepted(
      await bitrix24Vendor.channel.parseInbound(installed(), post(messageEvent())),
    ).messages;
    expect(message).toEqual({
      externalMessageId: `${fake.memberId}:84331`,
      conversationId: "27",
      person: { externalId: "27", name: "Emily Smith" },
      text: "Hello",
      attachments: [],
      route: { message_type: "P", line_id: "" },
    });
  });

  it("a group chat mention: the comma Bitrix24 leaves is dropped; an open line gives its line id", async () => {
    const group = messageEvent({
      MESSAGE: ", how to set up the left menu",
      MESSAGE_TYPE: "C",
      DIALOG_ID: "chat1157",
      CHAT_ID: "1157",
    });
    const [inGroup] = accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(group))).messages;
    expect(inGroup).toMatchObject({
      text: "how to set up the left menu",
      conversationId: "chat1157",
      route: { message_type: "C" },
    });
    const line = messageEvent({
      MESSAGE: "[b]Hi[/b], see [URL=https://shop.example/x]this[/URL][br]and [USER=5]Ann[/USER]",
      MESSAGE_TYPE: "L",
      DIALOG_ID: "chat2001",
      CHAT_ENTITY_TYPE: "LINES",
      CHAT_ENTITY_ID: "telegrambot|3|2001|44",
    });
    const [inLine] = accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(line))).messages;
    expect(inLine).toMatchObject({
      text: "Hi, see this (https://shop.example/x)\nand Ann",
      route: { message_type: "L", line_id: "3" },
    });
  });

  it("files become placeholders; system messages, bots' messages and other bots' events are dropped", async () => {
    const withFile = messageEvent({
      MESSAGE: "",
      FILES: { "991": { id: "991", type: "image", name: "bike.jpg" } },
    });
    const [file] = accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(withFile))).messages;
    expect(file).toMatchObject({
      text: "[photo: bike.jpg]",
      attachments: [{ kind: "photo", fileName: "bike.jpg" }],
    });

    const dropped = [
      messageEvent({ SYSTEM: "Y" }),
      messageEvent({ FROM_USER_ID: "567" }),
      messageEvent({ MESSAGE_ID: "" }),
      messageEvent({ MESSAGE: "" }),
    ];
    for (const event of dropped) {
      expect(accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(event))).messages).toEqual(
        [],
      );
    }
    const otherBot = installed();
    otherBot.state.bot_id = "999";
    expect(
      accepted(await bitrix24Vendor.channel.parseInbound(otherBot, post(messageEvent()))).messages,
    ).toEqual([]);
    const welcome = { ...messageEvent(), event: "ONIMBOTJOINCHAT" };
    expect(accepted(await bitrix24Vendor.channel.parseInbound(installed(), post(welcome))).messages).toEqual(
      [],
    );
  });
});

describe("bitrix24 adapter: the bot", () => {
  it("registers the bot with every handler on the hook URL and keeps its id; setting up again reuses it", async () => {
    const state: Record<string, unknown> = {};
    const context = contextFor(state);
    await bitrix24Vendor.channel.setUpWebhook(context);
    const [register] = fake.callsOf("imbot.register");
    expect(register?.params).toMatchObject({
      CODE: "parley_int_b24test",
      TYPE: "B",
      OPENLINE: "Y",
      EVENT_MESSAGE_ADD: HOOK_URL,
      EVENT_WELCOME_MESSAGE: HOOK_URL,
      EVENT_BOT_DELETE: HOOK_URL,
      PROPERTIES: { NAME: "Shop bot" },
    });
    expect(register?.tokenIn).toBe("body");
    expect(state.bot_id).toBe(String([...fake.bots.keys()][0]));

    const moved = contextFor({}, { hookUrl: "https://parley.example/hooks/bitrix24/int_B24test" });
    await bitrix24Vendor.channel.setUpWebhook(moved);
    expect(fake.callsOf("imbot.register")).toHaveLength(1);
    expect(fake.bots.size).toBe(1);
    expect(fake.registeredHookUrl()).toBe("https://parley.example/hooks/bitrix24/int_B24test");
    expect(moved.state.bot_id).toBe(state.bot_id);
  });

  it("an open-lines-only bot on request; a bad bot_type is a permanent failure", async () => {
    await bitrix24Vendor.channel.setUpWebhook(contextFor({}, { settings: { bot_type: "O" } }));
    expect(fake.callsOf("imbot.register")[0]?.params.TYPE).toBe("O");
    const error = await rejection(
      bitrix24Vendor.channel.setUpWebhook(contextFor({}, { settings: { bot_type: "X" } })),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "invalid_settings" });
  });

  it("without an OAuth connection nothing is called", async () => {
    const error = await rejection(bitrix24Vendor.channel.setUpWebhook(contextFor({}, { oauth: undefined })));
    expect(error).toMatchObject({ kind: "permanent", code: "oauth_not_connected" });
    expect(fake.calls).toEqual([]);
  });

  it("tearing down unregisters the bot; a bot already gone is fine", async () => {
    const state: Record<string, unknown> = {};
    await bitrix24Vendor.channel.setUpWebhook(contextFor(state));
    await bitrix24Vendor.channel.tearDownWebhook(contextFor(state));
    expect(fake.bots.size).toBe(0);
    expect(state.bot_id).toBeUndefined();
    await bitrix24Vendor.channel.tearDownWebhook(contextFor({ bot_id: "4242" }));
    expect(fake.callsOf("imbot.unregister")).toHaveLength(2);
  });
});

describe("bitrix24 adapter: sending", () => {
  async function registered(overrides: Partial<Context> = {}) {
    const state: Record<string, unknown> = {};
    await bitrix24Vendor.channel.setUpWebhook(contextFor(state));
    return contextFor(state, overrides);
  }

  it("sends from the bot into the dialog and returns Bitrix24's message id; typing too", async () => {
    const context = await registered();
    const sent = await bitrix24Vendor.channel.send(context, {
      conversationId: "chat1157",
      text: "Hello, Emily!",
      idempotencyKey: "m:0",
    });
    expect(sent.externalMessageId).toMatch(/^\d+$/);
    expect(fake.sent.at(-1)).toMatchObject({ conversationId: "chat1157", text: "Hello, Emily!" });
    expect(fake.callsOf("imbot.message.add")[0]?.params.BOT_ID).toBe(String(context.state.bot_id));
    await bitrix24Vendor.channel.sendTyping(context, "chat1157");
    expect(fake.typing).toEqual([{ botId: String(context.state.bot_id), dialogId: "chat1157" }]);
  });

  it("finds the bot by its code when its id was not saved", async () => {
    const context = await registered();
    const fresh = contextFor({});
    await bitrix24Vendor.channel.send(fresh, { conversationId: "27", text: "hi", idempotencyKey: "m:1" });
    expect(fresh.state.bot_id).toBe(context.state.bot_id);
    const none = await rejection(
      bitrix24Vendor.channel.send(contextFor({}, { integration: { id: "int_other", name: "x" } }), {
        conversationId: "27",
        text: "hi",
        idempotencyKey: "m:2",
      }),
    );
    expect(none).toMatchObject({ kind: "permanent", code: "bot_not_registered" });
  });

  it("QUERY_LIMIT_EXCEEDED is rate_limited with a one-second wait", async () => {
    const context = await registered();
    fake.rateLimitNextCalls(1, "imbot.message.add");
    const error = await rejection(
      bitrix24Vendor.channel.send(context, { conversationId: "27", text: "hi", idempotencyKey: "m:3" }),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 1000 });
  });

  it("an expired token is replaced once by a fresh one from the connection; a token that stays refused is credentials_rejected", async () => {
    const expired = fake.issueToken();
    fake.expire(expired);
    const tokens = [expired];
    const oauth = async (): Promise<OAuthAccess> => ({
      accessToken: tokens.shift() ?? fake.issueToken(),
      apiBase: fake.restBase,
      account: {},
    });
    const context = await registered({ oauth });
    await bitrix24Vendor.channel.send(context, {
      conversationId: "27",
      text: "after refresh",
      idempotencyKey: "m:4",
    });
    expect(fake.sent.at(-1)?.text).toBe("after refresh");

    const stuck = await registered({ oauth: fake.oauth({ fixed: expired }) });
    const error = await rejection(
      bitrix24Vendor.channel.send(stuck, { conversationId: "27", text: "x", idempotencyKey: "m:5" }),
    );
    expect(error).toMatchObject({ kind: "credentials_rejected" });
    expect(String((error as Error).message)).not.toContain(expired);
  });

  it("maps the portal's other refusals", async () => {
    const context = await registered();
    const send = () =>
      bitrix24Vendor.channel.send(context, { conversationId: "27", text: "x", idempotencyKey: "m:6" });
    const cases: Array<[number, string, Record<string, unknown>]> = [
      [401, "OVERLOAD_LIMIT", { kind: "transient", code: "vendor_blocked" }],
      [401, "insufficient_scope", { kind: "permanent", code: "insufficient_scope" }],
      [400, "BOT_ID_ERROR", { kind: "permanent", code: "bot_not_registered" }],
      [429, "OPERATION_TIME_LIMIT", { kind: "rate_limited", retryAfterMs: 60_000 }],
      [500, "INTERNAL_SERVER_ERROR", { kind: "transient" }],
      [400, "MESSAGE_EMPTY", { kind: "permanent", code: "vendor_rejected" }],
    ];
    for (const [status, code, expected] of cases) {
      fake.failNext("imbot.message.add", status, code, "as the portal says");
      expect(await rejection(send())).toMatchObject(expected);
    }
    fake.revokeCredentials();
    expect(await rejection(send())).toMatchObject({ kind: "credentials_rejected" });
  });

  it("PARLEY_BITRIX24_API_URL, when configured, stands in for the portal's endpoint", async () => {
    const context = await registered({
      oauth: async () => ({
        accessToken: fake.issueToken(),
        apiBase: "https://acme.bitrix24.ru/rest",
        account: {},
      }),
      apiBaseUrl: fake.restBase,
    });
    await bitrix24Vendor.channel.send(context, {
      conversationId: "27",
      text: "via the configured base",
      idempotencyKey: "m:7",
    });
    expect(fake.sent.at(-1)?.text).toBe("via the configured base");
  });
});

describe("bitrix24 adapter: bitrix24_create_deal", () => {
  const tool = bitrix24CreateDealTool;

  it("creates the contact with the conversation's name and a deal linked to it, and returns the ids", async () => {
    const context = contextFor(
      {},
      { settings: { deal_category_id: "3", deal_source_id: "WEB", deal_assigned_by_id: 7 } },
    );
    const input = tool.inputSchema.parse({
      phone: "+7 999 123-45-67",
      email: "emily@example.com",
      comment: "Two bikes, delivery on Friday",
      amount: 52000,
      currency: "RUB",
    });
    const result = (await tool.execute(context, input, call)) as Record<string, unknown>;
    expect(result).toMatchObject({ contact: "created", title: "Request from Emily Smith" });
    const contact = fake.contacts.get(result.contact_id as number);
    expect(contact).toMatchObject({
      NAME: "Emily Smith",
      PHONE: [{ VALUE: "+7 999 123-45-67", VALUE_TYPE: "WORK" }],
      EMAIL: [{ VALUE: "emily@example.com", VALUE_TYPE: "WORK" }],
    });
    expect(fake.deals.get(result.deal_id as number)).toMatchObject({
      TITLE: "Request from Emily Smith",
      CONTACT_ID: result.contact_id,
      COMMENTS: "Two bikes, delivery on Friday",
      OPPORTUNITY: 52000,
      CURRENCY_ID: "RUB",
      CATEGORY_ID: 3,
      SOURCE_ID: "WEB",
      ASSIGNED_BY_ID: 7,
      SOURCE_DESCRIPTION: "Parley conversation thr_1",
    });
  });

  it("a returning customer's contact is found by email or phone, not added twice", async () => {
    const context = contextFor();
    const first = (await tool.execute(
      context,
      tool.inputSchema.parse({ phone: "+79990001122" }),
      call,
    )) as Record<string, unknown>;
    const second = (await tool.execute(
      context,
      tool.inputSchema.parse({ phone: "+79990001122", name: "Emily S.", title: "Second order" }),
      call,
    )) as Record<string, unknown>;
    expect(second).toMatchObject({
      contact: "existing",
      contact_id: first.contact_id,
      title: "Second order",
    });
    expect(fake.contacts.size).toBe(1);
    expect(fake.deals.size).toBe(2);
  });

  it("without a phone or email the deal has no contact", async () => {
    const result = (await tool.execute(contextFor(), tool.inputSchema.parse({}), {
      ...call,
      person: null,
    })) as Record<string, unknown>;
    expect(result).toMatchObject({ contact: "none", contact_id: null, title: "Request from a chat" });
    expect(fake.callsOf("crm.contact.add")).toEqual([]);
  });

  it("the model's input is validated: unknown fields, a bad email or phone are refused before any call", () => {
    expect(tool.inputSchema.safeParse({ email: "not-an-email" }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ phone: "call me" }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ stage: "WON" }).success).toBe(false);
  });

  it("Bitrix24's refusal reaches the model as a ToolRefusal with its words; settings errors name the key", async () => {
    fake.failNext("crm.deal.add", 400, "", "Field STAGE_ID has an invalid value");
    const refused = await rejection(
      tool.execute(contextFor(), tool.inputSchema.parse({ email: "a@b.example" }), call),
    );
    expect(refused).toBeInstanceOf(ToolRefusal);
    expect((refused as Error).message).toContain("Field STAGE_ID has an invalid value");
    expect((refused as Error).message).toMatch(/Contact \d+ was created/);

    const badSetting = await rejection(
      tool.execute(contextFor({}, { settings: { deal_category_id: "main" } }), {}, call),
    );
    expect(badSetting).toBeInstanceOf(ToolRefusal);
    expect((badSetting as Error).message).toContain("settings.deal_category_id");

    fake.rateLimitNextCalls(1, "crm.deal.add");
    const limited = await rejection(tool.execute(contextFor(), {}, call));
    expect(limited).toBeInstanceOf(ToolRefusal);
    expect((limited as Error).message).toContain("try creating the deal again");
  });

  it("a refused token is a ChannelError the service turns into a lost connection", async () => {
    fake.revokeCredentials();
    const error = await rejection(tool.execute(contextFor(), {}, call));
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: "credentials_rejected" });
  });
});
