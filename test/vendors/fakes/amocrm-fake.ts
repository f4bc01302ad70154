import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthAccess, VendorContext } from "../../../src/vendors/contract/vendor-context.js";
import type { FakeVendor, InboundTextOptions, SentMessage, VendorKit } from "../vendor-kit.js";

/**
 * A fake amoCRM on loopback (docs/channels.md, "amoCRM"): one server plays the account's host
 * (OAuth token endpoint `/oauth2/access_token`, API v4 with `Authorization: Bearer`, errors as
 * problem+json) and the Chats API (`/v2/origin/custom/…`), which checks every request's
 * signature as amoCRM documents it — `Date` within 15 minutes, `Content-Type: application/json`,
 * `Content-MD5` = hex MD5 of the exact body, `X-Signature` = hex HMAC-SHA1 with the channel secret
 * of `METHOD\nContent-MD5\nContent-Type\nDate\npath` — and answers 403 when it does not verify.
 *
 * It posts the channel's webhooks the way amoCRM does: to the channel's webhook URL with
 * `:scope_id` replaced, v2 body, `X-Signature` = hex HMAC-SHA1 of the body with the channel
 * secret. In its chats, `receiver` is the chat's client (whom Parley speaks as) and `sender` the
 * amoCRM user who wrote.
 */

const CHANNEL_ID = "f90ba33d-c9d9-44da-b76c-c349b0ecbe41";
const ACCOUNT_ID = 30_123_456;
const SUBDOMAIN = "acme";
const TEXT_LIMIT = 4096;
const SIGNATURE_VALIDITY_MS = 15 * 60_000;

/** One request as the fake received it. */
export interface AmocrmRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  rawBody: string;
  body: unknown;
}

/** A lead created through `/api/v4/leads/complex`, with its notes. */
export interface FakeLead {
  id: number;
  contactId: number;
  body: Record<string, unknown>;
  notes: string[];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** amoCRM API v4's error body (problem+json). */
function sendProblem(
  response: ServerResponse,
  status: number,
  title: string,
  extra: Record<string, unknown> = {},
) {
  response.writeHead(status, { "content-type": "application/problem+json" });
  response.end(
    JSON.stringify({
      title,
      type: `https://httpstatus.es/${status}`,
      status,
      detail: extra.detail ?? title,
      ...extra,
    }),
  );
}

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");
const hmacSha1 = (secret: string, text: string) =>
  createHmac("sha1", secret).update(text, "utf8").digest("hex");

export class AmocrmFake implements FakeVendor {
  readonly vendor = "amocrm";
  readonly channelId = CHANNEL_ID;
  readonly channelSecret = randomBytes(20).toString("hex");
  /** The account's id in the Chats API (`amojo_id`). */
  readonly amojoId = randomUUID();
  readonly subdomain = SUBDOMAIN;
  readonly clientId = randomUUID();
  readonly clientSecret = `fake_amocrm_secret_${randomBytes(16).toString("hex")}`;
  readonly registersWebhook = true;
  readonly textLimit = TEXT_LIMIT;
  readonly expectedProfile = { id: String(ACCOUNT_ID), name: "Acme Bikes" };
  readonly sent: SentMessage[] = [];
  readonly requests: AmocrmRequest[] = [];
  /** Scope ids of the accounts the channel is connected to. */
  readonly scopes = new Set<string>();
  readonly leads: FakeLead[] = [];
  /** Calls to `…/typing`. */
  readonly typing: unknown[] = [];
  /**
   * `media` links of picture and file messages the fake fetched, as amoCRM downloads them when
   * it takes the message (in the background, after answering).
   */
  readonly mediaFetches: Array<
    Promise<{ link: string; status: number; contentType: string | undefined; bytes: Uint8Array }>
  > = [];
  /** Codes the token endpoint accepts once (as amoCRM's authorization codes). */
  readonly codes = new Set<string>();
  baseUrl = "";
  env: Record<string, string> = {};
  /** The channel's webhook URL as registered with amoCRM support, with its `:scope_id` marker. */
  hookUrlTemplate: string | undefined;

  private readonly server: Server;
  private readonly tokens = new Set<string>();
  private revoked = false;
  private rateLimitedSends = 0;
  private rateLimitWaitSeconds = 0;
  private nextLeadId = 15_198_335;
  private nextContactId = 19_663_157;
  /** Each amoCRM user's chat with Parley's client, per user id: stable ids, as amoCRM's chats. */
  private readonly chats = new Map<string, { chatRef: string; clientRef: string }>();
  /** Files of chat messages, served at `/attachments/<name>` (amoCRM's media links need no credential). */
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** The next chat sends answer with these statuses (one each), before anything is checked. */
  private readonly sendFailures: Array<{ status: number; types: readonly string[] | undefined }> = [];
  /** The next lead calls answer with this status and problem body (one each). */
  private readonly leadFailures: Array<{ status: number; body: Record<string, unknown> }> = [];

