import { createHash, createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import {
  contentMd5,
  requestSignature,
  rfc2822Date,
  signedHeaders,
} from "../../src/vendors/amocrm/amojo-signature.js";
import type { AmocrmAuthData } from "../../src/vendors/amocrm/auth-data.js";
import { vendorMessage } from "../../src/vendors/amocrm/errors.js";
import { amocrm as amocrmVendor } from "../../src/vendors/amocrm/index.js";
import { amocrmCreateLeadTool, createLeadInput } from "../../src/vendors/amocrm/tools/create-lead.js";
import type { InboundRequest } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import type { IntegrationToolCall } from "../../src/vendors/contract/vendor-tool.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { AmocrmFake } from "./fakes/amocrm-fake.js";

let fake: AmocrmFake;

beforeEach(async () => {
  fake = await AmocrmFake.start();
});

afterEach(async () => {
  await fake.close();
});

type AmocrmContext = VendorContext<AmocrmAuthData>;

function contextFor(
  state: Record<string, unknown> = {},
  overrides: Partial<AmocrmContext> = {},
): AmocrmContext {
  return {
    integration: { id: "int_test", name: "Acme on amoCRM" },
    authData: fake.authData() as AmocrmAuthData,
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.baseUrl,
    hookUrl: "http://127.0.0.1:9/hooks/amocrm/int_test",
    fetch: globalThis.fetch,
    ...(fake.contextExtras() as Partial<AmocrmContext>),
    ...overrides,
  };
}

/** A context whose channel is connected to the fake's account. */
async function connected(overrides: Partial<AmocrmContext> = {}): Promise<AmocrmContext> {
  const context = contextFor({}, overrides);
  await amocrmVendor.channel.setUpWebhook(context);
  return context;
}

const sign = (secret: string, body: string) => createHmac("sha1", secret).update(body).digest("hex");

function hook(body: unknown, secret = fake.channelSecret): InboundRequest {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  return {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": sign(secret, rawBody) },
    rawBody,
    query: {},
  };
}

function messageHook(message: Record<string, unknown> = {}, accountId: string = fake.amojoId) {
  return {
    account_id: accountId,
    time: 1_639_572_261,
    message: {
      receiver: { id: "2ed64e26-70a1-4857-8382-bb066a076219", phone: "", email: "" },
      sender: { id: "76fc2bea-902f-425c-9a3d-dcdac4766090" },
      conversation: { id: "8e4d4baa-9e6c-4a88-838a-5f62be227bdc" },
      source: { external_id: "78001234567" },
      timestamp: 1_639_572_260,
      msec_timestamp: 1_639_572_260_980,
      message: { id: "0371a0ff-b78a-4c7b-8538-a7d547e10692", type: "text", text: "What is the price?" },
      ...message,
    },
  };
}

const CONVERSATION = "8e4d4baa-9e6c-4a88-838a-5f62be227bdc:2ed64e26-70a1-4857-8382-bb066a076219";

async function failure(promise: Promise<unknown> | undefined): Promise<unknown> {
  return (promise ?? Promise.resolve()).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("amoCRM Chats API request signing", () => {
  it("hashes the exact body as amoCRM's documented example does", () => {
    // amoCRM's Chats API docs (connect example): this body has Content-MD5 a5e8ae04….
    const body =
      '{"account_id":"af9945ff-1490-4cad-807d-945c15d88bec","title":"ScopeTitle","hook_api_version":"v2"}';
    expect(contentMd5(body)).toBe("a5e8ae04332a6d0aac15f01ad05d40e3");
    expect(contentMd5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });

  it("signs METHOD, Content-MD5, Content-Type, Date and path with HMAC-SHA1 of the channel secret", () => {
    const secret = "5a44c5dff55f3c15a4cce8d7c4cc27e207c7e189";
    const path = "/v2/origin/custom/f90ba33d-c9d9-44da-b76c-c349b0ecbe41/connect";
    const date = "Thu, 29 Oct 2020 11:59:55 +0000";
    const body =
      '{"account_id":"af9945ff-1490-4cad-807d-945c15d88bec","title":"ScopeTitle","hook_api_version":"v2"}';
    // Computed here, independently of the adapter: the documented string, hashed by node:crypto.
    const md5 = createHash("md5").update(body).digest("hex");
    const expected = createHmac("sha1", secret)
      .update(`POST\n${md5}\napplication/json\n${date}\n${path}`)
      .digest("hex");
    // The same string through `openssl dgst -sha1 -hmac <secret>`.
    expect(expected).toBe("e0dcc1936d766a7d5f53fe19887fafa50bef92e0");
    expect(
      requestSignature(secret, {
        method: "post",
        path,
        contentMd5: md5,
        contentType: "application/json",
        date,
      }),
    ).toBe(expected);

    const headers = signedHeaders(secret, "POST", path, body, new Date("2020-10-29T11:59:55Z"));
    expect(headers).toEqual({
      Date: date,
      "Content-Type": "application/json",
      "Content-MD5": "a5e8ae04332a6d0aac15f01ad05d40e3",
      "X-Signature": expected,
    });
  });

  it("writes the Date as RFC 2822 in UTC", () => {
    expect(rfc2822Date(new Date("2020-10-03T15:11:21.999Z"))).toBe("Sat, 03 Oct 2020 15:11:21 +0000");
  });
});

describe("connecting the channel", () => {
  it("reads the account's amojo_id with the OAuth token and connects the channel, keeping the scope", async () => {
    const context = await connected();
    const scopeId = `${fake.channelId}_${fake.amojoId}`;
    expect(context.state).toEqual({ amojo_id: fake.amojoId, scope_id: scopeId, channel_id: fake.channelId });
    expect(amocrmVendor.channel.hookKey(context)).toBe(scopeId);
    expect(fake.scopes.has(scopeId)).toBe(true);

    const account = fake.requestsTo("/api/v4/account")[0];
    expect(account?.query).toEqual({ with: "amojo_id" });
    expect(account?.headers.authorization).toMatch(/^Bearer amo_/);
    const connect = fake.requestsTo(`/v2/origin/custom/${fake.channelId}/connect`)[0];
    expect(connect?.body).toEqual({
      account_id: fake.amojoId,
      title: "Acme on amoCRM",
      hook_api_version: "v2",
    });
    // The fake checked the signature; the request carried no OAuth token to the Chats API.
    expect(connect?.headers.authorization).toBeUndefined();
    expect(connect?.headers["content-md5"]).toBe(contentMd5(connect?.rawBody ?? "x"));
  });

  it("connecting again keeps the same scope", async () => {
    const context = await connected();
    await amocrmVendor.channel.setUpWebhook(context);
    expect(context.state.scope_id).toBe(`${fake.channelId}_${fake.amojoId}`);
    expect(fake.requestsTo(`/v2/origin/custom/${fake.channelId}/connect`)).toHaveLength(2);
  });

  it("without the server's channel the connection fails permanently, naming the variables", async () => {
    const error = await failure(amocrmVendor.channel.setUpWebhook(contextFor({}, { vendorConfig: {} })));
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: "permanent", code: "channel_not_configured" });
    expect((error as Error).message).toContain("PARLEY_AMOCRM_CHANNEL_SECRET");
    expect(fake.requests).toEqual([]);
  });

  it("a channel secret amoCRM does not accept is refused credentials", async () => {
    const context = contextFor(
      {},
      { vendorConfig: { channel_id: fake.channelId, channel_secret: "0".repeat(40) } },
    );
    const error = await failure(amocrmVendor.channel.setUpWebhook(context));
    expect(error).toMatchObject({ kind: "credentials_rejected" });
    expect(context.state.scope_id).toBeUndefined();
  });

  it("an unknown channel id is a permanent failure", async () => {
    const context = contextFor(
      {},
      { vendorConfig: { channel_id: "no-such-channel", channel_secret: fake.channelSecret } },
    );
    expect(await failure(amocrmVendor.channel.setUpWebhook(context))).toMatchObject({
      kind: "permanent",
      code: "not_found",
    });
  });

  it("a revoked OAuth token is refused credentials before the channel is touched", async () => {
    fake.revokeCredentials();
    expect(await failure(amocrmVendor.channel.setUpWebhook(contextFor()))).toMatchObject({
      kind: "credentials_rejected",
    });
    expect(fake.requests.some((request) => request.path.includes("/connect"))).toBe(false);
  });

  it("without an OAuth connection it fails without calling amoCRM", async () => {
    const error = await failure(amocrmVendor.channel.setUpWebhook(contextFor({}, { oauth: undefined })));
    expect(error).toMatchObject({ kind: "permanent", code: "oauth_not_available" });
    expect(fake.requests).toEqual([]);
  });

  it("disconnecting sends the signed DELETE …/disconnect; nothing when never connected", async () => {
    await amocrmVendor.channel.tearDownWebhook(contextFor());
    expect(fake.requests).toEqual([]);

    const context = await connected();
    await amocrmVendor.channel.tearDownWebhook(context);
    const disconnect = fake.requestsTo(`/v2/origin/custom/${fake.channelId}/disconnect`);
    expect(disconnect.map((request) => [request.method, request.body])).toEqual([
      ["DELETE", { account_id: fake.amojoId }],
    ]);
    expect(fake.scopes.size).toBe(0);
  });
});

describe("inbound webhooks", () => {
  it("a signed message written in amoCRM becomes a message from its writer, in the chat with its client", async () => {
    const context = await connected();
    const result = await amocrmVendor.channel.parseInbound(context, hook(messageHook()));
    expect(result).toEqual({
      kind: "accepted",
      messages: [
        {
          externalMessageId: "0371a0ff-b78a-4c7b-8538-a7d547e10692",
          conversationId: CONVERSATION,
          person: { externalId: "76fc2bea-902f-425c-9a3d-dcdac4766090" },
          text: "What is the price?",
          attachments: [],
          route: { sender_id: "76fc2bea-902f-425c-9a3d-dcdac4766090", source_id: "78001234567" },
        },
      ],
    });
  });

  it("verifies the signature over the exact bytes the fake amoCRM posts", async () => {
    const context = await connected();
    const server = await adapterHookServer(amocrmVendor.channel, "amocrm", () => context);
    try {
      const delivered = await fake.deliverText({
        hookUrl: server.url,
        userId: "u-1",
        text: "hello from amo",
      });
      expect(delivered.status).toBe(200);
      const forged = await fake.deliverText({
        hookUrl: server.url,
        userId: "u-1",
        text: "forged",
        badProof: true,
      });
      expect(forged.status).toBe(401);
      const parsed = await amocrmVendor.channel.parseInbound(context, server.captured[0] as InboundRequest);
      expect(parsed).toMatchObject({
        kind: "accepted",
        messages: [
          { text: "hello from amo", conversationId: delivered.conversationId, person: { externalId: "u-1" } },
        ],
      });
    } finally {
      await server.close();
    }
  });

  it("rejects a wrong or missing signature, a changed body, and a hook without a configured channel", async () => {
    const context = await connected();
    const body = JSON.stringify(messageHook());
    expect(await amocrmVendor.channel.parseInbound(context, hook(body, "f".repeat(40)))).toEqual({
      kind: "rejected",
    });
    const tampered = { ...hook(body), rawBody: body.replace("price", "prize") };
    expect(await amocrmVendor.channel.parseInbound(context, tampered)).toEqual({ kind: "rejected" });
    const unsigned = { ...hook(body), headers: { "content-type": "application/json" } };
    expect(await amocrmVendor.channel.parseInbound(context, unsigned)).toEqual({ kind: "rejected" });
    expect(await amocrmVendor.channel.parseInbound({ ...context, vendorConfig: {} }, hook(body))).toEqual({
      kind: "rejected",
    });
  });

  it("a signed hook of another account, or before the channel is connected, is not this integration's", async () => {
    const context = await connected();
    expect(
      await amocrmVendor.channel.parseInbound(context, hook(messageHook({}, "another-account"))),
    ).toEqual({
      kind: "rejected",
    });
    expect(await amocrmVendor.channel.parseInbound(contextFor(), hook(messageHook()))).toEqual({
      kind: "rejected",
    });
  });

  it("a signed hook that is not a message, or not JSON, is accepted with no message", async () => {
    const context = await connected();
    const typing = { account_id: fake.amojoId, time: 1, typing: { conversation: { id: "c" } } };
    expect(await amocrmVendor.channel.parseInbound(context, hook(typing))).toEqual({
      kind: "accepted",
      messages: [],
    });
    expect(await amocrmVendor.channel.parseInbound(context, hook("not json"))).toEqual({
      kind: "accepted",
      messages: [],
    });
    const noIds = messageHook({ conversation: {} });
    expect(await amocrmVendor.channel.parseInbound(context, hook(noIds))).toEqual({
      kind: "accepted",
      messages: [],
    });
  });

  it("files, voice, locations and contacts become placeholders with their attachment", async () => {
    const context = await connected();
    const parse = async (message: Record<string, unknown>) => {
      const result = await amocrmVendor.channel.parseInbound(
        context,
        hook(messageHook({ message: { id: "m", ...message } })),
      );
      return result.kind === "accepted" ? result.messages[0] : undefined;
    };
    const media = "https://amojo.amocrm.ru/attachments/image.jpg";
    expect(await parse({ type: "picture", text: "my broken bike", media })).toMatchObject({
      text: "[photo: my broken bike]",
      attachments: [{ kind: "photo", ref: media, url: media, caption: "my broken bike" }],
    });
    expect(
      await parse({ type: "file", text: "", media, file_name: "invoice.pdf", file_size: 1024 }),
    ).toMatchObject({
      text: "[document: invoice.pdf]",
      attachments: [{ kind: "document", fileName: "invoice.pdf" }],
    });
    expect(await parse({ type: "voice", media })).toMatchObject({ text: "[voice message]" });
    expect(await parse({ type: "location", location: { lat: 55.75, lon: 37.61 } })).toMatchObject({
      text: "[location: 55.75, 37.61]",
      attachments: [{ kind: "location", latitude: 55.75, longitude: 37.61 }],
    });
    expect(await parse({ type: "contact", contact: { name: "Ann", phone: "+15551112222" } })).toMatchObject({
      text: "[contact: Ann, +15551112222]",
    });
    expect(await parse({ type: "hologram" })).toMatchObject({
      text: "[hologram message]",
      attachments: [{ kind: "other" }],
    });
    // A media link that is not http(s) is not kept as a ref.
    expect(await parse({ type: "picture", media: "file:///etc/passwd" })).toMatchObject({
      attachments: [{ kind: "photo", ref: undefined }],
    });
  });

  it("downloads a message's file from its media link, without credentials", async () => {
    const url = fake.putFile("photo.jpg", Buffer.from("jpeg-bytes"), "image/jpeg");
    const file = await amocrmVendor.fetchFile(contextFor(), url);
    expect(Buffer.from(file.bytes).toString()).toBe("jpeg-bytes");
    expect(file.mimeType).toBe("image/jpeg");
    expect(fake.requestsTo("/attachments/photo.jpg")[0]?.headers.authorization).toBeUndefined();
  });
});

describe("sending", () => {
  it("posts the reply into the amoCRM chat as its client, signed, linked by conversation_ref_id", async () => {
    const context = await connected({ settings: { sender_name: "Acme assistant" } });
    const sent = await amocrmVendor.channel.send(context, {
      conversationId: CONVERSATION,
      text: "It costs 500 ₽.",
      idempotencyKey: "msg_abc:0",
    });
    expect(sent.externalMessageId).toEqual(expect.any(String));
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.conversationId).toBe(CONVERSATION);
    const body = fake.sent[0]?.body as { event_type: string; payload: Record<string, unknown> };
    expect(body.event_type).toBe("new_message");
    expect(body.payload).toMatchObject({
      msgid: "parley-msg_abc:0",
      conversation_id: "parley-8e4d4baa-9e6c-4a88-838a-5f62be227bdc",
      conversation_ref_id: "8e4d4baa-9e6c-4a88-838a-5f62be227bdc",
      sender: {
        id: "parley-2ed64e26-70a1-4857-8382-bb066a076219",
        ref_id: "2ed64e26-70a1-4857-8382-bb066a076219",
        name: "Acme assistant",
      },
      message: { type: "text", text: "It costs 500 ₽." },
      silent: false,
    });
    expect(body.payload.receiver).toBeUndefined();
    expect(fake.sent[0]?.path).toBe(`/v2/origin/custom/${fake.channelId}_${fake.amojoId}`);
  });

  it("writes under the integration's name when no sender_name is set", async () => {
    const context = await connected();
    await amocrmVendor.channel.send(context, {
      conversationId: CONVERSATION,
      text: "Hi",
      idempotencyKey: "m:0",
    });
    const body = fake.sent[0]?.body as { payload: { sender: { name: string } } } | undefined;
    expect(body?.payload.sender.name).toBe("Acme on amoCRM");
  });

  it("shows typing in the chat", async () => {
    const context = await connected();
    await amocrmVendor.channel.sendTyping(context, CONVERSATION);
    expect(fake.typing).toEqual([
      {
        conversation_id: "parley-8e4d4baa-9e6c-4a88-838a-5f62be227bdc",
        sender: { id: "parley-2ed64e26-70a1-4857-8382-bb066a076219" },
      },
    ]);
  });

  it("maps amoCRM's answers onto ChannelError kinds", async () => {
    const context = await connected();
    const part = (text: string) => ({ conversationId: CONVERSATION, text, idempotencyKey: `k:${text}` });

    fake.rateLimitNextSends(1, 3);
    const limited = await failure(amocrmVendor.channel.send(context, part("fast")));
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });

    const invalid = await failure(amocrmVendor.channel.send(context, part("")));
    expect(invalid).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
    expect((invalid as Error).message).toContain("Invalid payload");

    const notAConversation = await failure(
      amocrmVendor.channel.send(context, { conversationId: "no-colon", text: "x", idempotencyKey: "k" }),
    );
    expect(notAConversation).toMatchObject({ kind: "permanent", code: "conversation_not_found" });

    const unavailable = await failure(
      amocrmVendor.channel.send(
        { ...context, fetch: async () => new Response("oops", { status: 502 }) },
        part("down"),
      ),
    );
    expect(unavailable).toMatchObject({ kind: "transient", code: "vendor_unavailable" });

    fake.revokeCredentials();
    expect(await failure(amocrmVendor.channel.send(context, part("refused")))).toMatchObject({
      kind: "credentials_rejected",
    });
  });

  it("a channel not connected yet cannot send", async () => {
    const error = await failure(
      amocrmVendor.channel.send(contextFor(), {
        conversationId: CONVERSATION,
        text: "x",
        idempotencyKey: "k",
      }),
    );
    expect(error).toMatchObject({ kind: "permanent", code: "channel_not_connected" });
    expect(fake.requests).toEqual([]);
  });
});

