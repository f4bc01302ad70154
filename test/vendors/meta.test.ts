import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundRequest, OutboundMessage } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorDefinition } from "../../src/vendors/contract/vendor.js";
import type { ConnectorState, VendorContext } from "../../src/vendors/contract/vendor-context.js";
import { facebook as facebookVendor } from "../../src/vendors/facebook/index.js";
import { instagram as instagramVendor } from "../../src/vendors/instagram/index.js";
import { classifyGraphError } from "../../src/vendors/meta/graph-error.js";
import { hasValidSignature } from "../../src/vendors/meta/signature.js";
import { whatsapp as whatsappVendor } from "../../src/vendors/whatsapp/index.js";
import {
  type FakeGraph,
  facebookKit,
  hubSignature,
  instagramKit,
  type MetaProduct,
  metaJson,
  startFakeGraph,
  whatsappKit,
} from "./fakes/meta-fake.js";

// ---------------------------------------------------------------------------------------------
// Helpers

function contextFor<A>(fake: FakeGraph, authData: A): VendorContext<A> & { saved: ConnectorState } {
  const state: ConnectorState = {};
  return {
    integration: { id: "int_test", name: "Test" },
    authData,
    state,
    saved: state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.apiBaseUrl("v21.0"),
    hookUrl: `http://127.0.0.1:9/hooks/${fake.product.vendor}/int_test`,
    fetch: globalThis.fetch,
  };
}

/** A POST as Meta makes it: the payload serialised the Meta way and signed with `secret`. */
function signed(secret: string, payload: unknown): InboundRequest {
  const rawBody = typeof payload === "string" ? payload : metaJson(payload);
  return {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(secret, rawBody) },
    rawBody,
    query: {},
  };
}

function handshakeRequest(query: Record<string, string>): InboundRequest {
  return { method: "GET", headers: {}, rawBody: "", query };
}

async function channelError(promise: Promise<unknown>): Promise<ChannelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with a ChannelError");
}

let part = 0;
const outbound = (conversationId: string, text: string): OutboundMessage => ({
  conversationId,
  text,
  idempotencyKey: `msg_1:${part++}`,
});

const waAuth = (fake: FakeGraph) => whatsappVendor.authData.parse(fake.authData());
const fbAuth = (fake: FakeGraph) => facebookVendor.authData.parse(fake.authData());
const igAuth = (fake: FakeGraph) => instagramVendor.authData.parse(fake.authData());

// ---------------------------------------------------------------------------------------------
// Shared Meta rules

describe("Meta webhook verification", () => {
  const vectorBody = '{"object":"whatsapp_business_account","entry":[]}';
  const vectorSignature = "sha256=02fe0c96d28c59ddb7cf81eff0ca05809b360ba73b63c28210b5906a0a107d1f";

  it("matches the X-Hub-Signature-256 test vector over the raw body", () => {
    expect(hasValidSignature("app_secret_123", vectorBody, vectorSignature)).toBe(true);
    expect(hasValidSignature("app_secret_123", `${vectorBody} `, vectorSignature)).toBe(false);
    expect(hasValidSignature("app_secret_124", vectorBody, vectorSignature)).toBe(false);
    expect(hasValidSignature("app_secret_123", vectorBody, vectorSignature.replace("sha256=", "sha1="))).toBe(
      false,
    );
    expect(hasValidSignature("app_secret_123", vectorBody, vectorSignature.slice(0, -2))).toBe(false);
    expect(hasValidSignature("app_secret_123", vectorBody, undefined)).toBe(false);
    expect(hasValidSignature("app_secret_123", vectorBody, [vectorSignature, vectorSignature])).toBe(false);
  });

  it("the adapters accept the test vector and reject a wrong or missing signature", async () => {
    const fake = await startFakeGraph("whatsapp");
    try {
      const context = contextFor(fake, { ...waAuth(fake), app_secret: "app_secret_123" });
      const request: InboundRequest = {
        method: "POST",
        headers: { "x-hub-signature-256": vectorSignature },
        rawBody: vectorBody,
        query: {},
      };
      expect(await whatsappVendor.channel.parseInbound(context, request)).toEqual({
        kind: "accepted",
        messages: [],
      });
      const tampered = { ...request, rawBody: vectorBody.replace("[]", "[ ]") };
      expect(await whatsappVendor.channel.parseInbound(context, tampered)).toEqual({ kind: "rejected" });
      expect(await whatsappVendor.channel.parseInbound(context, { ...request, headers: {} })).toEqual({
        kind: "rejected",
      });
    } finally {
      await fake.close();
    }
  });

  it("verifies over the exact bytes Meta sent (\\u escapes), not a re-serialisation", async () => {
    const fake = await startFakeGraph("facebook");
    try {
      const auth = fbAuth(fake);
      const payload = {
        object: "page",
        entry: [
          {
            id: auth.page_id,
            time: 1,
            messaging: [
              {
                sender: { id: "7" },
                recipient: { id: auth.page_id },
                timestamp: 1,
                message: { mid: "m_1", text: "Привет 👋 a/b" },
              },
            ],
          },
        ],
      };
      const request = signed(auth.app_secret, payload);
      expect(request.rawBody).toContain("\\u041f");
      expect(request.rawBody).toContain("a\\/b");
      const result = await facebookVendor.channel.parseInbound(contextFor(fake, auth), request);
      expect(result).toMatchObject({ kind: "accepted", messages: [{ text: "Привет 👋 a/b" }] });
      // The same event signed over its plain JSON.stringify form does not verify against these bytes.
      const resigned = {
        ...request,
        headers: { "x-hub-signature-256": hubSignature(auth.app_secret, JSON.stringify(payload)) },
      };
      expect(await facebookVendor.channel.parseInbound(contextFor(fake, auth), resigned)).toEqual({
        kind: "rejected",
      });
    } finally {
      await fake.close();
    }
  });

  it.each([
    ["whatsapp", whatsappVendor],
    ["facebook", facebookVendor],
    ["instagram", instagramVendor],
  ] as const)(
    "%s answers the GET handshake with the raw challenge when the verify token matches",
    async (product, adapter) => {
      const fake = await startFakeGraph(product);
      try {
        const typed = adapter as unknown as VendorDefinition;
        const auth = typed.authData.parse(fake.authData());
        const context = contextFor(fake, auth);
        const verifyToken = String(auth.verify_token);
        const query = {
          "hub.mode": "subscribe",
          "hub.verify_token": verifyToken,
          "hub.challenge": "1158201444",
        };
        expect(typed.channel?.handshake?.(context, handshakeRequest(query))).toEqual({
          status: 200,
          contentType: "text/plain",
          body: "1158201444",
        });
        const wrongToken = { ...query, "hub.verify_token": `${verifyToken}x` };
        expect(typed.channel?.handshake?.(context, handshakeRequest(wrongToken))).toBe("rejected");
        expect(
          typed.channel?.handshake?.(context, handshakeRequest({ ...query, "hub.mode": "unsubscribe" })),
        ).toBe("rejected");
        const { "hub.challenge": _challenge, ...noChallenge } = query;
        expect(typed.channel?.handshake?.(context, handshakeRequest(noChallenge))).toBe("rejected");
        expect(typed.channel?.handshake?.(context, handshakeRequest({}))).toBe("rejected");
      } finally {
        await fake.close();
      }
    },
  );
});