  private constructor() {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  }

  static async start(): Promise<AmocrmFake> {
    const fake = new AmocrmFake();
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.baseUrl = `http://127.0.0.1:${port}`;
    // The Chats API first: the contract suite takes the first value as the adapter's base URL.
    fake.env = {
      PARLEY_AMOJO_API_URL: fake.baseUrl,
      PARLEY_AMOCRM_CHANNEL_ID: fake.channelId,
      PARLEY_AMOCRM_CHANNEL_SECRET: fake.channelSecret,
      PARLEY_AMOCRM_ACCOUNT_URL: fake.baseUrl,
      PARLEY_AMOCRM_AUTHORIZE_URL: `${fake.baseUrl}/oauth`,
    };
    return fake;
  }

  /** The account's host, as amoCRM's OAuth callback names it in `referer`. */
  get referer(): string {
    return `${SUBDOMAIN}.amocrm.ru`;
  }

  authData(): Record<string, unknown> {
    return { subdomain: SUBDOMAIN, client_id: this.clientId, client_secret: this.clientSecret };
  }

  /** A token the API accepts, as if the OAuth flow had run (for adapter-level tests). */
  issueToken(): string {
    const token = `amo_${randomBytes(24).toString("base64url")}`;
    this.tokens.add(token);
    return token;
  }

  /** What `VendorContext.oauth` and `vendorConfig` give the adapter, pointing at this fake. */
  contextExtras(): Partial<VendorContext<Record<string, unknown>>> {
    const access: OAuthAccess = {
      accessToken: this.issueToken(),
      apiBase: this.baseUrl,
      account: { referer: this.referer, subdomain: SUBDOMAIN },
    };
    return {
      apiBaseUrl: this.baseUrl,
      vendorConfig: { channel_id: this.channelId, channel_secret: this.channelSecret },
      oauth: async () => access,
    };
  }

  scopeIdOf(amojoId: string): string {
    return `${this.channelId}_${amojoId}`;
  }

  registeredHookUrl(): string | undefined {
    const scopeId = this.scopeIdOf(this.amojoId);
    if (!this.hookUrlTemplate || !this.scopes.has(scopeId)) return undefined;
    return this.hookUrlTemplate.replace(":scope_id", scopeId);
  }

  rateLimitNextSends(count: number, retryAfterSeconds: number): void {
    this.rateLimitedSends = count;
    this.rateLimitWaitSeconds = retryAfterSeconds;
  }

  /**
   * The next chat send of one of `types` (every type when absent) answers with `status` and
   * amoCRM's error body, as an amojo outage (5xx) or a refusal (4xx) would.
   */
  failNextSend(status: number, types?: readonly string[]): void {
    this.sendFailures.push({ status, types });
  }

  /** The channel secret and every token stop working (a re-registered channel, a revoked grant). */
  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /** The next lead call answers with this status and problem+json body. */
  failNextLead(status: number, body: Record<string, unknown>): void {
    this.leadFailures.push({ status, body });
  }

  /** A file a message's `media` link can point at. */
  putFile(name: string, bytes: Buffer, mimeType: string): string {
    this.files.set(name, { bytes, mimeType });
    return `${this.baseUrl}/attachments/${name}`;
  }

  requestsTo(path: string): AmocrmRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** The chat an amoCRM user writes in: one per user, as amoCRM's chats with one client. */
  chatOf(userId: string): { chatRef: string; clientRef: string; conversationId: string } {
    let chat = this.chats.get(userId);
    if (!chat) {
      chat = { chatRef: randomUUID(), clientRef: randomUUID() };
      this.chats.set(userId, chat);
    }
    return { ...chat, conversationId: `${chat.chatRef}:${chat.clientRef}` };
  }

  async deliverText(
    options: InboundTextOptions,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const userId = options.userId ?? "76fc2bea-902f-425c-9a3d-dcdac4766090";
    const chat = options.conversationId
      ? (() => {
          const [chatRef = "", clientRef = ""] = options.conversationId.split(":");
          return { chatRef, clientRef, conversationId: options.conversationId };
        })()
      : this.chatOf(userId);
    const { status, body } = await this.deliver(
      {
        sender: { id: userId },
        receiver: { id: chat.clientRef, phone: "", email: "", client_id: `parley-${chat.clientRef}` },
        conversation: { id: chat.chatRef, client_id: `parley-${chat.chatRef}` },
        message: {
          id: options.messageId ?? randomUUID(),
          type: "text",
          text: options.text,
          media: "",
          thumbnail: "",
          file_name: "",
          file_size: 0,
          tag: "",
        },
      },
      options,
    );
    return { status, body, conversationId: chat.conversationId };
  }