describe("amoCRM error bodies", () => {
  it("reads problem+json with its validation errors", () => {
    expect(
      vendorMessage(
        JSON.stringify({
          title: "Bad Request",
          detail: "Request validation failed",
          "validation-errors": [
            { request_id: "0", errors: [{ code: "InvalidType", path: "price", detail: "int" }] },
          ],
        }),
      ),
    ).toBe("Request validation failed; price: int");
    expect(vendorMessage("<html>")).toBe("");
  });
});

describe("the amocrm_create_lead tool", () => {
  const tool = amocrmCreateLeadTool;
  const call: IntegrationToolCall = {
    projectId: "prj_1",
    threadId: "thr_1",
    chatId: "cht_1",
    person: { externalId: "5001", name: "Ann Lee" },
  };

  it("is offered as amocrm_create_lead and validates its input", () => {
    expect(amocrmVendor.tools).toEqual([tool]);
    expect(tool.name).toBe("amocrm_create_lead");
    expect(createLeadInput.safeParse({ email: "not an email" }).success).toBe(false);
    expect(createLeadInput.safeParse({ price: -5 }).success).toBe(false);
    expect(createLeadInput.safeParse({ price: 1.5 }).success).toBe(false);
    expect(createLeadInput.safeParse({ extra: 1 }).success).toBe(false);
    expect(createLeadInput.safeParse({ phone: "+7 (999) 123-45-67", price: 500 }).success).toBe(true);
  });

  it("creates the lead with its contact and note, and returns its id and link", async () => {
    const context = contextFor(
      {},
      {
        settings: {
          lead_pipeline_id: 3383152,
          lead_status_id: "33929752",
          lead_responsible_user_id: 2004184,
        },
      },
    );
    const result = await tool.execute(
      context,
      createLeadInput.parse({
        phone: "+79123456789",
        email: "ann@example.com",
        price: 3422,
        note: "Two bikes, delivery on Friday",
      }),
      call,
    );
    const lead = fake.leads[0];
    expect(result).toEqual({
      lead_id: lead?.id,
      url: `${fake.baseUrl}/leads/detail/${lead?.id}`,
      title: "Request from Ann Lee",
      contact_id: lead?.contactId,
      contact: "created",
      note: "added",
    });
    expect(lead?.body).toEqual({
      name: "Request from Ann Lee",
      price: 3422,
      pipeline_id: 3383152,
      status_id: 33929752,
      responsible_user_id: 2004184,
      _embedded: {
        contacts: [
          {
            name: "Ann Lee",
            custom_fields_values: [
              { field_code: "PHONE", values: [{ enum_code: "WORK", value: "+79123456789" }] },
              { field_code: "EMAIL", values: [{ enum_code: "WORK", value: "ann@example.com" }] },
            ],
            responsible_user_id: 2004184,
          },
        ],
      },
    });
    expect(lead?.notes).toEqual(["Two bikes, delivery on Friday"]);
    expect(fake.requestsTo("/api/v4/leads/complex")[0]?.headers.authorization).toMatch(/^Bearer amo_/);
  });

  it("the given name and title win over the conversation's person; no note, no note call", async () => {
    await tool.execute(
      contextFor(),
      { name: "Boris", title: "Order: 2 bikes", email: "b@example.com" },
      call,
    );
    expect(fake.leads[0]?.body).toMatchObject({
      name: "Order: 2 bikes",
      _embedded: { contacts: [{ name: "Boris" }] },
    });
    expect(fake.requests.filter((request) => request.path.endsWith("/notes"))).toEqual([]);
  });

  it("refuses a lead with nothing to contact, without calling amoCRM", async () => {
    const error = await failure(tool.execute(contextFor(), {}, { ...call, person: null }));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toMatch(/phone number or email/);
    expect(fake.requests).toEqual([]);
  });

  it("a malformed setting is a refusal naming the key", async () => {
    const error = await failure(
      tool.execute(contextFor({}, { settings: { lead_pipeline_id: "main" } }), { phone: "+7999" }, call),
    );
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toContain("settings.lead_pipeline_id");
    expect(fake.requests).toEqual([]);
  });

  it("amoCRM's validation errors reach the model as a refusal in amoCRM's words", async () => {
    fake.failNextLead(400, {
      title: "Bad Request",
      detail: "Request validation failed",
      "validation-errors": [
        {
          request_id: "0",
          errors: [{ code: "NotFound", path: "pipeline_id", detail: "Pipeline not found" }],
        },
      ],
    });
    const error = await failure(tool.execute(contextFor(), { phone: "+79990001122" }, call));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toContain("pipeline_id: Pipeline not found");
  });

  it("a rate limit asks to try again; a refused token stays credentials_rejected; no token in any message", async () => {
    fake.failNextLead(429, { title: "Too Many Requests" });
    const limited = await failure(tool.execute(contextFor(), { phone: "+79990001122" }, call));
    expect(limited).toBeInstanceOf(ToolRefusal);
    expect((limited as Error).message).toMatch(/try creating the lead again/);

    const context = contextFor();
    const token = (await context.oauth?.())?.accessToken ?? "";
    fake.revokeCredentials();
    const refused = await failure(tool.execute(context, { phone: "+79990001122" }, call));
    expect(refused).toBeInstanceOf(ChannelError);
    expect(refused).toMatchObject({ kind: "credentials_rejected" });
    expect((refused as Error).message).not.toContain(token);
    expect((limited as Error).message).not.toContain(token);
  });

  it("an unreachable amoCRM is a refusal that warns the lead may exist", async () => {
    const context = contextFor(
      {},
      {
        fetch: async () => {
          throw new TypeError("fetch failed");
        },
      },
    );
    const error = await failure(tool.execute(context, { phone: "+79990001122" }, call));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toMatch(/could not be reached.*may have gone through/);
  });

  it("a note amoCRM refuses is reported beside the lead, which exists", async () => {
    let calls = 0;
    const context = contextFor(
      {},
      {
        fetch: async (input, init) => {
          calls += 1;
          if (String(input).endsWith("/notes")) return new Response('{"title":"Forbidden"}', { status: 403 });
          return globalThis.fetch(input, init);
        },
      },
    );
    const result = (await tool.execute(context, { phone: "+79990001122", note: "call after 6pm" }, call)) as {
      lead_id: number;
      note: string;
    };
    expect(calls).toBe(2);
    expect(result.lead_id).toBe(fake.leads[0]?.id);
    expect(result.note).toMatch(/^not added: amoCRM refused adding the note/);
  });
});