describe("Graph error classification", () => {
  const error = (code: number, extra: Record<string, unknown> = {}) => ({
    error: { message: `(#${code}) something`, type: "OAuthException", code, fbtrace_id: "A1", ...extra },
  });
  const none = new Headers();

  it.each([4, 17, 32, 613, 80007, 130429, 131056])(
    "code %i is a rate limit, 60 s when no header says otherwise",
    (code) => {
      const classified = classifyGraphError(400, none, error(code), []);
      expect(classified).toMatchObject({ kind: "rate_limited", code: "rate_limited", retryAfterMs: 60_000 });
    },
  );

  it("takes the wait from Retry-After or X-Business-Use-Case-Usage", () => {
    expect(classifyGraphError(429, new Headers({ "retry-after": "12" }), error(613), []).retryAfterMs).toBe(
      12_000,
    );
    const usage = JSON.stringify({
      "100": [{ type: "messenger", call_count: 100, estimated_time_to_regain_access: 5 }],
    });
    const headers = new Headers({ "x-business-use-case-usage": usage });
    expect(classifyGraphError(400, headers, error(80006), []).retryAfterMs).toBe(300_000);
    expect(classifyGraphError(429, none, undefined, [])).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 60_000,
    });
  });

  it("code 190 and HTTP 401 reject the credentials", () => {
    expect(classifyGraphError(400, none, error(190, { error_subcode: 463 }), [])).toMatchObject({
      kind: "credentials_rejected",
    });
    expect(classifyGraphError(401, none, undefined, [])).toMatchObject({ kind: "credentials_rejected" });
  });

  it("the closed window, an unavailable recipient and an undeliverable message are permanent", () => {
    const permanent = (code: string) => ({ kind: "permanent", code });
    expect(classifyGraphError(400, none, error(131047), [])).toMatchObject(permanent("outside_window"));
    expect(classifyGraphError(400, none, error(10, { error_subcode: 2018278 }), [])).toMatchObject(
      permanent("outside_window"),
    );
    const windowMessage = {
      error: { message: "(#10) This message is sent outside of allowed window.", code: 10 },
    };
    expect(classifyGraphError(400, none, windowMessage, [])).toMatchObject(permanent("outside_window"));
    expect(classifyGraphError(400, none, error(551), [])).toMatchObject(permanent("recipient_unavailable"));
    expect(classifyGraphError(400, none, error(131026), [])).toMatchObject(permanent("undeliverable"));
    expect(classifyGraphError(400, none, error(100), [])).toMatchObject(permanent("vendor_rejected"));
    expect(classifyGraphError(403, none, error(10), [])).toMatchObject(permanent("vendor_rejected"));
  });

  it("5xx and Graph's temporary codes are transient", () => {
    expect(classifyGraphError(500, none, error(1), [])).toMatchObject({
      kind: "transient",
      code: "vendor_unavailable",
    });
    expect(classifyGraphError(503, none, undefined, [])).toMatchObject({ kind: "transient" });
    expect(classifyGraphError(400, none, error(2), [])).toMatchObject({ kind: "transient" });
  });

  it("never repeats a secret the vendor echoed", () => {
    const body = { error: { message: "Malformed access token sx_secret_token", code: 190 } };
    const classified = classifyGraphError(400, none, body, ["sx_secret_token"]);
    expect(classified.message).not.toContain("sx_secret_token");
    expect(classified.message).toContain("[redacted]");
  });
});

// ---------------------------------------------------------------------------------------------
// WhatsApp