  /**
   * Posts a v2 message webhook with the given fields of `message` over the defaults, signed
   * with the channel secret (a wrong one with `badProof`); the account is this fake's unless
   * `accountId` says otherwise.
   */
  async deliver(
    message: Record<string, unknown>,
    options: Pick<InboundTextOptions, "hookUrl" | "badProof"> & { accountId?: string } = {},
  ): Promise<{ status: number; body: string; rawBody: string; url: string }> {
    const url = options.hookUrl ?? this.registeredHookUrl();
    if (!url) throw new Error("amocrm fake: the channel is not connected and no hookUrl was given");
    const now = Date.now();
    const event = {
      account_id: options.accountId ?? this.amojoId,
      time: Math.floor(now / 1000),
      message: {
        source: { external_id: "" },
        timestamp: Math.floor(now / 1000),
        msec_timestamp: now,
        ...message,
      },
    };
    const rawBody = JSON.stringify(event);
    const secret = options.badProof ? randomBytes(20).toString("hex") : this.channelSecret;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": hmacSha1(secret, rawBody) },
      body: rawBody,
    });
    return { status: response.status, body: await response.text(), rawBody, url };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    const method = request.method ?? "GET";
    const rawBody = await readBody(request);
    let body: unknown;
    try {
      body = rawBody === "" ? undefined : JSON.parse(rawBody);
    } catch {
      body = rawBody;
    }
    this.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      rawBody,
      body,
    });

    const file = /^\/attachments\/(.+)$/.exec(path);
    if (file && method === "GET") {
      const found = this.files.get(decodeURIComponent(file[1] ?? ""));
      response.writeHead(found ? 200 : 404, { "content-type": found?.mimeType ?? "text/plain" });
      response.end(found?.bytes ?? "not found");
      return;
    }
    if (path === "/oauth2/access_token" && method === "POST") return this.token(body, response);
    if (path.startsWith("/v2/origin/custom/"))
      return this.chatsApi(request, method, path, rawBody, body, response);
    if (path.startsWith("/api/v4/")) return this.apiV4(request, method, path, url, body, response);
    sendProblem(response, 404, "Not Found");
  }

  /** The account host's token endpoint: an authorization code (once) or a refresh token. */
  private token(body: unknown, response: ServerResponse) {
    const form = (body ?? {}) as Record<string, unknown>;
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      return sendProblem(response, 401, "Unauthorized", { hint: "Client authentication failed" });
    }
    const grant = form.grant_type;
    if (grant === "authorization_code") {
      if (typeof form.code !== "string" || !this.codes.delete(form.code)) {
        return sendProblem(response, 400, "Bad Request", { hint: "Authorization code has been revoked" });
      }
    } else if (grant !== "refresh_token" || typeof form.refresh_token !== "string") {
      return sendProblem(response, 400, "Bad Request", { hint: "Unsupported grant type" });
    }
    sendJson(response, 200, {
      token_type: "Bearer",
      expires_in: 86_400,
      access_token: this.issueToken(),
      refresh_token: `def502${randomBytes(24).toString("hex")}`,
    });
  }

  private verifySignature(request: IncomingMessage, method: string, path: string, rawBody: string): boolean {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const date = header("date") ?? "";
    const contentType = header("content-type") ?? "";
    const contentMd5 = header("content-md5") ?? "";
    const signature = header("x-signature") ?? "";
    const sentAt = Date.parse(date);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > SIGNATURE_VALIDITY_MS) return false;
    if (contentType !== "application/json" || contentMd5 !== md5(rawBody)) return false;
    const expected = hmacSha1(this.channelSecret, [method, contentMd5, contentType, date, path].join("\n"));
    return !this.revoked && signature === expected;
  }

  private chatsApi(
    request: IncomingMessage,
    method: string,
    path: string,
    rawBody: string,
    body: unknown,
    response: ServerResponse,
  ) {
    if (!this.verifySignature(request, method, path, rawBody)) {
      return sendJson(response, 403, { error: "Invalid signature" });
    }
    const fields = (body ?? {}) as Record<string, unknown>;
    const channel = /^\/v2\/origin\/custom\/([^/]+)\/(connect|disconnect)$/.exec(path);
    if (channel) {
      if (decodeURIComponent(channel[1] ?? "") !== this.channelId)
        return sendJson(response, 404, { error: "Channel not found" });
      if (fields.account_id !== this.amojoId) return sendJson(response, 400, { error: "Invalid account_id" });
      const scopeId = this.scopeIdOf(this.amojoId);
      if (channel[2] === "connect" && method === "POST") {
        if (fields.hook_api_version !== "v2")
          return sendJson(response, 400, { error: "Invalid hook_api_version" });
        this.scopes.add(scopeId);
        return sendJson(response, 200, {
          account_id: this.amojoId,
          scope_id: scopeId,
          title: fields.title,
          hook_api_version: "v2",
          is_time_window_disabled: false,
        });
      }
      if (channel[2] === "disconnect" && method === "DELETE") {
        this.scopes.delete(scopeId);
        response.writeHead(200).end();
        return;
      }
      return sendJson(response, 405, { error: "Method not allowed" });
    }
    const scoped = /^\/v2\/origin\/custom\/([^/]+?)(\/typing)?$/.exec(path);
    if (!scoped || method !== "POST") return sendJson(response, 404, { error: "Not found" });
    if (!this.scopes.has(decodeURIComponent(scoped[1] ?? "")))
      return sendJson(response, 404, { error: "Scope not found" });
    if (scoped[2]) {
      this.typing.push(body);
      response.writeHead(204).end();
      return;
    }
    return this.newMessage(path, fields, response);
  }

  /**
   * `new_message` from the chat's client (only `sender`). `message` is `{type: "text", text}`
   * (non-empty, at most 4096 characters) or a picture or file by link: `{type: "picture" |
   * "file", media, file_name, file_size, text?}` — `media` an http(s) URL amoCRM downloads,
   * `file_name` a non-empty string and `file_size` a non-negative integer (bytes); `text` the
   * caption. Anything else is refused with 400 `Invalid payload` (the Chats API's error body
   * is not documented; this fake's style). Media links are fetched in the background, as amoCRM
   * does (`mediaFetches`). [Whether amoCRM requires `file_name`/`file_size` is unconfirmed; the
   * fake requires them.]
   */
  private newMessage(path: string, fields: Record<string, unknown>, response: ServerResponse) {
    if (this.rateLimitedSends > 0) {
      this.rateLimitedSends -= 1;
      return sendJson(
        response,
        429,
        { error: "Too Many Requests" },
        { "retry-after": String(this.rateLimitWaitSeconds) },
      );
    }
    const payload = (fields.payload ?? {}) as Record<string, unknown>;
    const sender = (payload.sender ?? {}) as Record<string, unknown>;
    const message = (payload.message ?? {}) as Record<string, unknown>;
    const type = message.type;
    const failure = this.sendFailures[0];
    if (failure && (!failure.types || failure.types.includes(String(type)))) {
      this.sendFailures.shift();
      return sendJson(response, failure.status, {
        error: failure.status >= 500 ? "Internal Server Error" : "Bad Request",
      });
    }
    if (
      fields.event_type !== "new_message" ||
      typeof payload.msgid !== "string" ||
      typeof payload.conversation_id !== "string" ||
      typeof sender.id !== "string" ||
      typeof sender.name !== "string" ||
      payload.receiver !== undefined
    ) {
      return sendJson(response, 400, { error: "Invalid payload" });
    }
    const text = message.text;
    if (type === "text") {
      if (typeof text !== "string" || text === "")
        return sendJson(response, 400, { error: "Invalid payload" });
    } else if (type === "picture" || type === "file") {
      const media = message.media;
      const validMedia = typeof media === "string" && /^https?:\/\/\S+$/i.test(media);
      const validName = typeof message.file_name === "string" && message.file_name.trim() !== "";
      const size = message.file_size;
      const validSize = typeof size === "number" && Number.isInteger(size) && size >= 0;
      if (!validMedia || !validName || !validSize || (text !== undefined && typeof text !== "string")) {
        return sendJson(response, 400, { error: "Invalid payload" });
      }
      this.fetchMedia(media as string);
    } else {
      return sendJson(response, 400, { error: "Invalid payload" });
    }
    const shown = typeof text === "string" ? text : "";
    if ([...shown].length > TEXT_LIMIT) return sendJson(response, 400, { error: "Message is too long" });
    const conversationId = `${String(payload.conversation_ref_id ?? "")}:${String(sender.ref_id ?? "")}`;
    this.sent.push({ conversationId, text: shown, method: "POST", path, body: fields });
    sendJson(response, 200, {
      new_message: {
        conversation_id: payload.conversation_id,
        sender_id: sender.ref_id ?? sender.id,
        receiver_id: null,
        msgid: randomUUID(),
        ref_id: payload.msgid,
      },
    });
  }

  /** Downloads a message's `media` as amoCRM does, recording what it got (never throws). */
  private fetchMedia(link: string): void {
    this.mediaFetches.push(
      fetch(link).then(
        async (answer) => ({
          link,
          status: answer.status,
          contentType: answer.headers.get("content-type") ?? undefined,
          bytes: new Uint8Array(await answer.arrayBuffer()),
        }),
        () => ({ link, status: 0, contentType: undefined, bytes: new Uint8Array() }),
      ),
    );
  }

  private apiV4(
    request: IncomingMessage,
    method: string,
    path: string,
    url: URL,
    body: unknown,
    response: ServerResponse,
  ) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (this.revoked || !token || !this.tokens.has(token)) return sendProblem(response, 401, "Unauthorized");
    if (path === "/api/v4/account" && method === "GET") {
      const withAmojo = (url.searchParams.get("with") ?? "").split(",").includes("amojo_id");
      return sendJson(response, 200, {
        id: ACCOUNT_ID,
        name: this.expectedProfile.name,
        subdomain: SUBDOMAIN,
        current_user_id: 2_004_184,
        country: "RU",
        currency: "RUB",
        ...(withAmojo ? { amojo_id: this.amojoId } : {}),
      });
    }
    if (path === "/api/v4/leads/complex" && method === "POST") return this.createLeads(body, response);
    const notes = /^\/api\/v4\/leads\/(\d+)\/notes$/.exec(path);
    if (notes && method === "POST") return this.addNotes(Number(notes[1]), body, response);
    sendProblem(response, 404, "Not Found");
  }

  private createLeads(body: unknown, response: ServerResponse) {
    const failure = this.leadFailures.shift();
    if (failure) {
      return sendProblem(response, failure.status, String(failure.body.title ?? "Bad Request"), failure.body);
    }
    if (!Array.isArray(body) || body.length === 0 || body.length > 50) {
      return sendProblem(response, 400, "Bad Request", { detail: "Request body must be an array of leads" });
    }
    const created = body.map((entry, index) => {
      const lead = entry as Record<string, unknown>;
      const contacts = ((lead._embedded as Record<string, unknown> | undefined)?.contacts ?? []) as unknown[];
      const errors: Array<{ code: string; path: string; detail: string }> = [];
      if (
        lead.price !== undefined &&
        (typeof lead.price !== "number" || !Number.isInteger(lead.price) || lead.price < 0)
      ) {
        errors.push({ code: "InvalidType", path: "price", detail: "This value should be of type int." });
      }
      if (contacts.length > 1)
        errors.push({ code: "TooMany", path: "_embedded.contacts", detail: "One contact per lead." });
      return { lead, index, errors };
    });
    const invalid = created.filter((entry) => entry.errors.length > 0);
    if (invalid.length > 0) {
      return sendProblem(response, 400, "Bad Request", {
        detail: "Request validation failed",
        "validation-errors": invalid.map((entry) => ({
          request_id: String(entry.index),
          errors: entry.errors,
        })),
      });
    }
    sendJson(
      response,
      200,
      created.map(({ lead, index }) => {
        const saved: FakeLead = {
          id: this.nextLeadId++,
          contactId: this.nextContactId++,
          body: lead,
          notes: [],
        };
        this.leads.push(saved);
        return {
          id: saved.id,
          contact_id: saved.contactId,
          company_id: null,
          request_id: [String(index)],
          merged: false,
        };
      }),
    );
  }

  private addNotes(leadId: number, body: unknown, response: ServerResponse) {
    const lead = this.leads.find((entry) => entry.id === leadId);
    if (!lead) return sendProblem(response, 404, "Not Found");
    const notes = Array.isArray(body) ? body : [];
    for (const note of notes) {
      const entry = note as { note_type?: unknown; params?: { text?: unknown } };
      if (entry.note_type !== "common" || typeof entry.params?.text !== "string") {
        return sendProblem(response, 400, "Bad Request", { detail: "Invalid note" });
      }
      lead.notes.push(entry.params.text);
    }
    sendJson(response, 200, {
      _embedded: {
        notes: notes.map((_, index) => ({
          id: 42_000 + index,
          entity_id: leadId,
          request_id: String(index),
        })),
      },
    });
  }
}

export const amocrmKit: VendorKit = {
  vendor: "amocrm",
  start: () => AmocrmFake.start(),
};