describe("whatsapp adapter", () => {
  let fake: FakeGraph;
  beforeEach(async () => {
    fake = await startFakeGraph("whatsapp");
  });
  afterEach(async () => {
    await fake.close();
  });

  const PNID = "106540352242922";
  const event = (value: Record<string, unknown>, field = "messages") => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field,
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550001234", phone_number_id: PNID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const message = (id: string, type: string, body: Record<string, unknown>, timestamp = "1700000000") => ({
    from: "15551112222",
    id,
    timestamp,
    type,
    ...body,
  });
  const parse = async (payload: unknown) => {
    const auth = waAuth(fake);
    return whatsappVendor.channel.parseInbound(contextFor(fake, auth), signed(auth.app_secret, payload));
  };
  const parsedMessages = async (payload: unknown) => {
    const result = await parse(payload);
    if (result.kind !== "accepted") throw new Error("expected the event to be accepted");
    return result.messages;
  };

  it("declares its route key and text limit, and has no typing indicator", () => {
    expect(whatsappVendor.channel.routeKeys).toEqual(["phone_number_id"]);
    expect(whatsappVendor.channel.textLimit).toEqual({ max: 4096, unit: "chars" });
    expect("sendTyping" in whatsappVendor.channel).toBe(false);
  });

  it("parses a text message into the sender's conversation, named from contacts", async () => {
    const payload = event({
      contacts: [{ profile: { name: "Ann" }, wa_id: "15551112222" }],
      messages: [message("wamid.XXX", "text", { text: { body: "hi 👋" } })],
    });
    expect(await parse(payload)).toEqual({
      kind: "accepted",
      messages: [
        {
          externalMessageId: "wamid.XXX",
          conversationId: "15551112222",
          person: { externalId: "15551112222", name: "Ann" },
          text: "hi 👋",
          attachments: [],
          route: { phone_number_id: PNID },
        },
      ],
    });
  });

  it("drops status receipts, reactions, unknown types, other fields and other phone numbers; sorts by timestamp", async () => {
    const statuses = event({
      statuses: [
        { id: "wamid.OUT", status: "delivered", timestamp: "1700000001", recipient_id: "15551112222" },
      ],
    });
    expect(await parsedMessages(statuses)).toEqual([]);

    const mixed = event({
      messages: [
        message("wamid.LATE", "text", { text: { body: "second" } }, "1700000009"),
        message("wamid.R", "reaction", { reaction: { message_id: "wamid.OUT", emoji: "👍" } }),
        message("wamid.U", "unsupported", { errors: [{ code: 131051, title: "Message type unknown" }] }),
        message("wamid.X", "order", { order: { catalog_id: "1" } }),
        message("wamid.EARLY", "text", { text: { body: "first" } }, "1700000001"),
      ],
    });
    expect((await parsedMessages(mixed)).map((m) => m.externalMessageId)).toEqual([
      "wamid.EARLY",
      "wamid.LATE",
    ]);

    const otherNumber = event({ messages: [message("wamid.O", "text", { text: { body: "x" } })] });
    const value = (otherNumber.entry[0]!.changes[0]!.value as { metadata: { phone_number_id: string } })
      .metadata;
    value.phone_number_id = "999";
    expect(await parsedMessages(otherNumber)).toEqual([]);

    const otherField = event(
      { messages: [message("wamid.F", "text", { text: { body: "x" } })] },
      "account_update",
    );
    expect(await parsedMessages(otherField)).toEqual([]);
  });

  it("accepts malformed JSON and unknown shapes from a verified sender as no messages", async () => {
    expect(await parse("{not json")).toEqual({ kind: "accepted", messages: [] });
    expect(await parse("[1,2]")).toEqual({ kind: "accepted", messages: [] });
    expect(await parse({ object: "page", entry: [] })).toEqual({ kind: "accepted", messages: [] });
    expect(await parse({ object: "whatsapp_business_account", entry: "nope" })).toEqual({
      kind: "accepted",
      messages: [],
    });
  });

  it("gives non-text messages readable placeholders and attachment metadata", async () => {
    const payload = event({
      messages: [
        message("w1", "image", {
          image: { caption: "a red bike", mime_type: "image/jpeg", sha256: "x", id: "111" },
        }),
        message("w2", "audio", {
          audio: { mime_type: "audio/ogg; codecs=opus", sha256: "x", id: "222", voice: true },
        }),
        message("w3", "audio", { audio: { mime_type: "audio/mpeg", sha256: "x", id: "333" } }),
        message("w4", "video", { video: { mime_type: "video/mp4", sha256: "x", id: "444" } }),
        message("w5", "document", {
          document: {
            caption: "May",
            filename: "invoice.pdf",
            mime_type: "application/pdf",
            sha256: "x",
            id: "555",
          },
        }),
        message("w6", "sticker", {
          sticker: { mime_type: "image/webp", sha256: "x", id: "666", animated: false },
        }),
        message("w7", "location", { location: { latitude: 55.75, longitude: 37.61, name: "Red Square" } }),
        message("w8", "contacts", {
          contacts: [
            {
              name: { formatted_name: "Bob Lee", first_name: "Bob" },
              phones: [{ phone: "+1 555 0100", type: "CELL" }],
            },
          ],
        }),
        message("w9", "interactive", {
          interactive: { type: "button_reply", button_reply: { id: "yes", title: "Yes, please" } },
        }),
        message("w10", "interactive", {
          interactive: { type: "list_reply", list_reply: { id: "s", title: "Small", description: "10 cm" } },
        }),
        message("w11", "button", { button: { payload: "STOP", text: "Stop promotions" } }),
      ],
    });
    const parsed = await parsedMessages(payload);
    expect(parsed.map((m) => [m.externalMessageId, m.text])).toEqual([
      ["w1", "[photo: a red bike]"],
      ["w2", "[voice message]"],
      ["w3", "[audio]"],
      ["w4", "[video]"],
      ["w5", "[document: invoice.pdf, May]"],
      ["w6", "[sticker]"],
      ["w7", "[location: 55.75, 37.61, Red Square]"],
      ["w8", "[contact: Bob Lee, +1 555 0100]"],
      ["w9", "Yes, please"],
      ["w10", "Small"],
      ["w11", "Stop promotions"],
    ]);
    expect(parsed[0]!.attachments).toEqual([
      { kind: "photo", ref: "111", mimeType: "image/jpeg", caption: "a red bike" },
    ]);
    expect(parsed[1]!.attachments).toMatchObject([
      { kind: "voice", ref: "222", mimeType: "audio/ogg; codecs=opus" },
    ]);
    expect(parsed[2]!.attachments).toMatchObject([{ kind: "audio", ref: "333" }]);
    expect(parsed[3]!.attachments).toMatchObject([{ kind: "video", ref: "444", mimeType: "video/mp4" }]);
    expect(parsed[4]!.attachments).toMatchObject([
      { kind: "document", ref: "555", fileName: "invoice.pdf", caption: "May", mimeType: "application/pdf" },
    ]);
    expect(parsed[5]!.attachments).toMatchObject([{ kind: "sticker", ref: "666" }]);
    expect(parsed[6]!.attachments).toMatchObject([
      { kind: "location", latitude: 55.75, longitude: 37.61, caption: "Red Square" },
    ]);
    expect(parsed[7]!.attachments).toMatchObject([{ kind: "contact", caption: "Bob Lee, +1 555 0100" }]);
    expect(parsed[8]!.attachments).toEqual([]);
  });

  it("sends one text part to the wa_id and returns the wamid", async () => {
    const context = contextFor(fake, waAuth(fake));
    const result = await whatsappVendor.channel.send(context, outbound("15551112222", "Hello there"));
    expect(result.externalMessageId).toMatch(/^wamid\./);
    expect(fake.sent).toEqual([
      {
        conversationId: "15551112222",
        text: "Hello there",
        method: "POST",
        path: `/v21.0/${PNID}/messages`,
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: "15551112222",
          type: "text",
          text: { body: "Hello there", preview_url: false },
        },
      },
    ]);
    const call = fake.requests.at(-1)!;
    expect(call.headers.authorization).toBe(`Bearer ${waAuth(fake).access_token}`);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.query).toEqual({});
  });

  it("classifies the vendor's send errors", async () => {
    const auth = waAuth(fake);
    const context = contextFor(fake, auth);

    fake.rateLimitNextSends(1, 7);
    const limited = await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "a")));
    expect(limited).toMatchObject({ kind: "rate_limited", code: "rate_limited", retryAfterMs: 7000 });
    expect(limited.message).toContain("130429");
    await whatsappVendor.channel.send(context, outbound("15551112222", "a"));
    expect(fake.sent).toHaveLength(1);

    fake.failNext({
      status: 400,
      code: 131047,
      subcode: 2494010,
      message: "(#131047) Re-engagement message",
    });
    expect(
      await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "b"))),
    ).toMatchObject({
      kind: "permanent",
      code: "outside_window",
    });
    fake.failNext({ status: 400, code: 131026, message: "(#131026) Message Undeliverable." });
    expect(
      await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "c"))),
    ).toMatchObject({
      kind: "permanent",
      code: "undeliverable",
    });
    fake.failNext({
      status: 500,
      code: 131000,
      message: "(#131000) Something went wrong",
      type: "OAuthException",
    });
    expect(
      await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "d"))),
    ).toMatchObject({
      kind: "transient",
    });

    // Over the limit the fake refuses like WhatsApp: a permanent rejection.
    const tooLong = await channelError(
      whatsappVendor.channel.send(context, outbound("15551112222", "x".repeat(4097))),
    );
    expect(tooLong).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
    await whatsappVendor.channel.send(context, outbound("15551112222", "😀".repeat(4096)));

    fake.revokeCredentials();
    const revoked = await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "e")));
    expect(revoked).toMatchObject({ kind: "credentials_rejected", code: "invalid_access_token" });
    expect(revoked.message).not.toContain(auth.access_token);
    expect(await channelError(whatsappVendor.profile(context))).toMatchObject({
      kind: "credentials_rejected",
    });
    fake.restoreCredentials();
    expect(fake.sent).toHaveLength(2);
  });

  it("rejects a wrong token the way Graph does", async () => {
    const context = contextFor(fake, { ...waAuth(fake), access_token: "someone_elses_token" });
    const error = await channelError(whatsappVendor.channel.send(context, outbound("15551112222", "a")));
    expect(error).toMatchObject({ kind: "credentials_rejected" });
    expect(error.message).not.toContain("someone_elses_token");
  });

  it("subscribes the app to the WABA and unsubscribes it", async () => {
    const context = contextFor(fake, waAuth(fake));
    await whatsappVendor.channel.setUpWebhook(context);
    expect(fake.subscriptions.has("102290129340398")).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/102290129340398/subscribed_apps",
      version: "v21.0",
    });
    await whatsappVendor.channel.tearDownWebhook(context);
    expect(fake.subscriptions.has("102290129340398")).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: "/102290129340398/subscribed_apps",
    });
    expect(context.saved).toEqual({});

    const { business_account_id: _waba, ...withoutWaba } = waAuth(fake);
    const before = fake.requests.length;
    await whatsappVendor.channel.setUpWebhook(contextFor(fake, withoutWaba));
    await whatsappVendor.channel.tearDownWebhook(contextFor(fake, withoutWaba));
    expect(fake.requests.length).toBe(before);
  });

  it("reads the phone number's profile, with the business profile picture as avatar when readable", async () => {
    const context = contextFor(fake, waAuth(fake));
    expect(await whatsappVendor.profile(context)).toEqual({
      id: PNID,
      name: "Parley Test Business",
      username: "15550001234",
      avatar_url: fake.avatarUrl,
    });
    expect(fake.requests.map((r) => [r.path, r.query.fields])).toEqual([
      [`/${PNID}`, "id,display_phone_number,verified_name"],
      [`/${PNID}/whatsapp_business_profile`, "profile_picture_url"],
    ]);

    fake.failNext({
      status: 403,
      code: 200,
      message: "(#200) Permissions error",
      path: /whatsapp_business_profile/,
    });
    expect(await whatsappVendor.profile(context)).toEqual({
      id: PNID,
      name: "Parley Test Business",
      username: "15550001234",
    });
  });

  it("downloads media by id with the bearer token", async () => {
    const context = contextFor(fake, waAuth(fake));
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const mediaId = fake.addMedia(bytes, "image/jpeg");
    const file = await whatsappVendor.fetchFile(context, mediaId);
    expect(file.mimeType).toBe("image/jpeg");
    expect([...file.bytes]).toEqual([...bytes]);
    const download = fake.requests.at(-1)!;
    expect(download.path).toBe("/whatsapp_business/attachments/");
    expect(download.headers.authorization).toBe(`Bearer ${waAuth(fake).access_token}`);

    expect(await channelError(whatsappVendor.fetchFile(context, "../me"))).toMatchObject({
      kind: "permanent",
      code: "invalid_file_ref",
    });
    expect(await channelError(whatsappVendor.fetchFile(context, "424242"))).toMatchObject({
      kind: "permanent",
      code: "vendor_rejected",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Facebook Messenger

describe("facebook adapter", () => {
  let fake: FakeGraph;
  beforeEach(async () => {
    fake = await startFakeGraph("facebook");
  });
  afterEach(async () => {
    await fake.close();
  });

  const PAGE = "100000000000001";
  const PSID = "24000000000000001";
  const pageEvent = (events: unknown[], pageId = PAGE) => ({
    object: "page",
    entry: [{ id: pageId, time: 1700000000000, messaging: events }],
  });
  const fromCustomer = (body: Record<string, unknown>, timestamp = 1700000000000) => ({
    sender: { id: PSID },
    recipient: { id: PAGE },
    timestamp,
    ...body,
  });
  const parsedMessages = async (payload: unknown, auth = fbAuth(fake)) => {
    const result = await facebookVendor.channel.parseInbound(
      contextFor(fake, auth),
      signed(auth.app_secret, payload),
    );
    if (result.kind !== "accepted") throw new Error("expected the event to be accepted");
    return result.messages;
  };

  it("declares its route key and text limit", () => {
    expect(facebookVendor.channel.routeKeys).toEqual(["page_id"]);
    expect(facebookVendor.channel.textLimit).toEqual({ max: 2000, unit: "chars" });
  });

  it("parses a text message into the PSID's conversation", async () => {
    const payload = pageEvent([fromCustomer({ message: { mid: "m_1", text: "hello" } })]);
    expect(await parsedMessages(payload)).toEqual([
      {
        externalMessageId: "m_1",
        conversationId: PSID,
        person: { externalId: PSID },
        text: "hello",
        attachments: [],
        route: { page_id: PAGE },
      },
    ]);
  });

  it("drops echoes, the Page's own messages, receipts and other Pages' entries", async () => {
    const payload = pageEvent([
      {
        sender: { id: PAGE },
        recipient: { id: PSID },
        timestamp: 1,
        message: { mid: "m_echo", is_echo: true, text: "bot" },
      },
      { sender: { id: PAGE }, recipient: { id: PSID }, timestamp: 2, message: { mid: "m_own", text: "bot" } },
      fromCustomer({ message: { mid: "m_echo2", is_echo: true, text: "x" } }),
      fromCustomer({ delivery: { mids: ["m_echo"], watermark: 1 } }),
      fromCustomer({ read: { watermark: 1 } }),
      fromCustomer({ reaction: { mid: "m_echo", action: "react", reaction: "love" } }),
      fromCustomer({ referral: { ref: "ad", source: "ADS" } }),
      fromCustomer({ postback: { payload: "NO_TITLE" } }),
    ]);
    expect(await parsedMessages(payload)).toEqual([]);

    const otherPage = pageEvent([fromCustomer({ message: { mid: "m_2", text: "hi" } })], "200000000000002");
    expect(await parsedMessages(otherPage)).toEqual([]);
    const { page_id: _page, ...withoutPage } = fbAuth(fake);
    expect(await parsedMessages(otherPage, withoutPage)).toMatchObject([
      { externalMessageId: "m_2", route: { page_id: "200000000000002" } },
    ]);
  });

  it("takes a postback's button title as the text", async () => {
    const payload = pageEvent([
      fromCustomer({ postback: { mid: "m_pb", title: "Get Started", payload: "GET_STARTED" } }),
    ]);
    expect(await parsedMessages(payload)).toEqual([
      {
        externalMessageId: "postback:m_pb",
        conversationId: PSID,
        person: { externalId: PSID },
        text: "Get Started",
        attachments: [],
        route: { page_id: PAGE },
      },
    ]);
  });

  it("gives attachments readable placeholders", async () => {
    const cdn = "https://scontent.xx.fbcdn.net/v/t1/x.jpg?oh=1&oe=2";
    const payload = pageEvent([
      fromCustomer({ message: { mid: "a1", attachments: [{ type: "image", payload: { url: cdn } }] } }, 1),
      fromCustomer(
        {
          message: {
            mid: "a2",
            attachments: [{ type: "image", payload: { url: cdn, sticker_id: 369239263222822 } }],
          },
        },
        2,
      ),
      fromCustomer({ message: { mid: "a3", attachments: [{ type: "audio", payload: { url: cdn } }] } }, 3),
      fromCustomer({ message: { mid: "a4", attachments: [{ type: "video", payload: { url: cdn } }] } }, 4),
      fromCustomer({ message: { mid: "a5", attachments: [{ type: "file", payload: { url: cdn } }] } }, 5),
      fromCustomer(
        {
          message: {
            mid: "a6",
            attachments: [{ type: "location", payload: { coordinates: { lat: 55.75, long: 37.61 } } }],
          },
        },
        6,
      ),
      fromCustomer(
        {
          message: {
            mid: "a7",
            attachments: [{ type: "fallback", payload: { url: "https://example.com/a", title: "Example" } }],
          },
        },
        7,
      ),
      fromCustomer(
        {
          message: {
            mid: "a8",
            text: "look",
            attachments: [
              { type: "image", payload: { url: cdn } },
              { type: "image", payload: { url: cdn } },
            ],
          },
        },
        8,
      ),
    ]);
    const parsed = await parsedMessages(payload);
    expect(parsed.map((m) => [m.externalMessageId, m.text])).toEqual([
      ["a1", "[photo]"],
      ["a2", "[sticker]"],
      ["a3", "[voice message]"],
      ["a4", "[video]"],
      ["a5", "[document]"],
      ["a6", "[location: 55.75, 37.61]"],
      ["a7", "[link: Example]"],
      ["a8", "[photo]\n[photo]\nlook"],
    ]);
    // Files carry their CDN URL as the ref Parley downloads them by; links do not.
    expect(parsed[0]!.attachments).toEqual([{ kind: "photo", url: cdn, ref: cdn }]);
    expect(parsed[1]!.attachments).toEqual([{ kind: "sticker", url: cdn, ref: cdn }]);
    expect(parsed[2]!.attachments).toEqual([{ kind: "voice", url: cdn, ref: cdn }]);
    expect(parsed[5]!.attachments).toMatchObject([{ kind: "location", latitude: 55.75, longitude: 37.61 }]);
    expect(parsed[6]!.attachments).toEqual([
      { kind: "link", url: "https://example.com/a", caption: "Example" },
    ]);
    expect(parsed[7]!.attachments).toHaveLength(2);
  });

  it("sends through the Send API as the Page and returns the message id", async () => {
    const auth = fbAuth(fake);
    const result = await facebookVendor.channel.send(contextFor(fake, auth), outbound(PSID, "Hello"));
    expect(result.externalMessageId).toMatch(/^m_/);
    expect(fake.sent).toEqual([
      {
        conversationId: PSID,
        text: "Hello",
        method: "POST",
        path: `/v21.0/${PAGE}/messages`,
        body: { recipient: { id: PSID }, messaging_type: "RESPONSE", message: { text: "Hello" } },
      },
    ]);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${auth.access_token}`);

    const { page_id: _page, ...withoutPage } = auth;
    await facebookVendor.channel.send(contextFor(fake, withoutPage), outbound(PSID, "Again"));
    expect(fake.sent[1]!.path).toBe("/v21.0/me/messages");
  });

  it("shows typing with a sender action", async () => {
    await facebookVendor.channel.sendTyping(contextFor(fake, fbAuth(fake)), PSID);
    expect(fake.senderActions).toEqual([{ recipientId: PSID, action: "typing_on" }]);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/${PAGE}/messages`,
      body: { recipient: { id: PSID }, sender_action: "typing_on" },
    });
    expect(fake.sent).toEqual([]);
  });

  it("classifies the vendor's send errors", async () => {
    const auth = fbAuth(fake);
    const context = contextFor(fake, auth);
    fake.rateLimitNextSends(1, 3);
    const limited = await channelError(facebookVendor.channel.send(context, outbound(PSID, "a")));
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });
    expect(limited.message).toContain("613");

    fake.failNext({
      status: 400,
      code: 10,
      subcode: 2018278,
      message: "(#10) This message is sent outside of allowed window.",
    });
    expect(await channelError(facebookVendor.channel.send(context, outbound(PSID, "b")))).toMatchObject({
      kind: "permanent",
      code: "outside_window",
    });
    fake.failNext({
      status: 400,
      code: 551,
      subcode: 1545041,
      message: "(#551) This person isn't available right now.",
    });
    expect(await channelError(facebookVendor.channel.send(context, outbound(PSID, "c")))).toMatchObject({
      kind: "permanent",
      code: "recipient_unavailable",
    });
    expect(
      await channelError(facebookVendor.channel.send(context, outbound(PSID, "x".repeat(2001)))),
    ).toMatchObject({
      kind: "permanent",
      code: "vendor_rejected",
    });

    fake.revokeCredentials();
    const revoked = await channelError(facebookVendor.channel.send(context, outbound(PSID, "d")));
    expect(revoked).toMatchObject({ kind: "credentials_rejected" });
    expect(revoked.message).not.toContain(auth.access_token);
    expect(fake.sent).toEqual([]);
  });

  it("subscribes the app to the Page's messaging fields and unsubscribes it", async () => {
    const auth = fbAuth(fake);
    await facebookVendor.channel.setUpWebhook(contextFor(fake, auth));
    expect(fake.subscriptions.get(PAGE)).toEqual(["messages", "messaging_postbacks"]);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/${PAGE}/subscribed_apps`,
      query: { subscribed_fields: "messages,messaging_postbacks" },
    });
    await facebookVendor.channel.tearDownWebhook(contextFor(fake, auth));
    expect(fake.subscriptions.has(PAGE)).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/${PAGE}/subscribed_apps` });

    const { page_id: _page, ...withoutPage } = auth;
    await facebookVendor.channel.setUpWebhook(contextFor(fake, withoutPage));
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/me/subscribed_apps" });
    expect(fake.subscriptions.has(PAGE)).toBe(true);
  });

  it("reads the Page's profile with its picture", async () => {
    expect(await facebookVendor.profile(contextFor(fake, fbAuth(fake)))).toEqual({
      id: PAGE,
      name: "Parley Test Page",
      avatar_url: fake.avatarUrl,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/me",
      query: { fields: "id,name,picture" },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Instagram

describe("instagram adapter", () => {
  let fake: FakeGraph;
  beforeEach(async () => {
    fake = await startFakeGraph("instagram");
  });
  afterEach(async () => {
    await fake.close();
  });

  const ACCOUNT = "17841400000000000";
  const IGSID = "6200000000000001";
  const igEvent = (events: unknown[], accountId = ACCOUNT) => ({
    object: "instagram",
    entry: [{ id: accountId, time: 1700000000000, messaging: events }],
  });
  const fromCustomer = (body: Record<string, unknown>, timestamp = 1700000000000) => ({
    sender: { id: IGSID },
    recipient: { id: ACCOUNT },
    timestamp,
    ...body,
  });
  const parsedMessages = async (payload: unknown) => {
    const auth = igAuth(fake);
    const result = await instagramVendor.channel.parseInbound(
      contextFor(fake, auth),
      signed(auth.app_secret, payload),
    );
    if (result.kind !== "accepted") throw new Error("expected the event to be accepted");
    return result.messages;
  };

  it("declares its route key and a byte-counted text limit; registers no webhook", () => {
    expect(instagramVendor.channel.routeKeys).toEqual(["account_id"]);
    expect(instagramVendor.channel.textLimit).toEqual({ max: 1000, unit: "bytes" });
    expect("setUpWebhook" in instagramVendor.channel).toBe(false);
    expect("tearDownWebhook" in instagramVendor.channel).toBe(false);
  });

  it("parses a text message into the IGSID's conversation", async () => {
    expect(await parsedMessages(igEvent([fromCustomer({ message: { mid: "ig_1", text: "hey" } })]))).toEqual([
      {
        externalMessageId: "ig_1",
        conversationId: IGSID,
        person: { externalId: IGSID },
        text: "hey",
        attachments: [],
        route: { account_id: ACCOUNT },
      },
    ]);
  });

  it("drops echoes, the account's own messages, deleted and unsupported messages, other accounts and other events", async () => {
    const payload = igEvent([
      {
        sender: { id: ACCOUNT },
        recipient: { id: IGSID },
        timestamp: 1,
        message: { mid: "e1", text: "x", is_echo: true },
      },
      { sender: { id: ACCOUNT }, recipient: { id: IGSID }, timestamp: 2, message: { mid: "e2", text: "x" } },
      fromCustomer({ message: { mid: "e3", is_deleted: true } }),
      fromCustomer({ message: { mid: "e4", is_unsupported: true } }),
      fromCustomer({ read: { mid: "e2" } }),
      fromCustomer({ reaction: { mid: "e2", action: "react", reaction: "love", emoji: "❤️" } }),
    ]);
    expect(await parsedMessages(payload)).toEqual([]);
    expect(
      await parsedMessages(igEvent([fromCustomer({ message: { mid: "o1", text: "x" } })], "1784149999")),
    ).toEqual([]);
    expect(
      await parsedMessages(igEvent([fromCustomer({ message: { mid: "o2", text: "x" } })]).entry),
    ).toEqual([]);
  });

  it("gives Instagram attachments readable placeholders", async () => {
    const cdn = "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1&signature=abc";
    const payload = igEvent([
      fromCustomer({ message: { mid: "i1", attachments: [{ type: "image", payload: { url: cdn } }] } }, 1),
      fromCustomer({ message: { mid: "i2", attachments: [{ type: "share", payload: { url: cdn } }] } }, 2),
      fromCustomer(
        { message: { mid: "i3", attachments: [{ type: "story_mention", payload: { url: cdn } }] } },
        3,
      ),
      fromCustomer(
        {
          message: {
            mid: "i4",
            attachments: [{ type: "ig_reel", payload: { url: cdn, title: "Spring sale" } }],
          },
        },
        4,
      ),
      fromCustomer({ message: { mid: "i5", attachments: [{ type: "something_new", payload: {} }] } }, 5),
    ]);
    const parsed = await parsedMessages(payload);
    expect(parsed.map((m) => [m.externalMessageId, m.text])).toEqual([
      ["i1", "[photo]"],
      ["i2", "[shared post]"],
      ["i3", "[story mention]"],
      ["i4", "[reel: Spring sale]"],
      ["i5", "[attachment: something_new]"],
    ]);
    expect(parsed[1]!.attachments).toEqual([{ kind: "link", url: cdn }]);
    expect(parsed[3]!.attachments).toMatchObject([{ kind: "video", url: cdn, caption: "Spring sale" }]);
  });

  it("sends through /me/messages and shows typing", async () => {
    const auth = igAuth(fake);
    const context = contextFor(fake, auth);
    const result = await instagramVendor.channel.send(context, outbound(IGSID, "Hi ✨"));
    expect(result.externalMessageId).toMatch(/^m_/);
    expect(fake.sent).toEqual([
      {
        conversationId: IGSID,
        text: "Hi ✨",
        method: "POST",
        path: "/v21.0/me/messages",
        body: { recipient: { id: IGSID }, messaging_type: "RESPONSE", message: { text: "Hi ✨" } },
      },
    ]);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${auth.access_token}`);
    await instagramVendor.channel.sendTyping(context, IGSID);
    expect(fake.senderActions).toEqual([{ recipientId: IGSID, action: "typing_on" }]);
  });

  it("counts its limit in bytes and classifies the vendor's errors", async () => {
    const auth = igAuth(fake);
    const context = contextFor(fake, auth);
    await instagramVendor.channel.send(context, outbound(IGSID, "я".repeat(500)));
    expect(
      await channelError(instagramVendor.channel.send(context, outbound(IGSID, "я".repeat(501)))),
    ).toMatchObject({
      kind: "permanent",
      code: "vendor_rejected",
    });
    fake.rateLimitNextSends(2, 5);
    expect(await channelError(instagramVendor.channel.send(context, outbound(IGSID, "a")))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 5000,
    });
    expect(await channelError(instagramVendor.channel.send(context, outbound(IGSID, "a")))).toMatchObject({
      kind: "rate_limited",
    });
    fake.failNext({
      status: 400,
      code: 10,
      subcode: 2534022,
      message: "(#10) This message is sent outside of allowed window.",
    });
    expect(await channelError(instagramVendor.channel.send(context, outbound(IGSID, "b")))).toMatchObject({
      kind: "permanent",
      code: "outside_window",
    });
    fake.revokeCredentials();
    expect(await channelError(instagramVendor.channel.send(context, outbound(IGSID, "c")))).toMatchObject({
      kind: "credentials_rejected",
    });
    expect(fake.sent).toHaveLength(1);
  });

  it("reads the account's profile", async () => {
    expect(await instagramVendor.profile(contextFor(fake, igAuth(fake)))).toEqual({
      id: ACCOUNT,
      name: "Parley Test Shop",
      username: "parley_test_shop",
      avatar_url: fake.avatarUrl,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/${ACCOUNT}`,
      query: { fields: "id,username,name,profile_picture_url" },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The fakes as VendorKits

interface Captured {
  requests: InboundRequest[];
  url: string;
  close(): Promise<void>;
}

/** A tiny hook endpoint that records each request as the service would hand it to the adapter. */
async function captureServer(): Promise<Captured> {
  const requests: InboundRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      requests.push({
        method: request.method ?? "GET",
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        query: Object.fromEntries(url.searchParams),
      });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each([
  ["whatsapp", whatsappKit, whatsappVendor],
  ["facebook", facebookKit, facebookVendor],
  ["instagram", instagramKit, instagramVendor],
] as const)("the %s fake as a VendorKit", (product: MetaProduct, kit, adapter) => {
  it("delivers a signed text event the adapter accepts, and plays the vendor's part for sends", async () => {
    const typed = adapter as unknown as VendorDefinition;
    expect(kit.vendor).toBe(product);
    const fake = (await kit.start()) as FakeGraph;
    const hook = await captureServer();
    try {
      expect(fake.env).toEqual({ PARLEY_GRAPH_API_URL: fake.baseUrl });
      expect(fake.registersWebhook).toBe(false);
      expect(fake.textLimit).toBe(typed.channel?.textLimit?.max);
      const context = contextFor(fake, typed.authData.parse(fake.authData()));

      await typed.channel?.setUpWebhook?.(context);
      expect(fake.registeredHookUrl()).toBeUndefined();

      const hookUrl = `${hook.url}/hooks/${product}/int_test`;
      const delivered = await fake.deliverText({
        hookUrl,
        text: "Привет / hello 👋",
        userName: "Ann",
        messageId: "mid.1",
      });
      expect(delivered.status).toBe(200);
      const accepted = await typed.channel?.parseInbound?.(context, hook.requests[0]!);
      expect(accepted).toMatchObject({
        kind: "accepted",
        messages: [
          {
            externalMessageId: "mid.1",
            conversationId: delivered.conversationId,
            text: "Привет / hello 👋",
            person: { externalId: delivered.conversationId },
          },
        ],
      });
      expect(hook.requests[0]!.rawBody).not.toContain("Привет");

      await fake.deliverText({ hookUrl, text: "forged", badProof: true });
      expect(await typed.channel?.parseInbound?.(context, hook.requests[1]!)).toEqual({ kind: "rejected" });

      const challenge = await fake.handshake(hookUrl, { challenge: "987654321" });
      expect(challenge.status).toBe(200);
      expect(typed.channel?.handshake?.(context, hook.requests[2]!)).toEqual({
        status: 200,
        contentType: "text/plain",
        body: "987654321",
      });

      expect(await typed.profile?.(context)).toMatchObject(fake.expectedProfile);
      await typed.channel?.send?.(context, outbound(delivered.conversationId, "reply"));
      expect(fake.sent.map((s) => [s.conversationId, s.text])).toEqual([[delivered.conversationId, "reply"]]);

      fake.rateLimitNextSends(1, 2);
      expect(
        await channelError(typed.channel!.send!(context, outbound(delivered.conversationId, "again"))),
      ).toMatchObject({
        kind: "rate_limited",
        retryAfterMs: 2000,
      });
      fake.revokeCredentials();
      expect(
        await channelError(typed.channel!.send!(context, outbound(delivered.conversationId, "again"))),
      ).toMatchObject({
        kind: "credentials_rejected",
      });
      fake.restoreCredentials();
      await typed.channel?.send?.(context, outbound(delivered.conversationId, "again"));
      expect(fake.sent).toHaveLength(2);
    } finally {
      await hook.close();
      await fake.close();
    }
  });
});
