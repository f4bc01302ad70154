import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { IntegrationVendor } from "../../../src/storage/schema-integrations.js";
import type { FakeVendor, InboundTextOptions, SentMessage, VendorKit } from "../vendor-kit.js";
import { type CheckedButtons, checkSendApiButtons, checkWhatsappInteractive } from "./meta-button-checks.js";

/**
 * A fake Meta Graph API on loopback, configurable per product: WhatsApp Cloud API (`whatsapp`),
 * Messenger (`facebook`) and Instagram messaging (`instagram`). It speaks the Graph wire format
 * (docs/channels.md, "Meta"): any `/vNN.N/` version prefix, `Authorization: Bearer` (or an
 * `access_token` query parameter), JSON bodies, and Graph error bodies
 * `{"error":{message,type,code,error_subcode?,fbtrace_id}}` with the vendor's HTTP statuses.
 *
 * Endpoints per product:
 * - whatsapp: `POST /<phone_number_id>/messages` (`type: "text"` or `type: "template"`),
 *   `GET /<waba_id>/message_templates` (cursor paging), `GET /<phone_number_id>?fields=…`,
 *   `GET /<phone_number_id>/whatsapp_business_profile`, `POST|DELETE|GET /<waba_id>/subscribed_apps`,
 *   `GET /<media-id>` and the media download URL it answers (bearer token required).
 * - facebook: `POST /<page_id|me>/messages` (text or `sender_action`), `GET /me?fields=…`,
 *   `POST|DELETE|GET /<page_id|me>/subscribed_apps` (`subscribed_fields` required on POST).
 * - instagram: `POST /me/messages`, `GET /<account_id|me>?fields=…`.
 *
 * Messages with buttons (WhatsApp `interactive`; Messenger and Instagram quick replies and the
 * button template) are checked by meta-button-checks.ts and kept per conversation, so
 * `pressButton` can post what Meta posts when the customer taps one.
 *
 * Meta has no API to register the callback URL (it is entered in the app dashboard), so
 * `registersWebhook` is false and `deliverText` needs `hookUrl`. Inbound events are serialised
 * the way Meta does (non-ASCII and `/` escaped) and signed with `X-Hub-Signature-256` over
 * those exact bytes with the app secret of `authData()`.
 */

export type MetaProduct = "whatsapp" | "facebook" | "instagram";

/** A Graph error the fake answers with. */
export interface GraphFailure {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  type?: string;
  /** WhatsApp's `error_data.details`. */
  details?: string;
}

/** Every call the fake got, for assertions on what Parley sent. */
export interface GraphRequestRecord {
  method: string;
  /** Without the version prefix and query, e.g. `/106540352242922/messages`. */
  path: string;
  /** The version prefix used, e.g. `v21.0` (undefined when missing). */
  version: string | undefined;
  /** The path as received, e.g. `/v21.0/106540352242922/messages`. */
  rawPath: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface Product {
  vendor: IntegrationVendor;
  authData: Record<string, string>;
  /** The node the credentials act for (phone number, Page, Instagram account). */
  ownId: string;
  /** Node fields a `GET /<ownId>` may ask for. */
  node: Record<string, unknown>;
  expectedProfile: { id: string; name: string; username?: string };
  textLimit: number;
  /** Length of a text as the vendor counts it against `textLimit`. */
  measure: (text: string) => number;
  rateLimit: { code: number; message: string };
  defaultConversationId: string;
  defaultUserName: string;
}

const codePoints = (text: string) => [...text].length;
const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

const PRODUCTS: Record<MetaProduct, () => Product> = {
  whatsapp: () => ({
    vendor: "whatsapp",
    authData: {
      access_token: "fake_whatsapp_access_token",
      phone_number_id: "106540352242922",
      app_secret: "fake_whatsapp_app_secret",
      verify_token: "fake_whatsapp_verify_token",
      business_account_id: "102290129340398",
    },
    ownId: "106540352242922",
    node: {
      id: "106540352242922",
      display_phone_number: "15550001234",
      verified_name: "Parley Test Business",
      quality_rating: "GREEN",
    },
    expectedProfile: { id: "106540352242922", name: "Parley Test Business", username: "15550001234" },
    textLimit: 4096,
    measure: codePoints,
    rateLimit: { code: 130429, message: "(#130429) Rate limit hit" },
    defaultConversationId: "15551112222",
    defaultUserName: "Ann",
  }),
  facebook: () => ({
    vendor: "facebook",
    authData: {
      access_token: "fake_facebook_page_token",
      app_secret: "fake_facebook_app_secret",
      verify_token: "fake_facebook_verify_token",
      page_id: "100000000000001",
    },
    ownId: "100000000000001",
    node: { id: "100000000000001", name: "Parley Test Page" },
    expectedProfile: { id: "100000000000001", name: "Parley Test Page" },
    textLimit: 2000,
    measure: codePoints,
    rateLimit: { code: 613, message: "(#613) Calls to this api have exceeded the rate limit." },
    defaultConversationId: "24000000000000001",
    defaultUserName: "Ann",
  }),
  instagram: () => ({
    vendor: "instagram",
    authData: {
      access_token: "fake_instagram_page_token",
      app_secret: "fake_instagram_app_secret",
      verify_token: "fake_instagram_verify_token",
      account_id: "17841400000000000",
    },
    ownId: "17841400000000000",
    node: { id: "17841400000000000", username: "parley_test_shop", name: "Parley Test Shop" },
    expectedProfile: { id: "17841400000000000", name: "Parley Test Shop", username: "parley_test_shop" },
    textLimit: 1000,
    measure: utf8Bytes,
    rateLimit: { code: 613, message: "(#613) Calls to this api have exceeded the rate limit." },
    defaultConversationId: "6200000000000001",
    defaultUserName: "Ann",
  }),
};

/** A template as the Business Account lists it (the fields Parley asks for). */
export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: Array<Record<string, unknown>>;
}

/** A few templates of a real account's kinds: positional body parameters, a text header, a pending one. */
export const DEFAULT_TEMPLATES: FakeTemplate[] = [
  {
    id: "1001",
    name: "order_update",
    language: "en_US",
    category: "UTILITY",
    status: "APPROVED",
    components: [
      { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
      { type: "BODY", text: "Hi {{1}}, your order {{2}} has shipped." },
      { type: "FOOTER", text: "Parley Test Business" },
    ],
  },
  {
    id: "1002",
    name: "follow_up",
    language: "en_US",
    category: "MARKETING",
    status: "APPROVED",
    components: [{ type: "BODY", text: "We have news about your question. Reply to continue." }],
  },
  {
    id: "1003",
    name: "spring_sale",
    language: "en_US",
    category: "MARKETING",
    status: "PENDING",
    components: [{ type: "BODY", text: "Spring sale: {{1}} off." }],
  },
];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const placeholderCount = (text: unknown) =>
  typeof text === "string" ? new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1])).size : 0;
type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const VERSION_PREFIX = /^\/(v\d+\.\d+)(\/.*)$/;
const MEDIA_DOWNLOAD_PATH = "/whatsapp_business/attachments/";

/** A non-JSON answer (a media file's bytes). */
class RawBody {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
  ) {}
}

class GraphAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`Graph answer ${status}`);
  }
}

function graphError(failure: GraphFailure): GraphAnswer {
  const error: Record<string, unknown> = {
    message: failure.message,
    type: failure.type ?? "OAuthException",
    code: failure.code,
  };
  if (failure.subcode !== undefined) error.error_subcode = failure.subcode;
  if (failure.details !== undefined)
    error.error_data = { messaging_product: "whatsapp", details: failure.details };
  error.fbtrace_id = randomBytes(8).toString("base64url");
  return new GraphAnswer(failure.status, { error });
}

const invalidParameter = (message: string) => graphError({ status: 400, code: 100, message });
const noSuchObject = (method: string, id: string) =>
  graphError({
    status: 400,
    code: 100,
    subcode: 33,
    type: "GraphMethodException",
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });

/** JSON as Meta serialises it: non-ASCII as `\uXXXX`, `/` as `\/` (so re-serialising changes the bytes). */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `sha256=<hex HMAC-SHA256(secret, body)>`: the `X-Hub-Signature-256` value. */
export function hubSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export class FakeGraph implements FakeVendor {
  readonly sent: SentMessage[] = [];
  /** WhatsApp media links the fake fetched, as Meta does when it sends an image or document by link. */
  readonly mediaFetches: Array<
    Promise<{ link: string; status: number; contentType: string | undefined; bytes: Uint8Array }>
  > = [];
  /** Every call, in arrival order. */
  readonly requests: GraphRequestRecord[] = [];
  /** Sender actions (typing) Messenger/Instagram got: recipient id and action. */
  readonly senderActions: Array<{ recipientId: string; action: string }> = [];
  /** Conversation → the last message with buttons sent there: its id and what it offered. */
  readonly offers = new Map<string, CheckedButtons & { messageId: string }>();
  /** Node id → the subscribed fields of the app's subscription (`subscribed_apps`). */
  readonly subscriptions = new Map<string, string[]>();
  readonly registersWebhook = false;
  readonly product: Product;
  private readonly server: Server;
  private port = 0;
  private revoked = false;
  private rateLimit = { count: 0, seconds: 0 };
  private failures: Array<GraphFailure & { count: number; path: RegExp | undefined }> = [];
  private media = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** The Business Account's message templates (`GET /<waba_id>/message_templates`). */
  templates: FakeTemplate[] = [...DEFAULT_TEMPLATES];
  /** Template messages accepted, in order: the recipient and the `template` object as sent. */
  readonly templateMessages: Array<{ to: string; template: Record<string, unknown> }> = [];
  /** wa_ids whose 24-hour window is closed: text to them is refused with 131047. */
  readonly closedWindows = new Set<string>();

  private constructor(readonly productName: MetaProduct) {
    this.product = PRODUCTS[productName]();
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(product: MetaProduct): Promise<FakeGraph> {
    const fake = new FakeGraph(product);
    await new Promise<void>((resolve, reject) => {
      fake.server.once("error", reject);
      fake.server.listen(0, "127.0.0.1", () => resolve());
    });
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The Graph base Parley's config builds (`<PARLEY_GRAPH_API_URL>/<version>`). */
  apiBaseUrl(version = "v21.0"): string {
    return `${this.baseUrl}/${version}`;
  }

  get env(): Record<string, string> {
    return { PARLEY_GRAPH_API_URL: this.baseUrl };
  }

  get expectedProfile(): { id: string; name: string; username?: string } {
    return { ...this.product.expectedProfile };
  }

  get textLimit(): number {
    return this.product.textLimit;
  }

  /** The avatar URL the profile calls answer. */
  get avatarUrl(): string {
    return `https://scontent.example.test/${this.product.ownId}/avatar.jpg?oh=signed&oe=expiry`;
  }

  authData(): Record<string, unknown> {
    return { ...this.product.authData };
  }

  registeredHookUrl(): string | undefined {
    return undefined;
  }

  rateLimitNextSends(count: number, retryAfterSeconds: number): void {
    this.rateLimit = { count, seconds: retryAfterSeconds };
  }

  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /**
   * The next `count` (default 1) calls answer this Graph error: send calls by default, or calls
   * whose path (without version) matches `path`.
   */
  failNext(failure: GraphFailure & { count?: number; path?: RegExp }): void {
    this.failures.push({ ...failure, count: failure.count ?? 1, path: failure.path });
  }

  /** Stores a WhatsApp media file; returns its media id. */
  addMedia(bytes: Uint8Array, mimeType: string): string {
    const id = String(1_000_000_000_000_000 + this.media.size + 1);
    this.media.set(id, { bytes: Buffer.from(bytes), mimeType });
    return id;
  }

  /** The GET handshake Meta makes when the callback URL is saved in the app dashboard. */
  async handshake(
    hookUrl: string,
    options: { verifyToken?: string; challenge?: string; mode?: string } = {},
  ): Promise<{ status: number; body: string; contentType: string | null }> {
    const url = new URL(hookUrl);
    url.searchParams.set("hub.mode", options.mode ?? "subscribe");
    url.searchParams.set("hub.verify_token", options.verifyToken ?? this.product.authData.verify_token!);
    url.searchParams.set("hub.challenge", options.challenge ?? String(Math.floor(Math.random() * 1e9)));
    const response = await fetch(url);
    return {
      status: response.status,
      body: await response.text(),
      contentType: response.headers.get("content-type"),
    };
  }

  /** Posts any webhook payload, serialised and signed as Meta does (`badProof`: a wrong signature). */
  async deliver(
    hookUrl: string,
    payload: unknown,
    badProof = false,
  ): Promise<{ status: number; body: string }> {
    const body = metaJson(payload);
    const secret = badProof ? `${this.product.authData.app_secret}_wrong` : this.product.authData.app_secret!;
    const response = await fetch(hookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "facebookexternalua",
        "x-hub-signature-256": hubSignature(secret, body),
      },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  async deliverText(
    options: InboundTextOptions,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    if (options.hookUrl === undefined) {
      throw new Error("Meta has no API-registered callback URL: deliverText needs options.hookUrl");
    }
    const conversationId = options.conversationId ?? options.userId ?? this.product.defaultConversationId;
    const payload = this.textEvent(conversationId, options);
    const answer = await this.deliver(options.hookUrl, payload, options.badProof ?? false);
    return { ...answer, conversationId };
  }

  /**
   * What Meta posts when the customer taps the choice titled `title` of the last message with
   * buttons sent to the conversation: WhatsApp an `interactive` message with `button_reply` or
   * `list_reply` `{id, title}` and `context` naming the message tapped; Messenger and Instagram
   * a message whose text is the title, with `quick_reply: {payload}`.
   */
  async pressButton(
    hookUrl: string,
    title: string,
    options: Omit<InboundTextOptions, "text" | "hookUrl"> = {},
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const conversationId = options.conversationId ?? options.userId ?? this.product.defaultConversationId;
    const offer = this.offers.get(conversationId);
    const choice = offer?.choices.find((candidate) => candidate.title === title);
    if (!offer?.reply || !choice)
      throw new Error(`meta fake: no button "${title}" was sent to ${conversationId}`);
    const payload = this.textEvent(conversationId, { ...options, text: title }) as {
      entry: Array<{
        changes?: Array<{ value: { messages: Json[] } }>;
        messaging?: Array<{ message: Json }>;
      }>;
    };
    const entry = payload.entry[0]!;
    if (this.productName === "whatsapp") {
      const item = entry.changes![0]!.value.messages[0]!;
      delete item.text;
      item.type = "interactive";
      item.context = { from: this.product.node.display_phone_number, id: offer.messageId };
      item.interactive = { type: offer.reply, [offer.reply]: { id: choice.id, title: choice.title } };
    } else {
      entry.messaging![0]!.message.quick_reply = { payload: choice.id };
    }
    const answer = await this.deliver(hookUrl, payload, options.badProof ?? false);
    return { ...answer, conversationId };
  }

  /** A real-shaped inbound text event of this product. */
  textEvent(conversationId: string, options: Omit<InboundTextOptions, "hookUrl">): unknown {
    const now = Date.now();
    const { ownId } = this.product;
    if (this.productName === "whatsapp") {
      return {
        object: "whatsapp_business_account",
        entry: [
          {
            id: this.product.authData.business_account_id,
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: {
                    display_phone_number: this.product.node.display_phone_number,
                    phone_number_id: ownId,
                  },
                  contacts: [
                    {
                      profile: { name: options.userName ?? this.product.defaultUserName },
                      wa_id: conversationId,
                    },
                  ],
                  messages: [
                    {
                      from: conversationId,
                      id: options.messageId ?? `wamid.${randomBytes(24).toString("base64url")}`,
                      timestamp: String(Math.floor(now / 1000)),
                      type: "text",
                      text: { body: options.text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      };
    }
    return {
      object: this.productName === "facebook" ? "page" : "instagram",
      entry: [
        {
          id: ownId,
          time: now,
          messaging: [
            {
              sender: { id: conversationId },
              recipient: { id: ownId },
              timestamp: now,
              message: {
                mid: options.messageId ?? `m_${randomBytes(24).toString("base64url")}`,
                text: options.text,
              },
            },
          ],
        },
      ],
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", this.baseUrl);
      const query = Object.fromEntries(url.searchParams);
      const versioned = VERSION_PREFIX.exec(url.pathname);
      const record: GraphRequestRecord = {
        method: request.method ?? "GET",
        path: versioned?.[2] ?? url.pathname,
        version: versioned?.[1],
        rawPath: url.pathname,
        query,
        headers: request.headers,
        body: undefined,
      };
      this.requests.push(record);
      if (raw !== "") {
        try {
          record.body = JSON.parse(raw);
        } catch {
          throw invalidParameter("(#100) The request body could not be parsed as JSON.");
        }
      }
      this.authenticate(request, query);
      const answer =
        url.pathname === MEDIA_DOWNLOAD_PATH && record.method === "GET"
          ? this.downloadMedia(query.mid ?? "")
          : this.route(record, url.pathname);
      this.reply(response, 200, answer);
    } catch (error) {
      if (error instanceof GraphAnswer) {
        this.reply(response, error.status, error.body, error.headers);
      } else {
        this.reply(response, 500, { error: { message: String(error), type: "FakeGraphError", code: 1 } });
      }
    }
  }

  private reply(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    if (body instanceof RawBody) {
      response.writeHead(status, { "content-type": body.contentType, ...headers }).end(body.bytes);
      return;
    }
    response
      .writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers })
      .end(metaJson(body));
  }

  private authenticate(request: IncomingMessage, query: Record<string, string>): void {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : query.access_token;
    if (token === undefined || token === "") {
      throw graphError({
        status: 400,
        code: 104,
        message: "An access token is required to request this resource.",
      });
    }
    if (this.revoked) {
      throw graphError({
        status: 401,
        code: 190,
        subcode: 460,
        message:
          "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
      });
    }
    if (token !== this.product.authData.access_token) {
      throw graphError({
        status: 401,
        code: 190,
        message: "Invalid OAuth access token - Cannot parse access token",
      });
    }
  }

  private route(record: GraphRequestRecord, fullPath: string): unknown {
    if (record.version === undefined) {
      throw graphError({ status: 400, code: 2500, message: `Unknown path components: ${fullPath}` });
    }
    const [node = "", edge, ...rest] = record.path.split("/").filter((segment) => segment !== "");
    const id = decodeURIComponent(node);
    if (rest.length > 0)
      throw graphError({ status: 400, code: 2500, message: `Unknown path components: ${fullPath}` });
    this.failIfAsked(record, edge);
    if (edge === undefined && record.method === "GET") return this.readNode(id, record.query);
    if (edge === "messages" && record.method === "POST") return this.messages(id, record);
    if (edge === "subscribed_apps") return this.subscribedApps(id, record);
    if (edge === "whatsapp_business_profile" && record.method === "GET") return this.businessProfile(id);
    if (edge === "message_templates" && record.method === "GET") return this.messageTemplates(id, record);
    throw noSuchObject(record.method, id);
  }

  /** Queued failures and the rate limit: sends (message posts, not typing) unless a path is given. */
  private failIfAsked(record: GraphRequestRecord, edge: string | undefined): void {
    const isSend =
      edge === "messages" &&
      record.method === "POST" &&
      (record.body as { sender_action?: unknown })?.sender_action === undefined;
    const failure = this.failures.find((item) => (item.path ? item.path.test(record.path) : isSend));
    if (failure !== undefined) {
      failure.count -= 1;
      if (failure.count <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      throw graphError(failure);
    }
    if (isSend && this.rateLimit.count > 0) {
      this.rateLimit.count -= 1;
      const answer = graphError({ status: 429, ...this.product.rateLimit });
      throw new GraphAnswer(answer.status, answer.body, { "retry-after": String(this.rateLimit.seconds) });
    }
  }

  private resolve(id: string): string {
    return id === "me" ? this.product.ownId : id;
  }

  private readNode(id: string, query: Record<string, string>): unknown {
    const resolved = this.resolve(id);
    const media = this.productName === "whatsapp" ? this.media.get(resolved) : undefined;
    if (media !== undefined) {
      return {
        messaging_product: "whatsapp",
        url: `${this.baseUrl}${MEDIA_DOWNLOAD_PATH}?mid=${resolved}&ext=${Date.now()}&hash=fake`,
        mime_type: media.mimeType,
        sha256: createHash("sha256").update(media.bytes).digest("base64"),
        file_size: String(media.bytes.length),
        id: resolved,
      };
    }
    if (resolved !== this.product.ownId) throw noSuchObject("GET", id);
    const fields = (query.fields ?? "id,name").split(",").filter((field) => field !== "");
    const node = this.nodeFields();
    const result: Record<string, unknown> = {};
    for (const field of fields) {
      if (!(field in node)) {
        throw invalidParameter(
          `(#100) Tried accessing nonexisting field (${field}) on node type (${this.nodeType()})`,
        );
      }
      result[field] = node[field];
    }
    if (!("id" in result)) result.id = this.product.ownId;
    return result;
  }

  private nodeFields(): Record<string, unknown> {
    const picture = { height: 50, width: 50, is_silhouette: false, url: this.avatarUrl };
    if (this.productName === "facebook") return { ...this.product.node, picture: { data: picture } };
    if (this.productName === "instagram")
      return { ...this.product.node, profile_picture_url: this.avatarUrl };
    return this.product.node;
  }

  private nodeType(): string {
    return { whatsapp: "WhatsAppBusinessPhoneNumber", facebook: "Page", instagram: "IGUser" }[
      this.productName
    ];
  }

  private businessProfile(id: string): unknown {
    if (this.productName !== "whatsapp" || id !== this.product.ownId) throw noSuchObject("GET", id);
    return { data: [{ profile_picture_url: this.avatarUrl, messaging_product: "whatsapp" }] };
  }

  private downloadMedia(mediaId: string): RawBody {
    const media = this.media.get(mediaId);
    if (media === undefined) throw graphError({ status: 404, code: 100, message: "Media not found" });
    return new RawBody(media.bytes, media.mimeType);
  }

  private subscribedApps(id: string, record: GraphRequestRecord): unknown {
    const node =
      this.productName === "whatsapp"
        ? this.product.authData.business_account_id
        : this.productName === "facebook"
          ? this.product.ownId
          : undefined;
    const resolved = this.productName === "facebook" ? this.resolve(id) : id;
    if (node === undefined || resolved !== node) throw noSuchObject(record.method, id);
    if (record.method === "POST") {
      const fields = record.query.subscribed_fields;
      if (this.productName === "facebook" && (fields === undefined || fields === "")) {
        throw invalidParameter("(#100) The parameter subscribed_fields is required");
      }
      this.subscriptions.set(node, fields === undefined ? [] : fields.split(","));
      return { success: true };
    }
    if (record.method === "DELETE") {
      this.subscriptions.delete(node);
      return { success: true };
    }
    if (record.method === "GET") {
      return { data: this.subscriptions.has(node) ? [{ id: "1234567890", name: "Parley" }] : [] };
    }
    throw noSuchObject(record.method, id);
  }

  private messages(id: string, record: GraphRequestRecord): unknown {
    return this.productName === "whatsapp"
      ? this.whatsappMessages(id, record)
      : this.sendApiMessages(id, record);
  }

  private whatsappMessages(id: string, record: GraphRequestRecord): unknown {
    if (id !== this.product.ownId) throw noSuchObject("POST", id);
    const body = (record.body ?? {}) as Record<string, unknown>;
    if (body.messaging_product !== "whatsapp") {
      throw invalidParameter("(#100) The parameter messaging_product is required.");
    }
    if (body.status === "read") return { success: true };
    if (body.recipient_type !== undefined && body.recipient_type !== "individual") {
      throw invalidParameter("(#100) Param recipient_type must be one of {INDIVIDUAL, GROUP}");
    }
    if (typeof body.to !== "string" || body.to === "")
      throw invalidParameter("(#100) The parameter to is required.");
    if (body.type === "template") return this.templateMessage(body.to, body.template);
    if (body.type === "interactive") return this.whatsappInteractive(body.to, record, body);
    if (body.type === "image" || body.type === "document") return this.whatsappMedia(body.to, record, body);
    if (body.type !== "text") {
      throw graphError({ status: 400, code: 131009, message: "(#131009) Parameter value is not valid" });
    }
    if (this.closedWindows.has(body.to)) {
      throw graphError({
        status: 400,
        code: 131047,
        message:
          "(#131047) Re-engagement message: More than 24 hours have passed since the recipient last replied to the sender number.",
      });
    }
    const text = body.text as { body?: unknown; preview_url?: unknown } | undefined;
    if (typeof text?.body !== "string" || text.body === "") {
      throw invalidParameter("(#100) The parameter text['body'] is required.");
    }
    if (text.preview_url !== undefined && typeof text.preview_url !== "boolean") {
      throw invalidParameter("(#100) Param text['preview_url'] must be a boolean.");
    }
    this.checkLength(text.body, "text['body']");
    this.sent.push({
      conversationId: body.to,
      text: text.body,
      method: record.method,
      path: record.rawPath,
      body,
    });
    return {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
    };
  }

  /**
   * A WhatsApp media message: `image` or `document` holding exactly one of `id` (an uploaded
   * media id) and `link` (an http(s) URL Meta fetches), an optional `caption` of at most 1024
   * characters and, for documents only, `filename`. The fake fetches a link as Meta does, in the
   * background; `mediaFetches` holds what each fetch got.
   */
  private whatsappMedia(to: string, record: GraphRequestRecord, body: Record<string, unknown>): unknown {
    const type = body.type as "image" | "document";
    const media = body[type] as Record<string, unknown> | undefined;
    if (typeof media !== "object" || media === null) {
      throw invalidParameter(`(#100) The parameter ${type} is required.`);
    }
    const hasId = typeof media.id === "string" && media.id !== "";
    const hasLink = typeof media.link === "string" && /^https?:\/\/\S+$/.test(media.link);
    if (hasId === hasLink) {
      throw invalidParameter(`(#100) Param ${type} must have exactly one of 'id' or a valid 'link'.`);
    }
    const allowed = type === "image" ? ["id", "link", "caption"] : ["id", "link", "caption", "filename"];
    const unknown = Object.keys(media).find((key) => !allowed.includes(key));
    if (unknown) throw invalidParameter(`(#100) Param ${type}['${unknown}'] is not valid.`);
    if (
      media.caption !== undefined &&
      (typeof media.caption !== "string" || [...media.caption].length > 1024)
    ) {
      throw invalidParameter(`(#100) Param ${type}['caption'] must be at most 1024 characters.`);
    }
    if (this.closedWindows.has(to)) {
      throw graphError({
        status: 400,
        code: 131047,
        message:
          "(#131047) Re-engagement message: More than 24 hours have passed since the recipient last replied to the sender number.",
      });
    }
    if (hasLink) this.fetchMedia(media.link as string);
    this.sent.push({
      conversationId: to,
      text: typeof media.caption === "string" ? media.caption : "",
      method: record.method,
      path: record.rawPath,
      body,
    });
    return {
      messaging_product: "whatsapp",
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
    };
  }

  /**
   * `GET /<waba_id>/message_templates?fields=…&limit=…&after=…`: Graph cursor paging — `paging.cursors`
   * `{before, after}` and `paging.next` (a full URL) while more follow. Cursors here are opaque
   * base64 offsets; Meta's are opaque too.
   */
  private messageTemplates(id: string, record: GraphRequestRecord): unknown {
    if (this.productName !== "whatsapp" || id !== this.product.authData.business_account_id) {
      throw noSuchObject("GET", id);
    }
    const limit = Math.min(Math.max(Number(record.query.limit ?? 25) || 25, 1), 100);
    const start = record.query.after ? Number(Buffer.from(record.query.after, "base64url").toString()) : 0;
    if (!Number.isInteger(start) || start < 0) throw invalidParameter("(#100) Invalid cursor: after");
    const fields = (record.query.fields ?? "id,name,status").split(",");
    const page = this.templates
      .slice(start, start + limit)
      .map((template) =>
        Object.fromEntries(
          fields
            .filter((field) => field in template)
            .map((field) => [field, template[field as keyof FakeTemplate]]),
        ),
      );
    const cursor = (offset: number) => Buffer.from(String(offset)).toString("base64url");
    const end = start + page.length;
    const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(end) } };
    if (end < this.templates.length) {
      const next = new URL(`${this.baseUrl}${record.rawPath}`);
      for (const [name, value] of Object.entries(record.query)) next.searchParams.set(name, value);
      next.searchParams.set("after", cursor(end));
      paging.next = next.toString();
    }
    return { data: page, paging };
  }

  /**
   * A `type: "template"` message, checked as the Cloud API does: `template.name`,
   * `template.language.code`, components of `type` header/body/button with `parameters`; the
   * template must exist in that language and be APPROVED (else 132001 [U: Meta's code for an
   * unknown template in a language]), and each part gets as many parameters as it has
   * placeholders (else 132000 "Number of parameters does not match the expected number of params").
   * Allowed whatever the 24-hour window.
   */
  private templateMessage(to: string, value: unknown): unknown {
    const template = (value ?? undefined) as Record<string, unknown> | undefined;
    if (typeof template !== "object" || template === null) {
      throw invalidParameter("(#100) The parameter template is required.");
    }
    if (typeof template.name !== "string" || template.name === "") {
      throw invalidParameter("(#100) The parameter template['name'] is required.");
    }
    const language = template.language as { code?: unknown; policy?: unknown } | undefined;
    if (typeof language?.code !== "string" || language.code === "") {
      throw invalidParameter("(#100) The parameter template['language']['code'] is required.");
    }
    if (language.policy !== undefined && language.policy !== "deterministic") {
      throw invalidParameter("(#100) Param template['language']['policy'] must be one of {DETERMINISTIC}");
    }
    const components = template.components ?? [];
    if (!Array.isArray(components))
      throw invalidParameter("(#100) Param template['components'] must be an array.");
    const given = { header: 0, body: 0 };
    for (const component of components as Array<Record<string, unknown>>) {
      if (!["header", "body", "button"].includes(String(component?.type))) {
        throw invalidParameter(
          "(#100) Param template['components'][0]['type'] must be one of {HEADER, BODY, BUTTON}",
        );
      }
      const parameters = component.parameters;
      if (!Array.isArray(parameters)) {
        throw invalidParameter("(#100) The parameter template['components'][0]['parameters'] is required.");
      }
      for (const parameter of parameters as Array<Record<string, unknown>>) {
        if (parameter?.type !== "text" || typeof parameter.text !== "string" || parameter.text === "") {
          throw graphError({ status: 400, code: 131008, message: "(#131008) Required parameter is missing" });
        }
      }
      if (component.type === "header" || component.type === "body")
        given[component.type] += parameters.length;
    }
    const known = this.templates.find(
      (item) => item.name === template.name && item.language === language.code && item.status === "APPROVED",
    );
    if (!known) {
      throw graphError({
        status: 404,
        code: 132001,
        message: "(#132001) Template name does not exist in the translation",
      });
    }
    const part = (type: string) => known.components.find((component) => component.type === type);
    const expected = {
      header: placeholderCount(part("HEADER")?.text),
      body: placeholderCount(part("BODY")?.text),
    };
    for (const type of ["header", "body"] as const) {
      if (given[type] !== expected[type]) {
        throw graphError({
          status: 400,
          code: 132000,
          message: `(#132000) Number of parameters does not match the expected number of params: ${type}: number of localizable_params (${given[type]}) does not match the expected number of params (${expected[type]})`,
        });
      }
    }
    this.templateMessages.push({ to, template });
    return {
      messaging_product: "whatsapp",
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}`, message_status: "accepted" }],
    };
  }

  private whatsappInteractive(to: string, record: GraphRequestRecord, body: Json): unknown {
    const checked = checkWhatsappInteractive(body.interactive);
    if ("code" in checked) throw graphError({ status: 400, ...checked });
    this.sent.push({
      conversationId: to,
      text: checked.text,
      method: record.method,
      path: record.rawPath,
      body,
    });
    const messageId = `wamid.${randomBytes(24).toString("base64url")}`;
    this.offers.set(to, { ...checked, messageId });
    return {
      messaging_product: "whatsapp",
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: messageId }],
    };
  }

  private sendApiMessages(id: string, record: GraphRequestRecord): unknown {
    const allowed = this.productName === "facebook" ? ["me", this.product.ownId] : ["me"];
    if (!allowed.includes(id)) throw noSuchObject("POST", id);
    const body = (record.body ?? {}) as Record<string, unknown>;
    const recipientId = (body.recipient as { id?: unknown } | undefined)?.id;
    if (typeof recipientId !== "string" || recipientId === "") {
      throw invalidParameter("(#100) The parameter recipient is required");
    }
    if (body.sender_action !== undefined) {
      if (body.message !== undefined) {
        throw invalidParameter("(#100) sender_action cannot be sent with message");
      }
      if (!["typing_on", "typing_off", "mark_seen"].includes(String(body.sender_action))) {
        throw invalidParameter(
          "(#100) Param sender_action must be one of {MARK_SEEN, TYPING_ON, TYPING_OFF}",
        );
      }
      this.senderActions.push({ recipientId, action: String(body.sender_action) });
      return { recipient_id: recipientId };
    }
    if (!["RESPONSE", "UPDATE", "MESSAGE_TAG"].includes(String(body.messaging_type))) {
      throw invalidParameter("(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}");
    }
    const media = this.sendApiMedia(recipientId, record, body);
    if (media) return media;
    const buttons = isJson(body.message) ? checkSendApiButtons(body.message) : undefined;
    if (buttons && "code" in buttons) throw graphError({ status: 400, ...buttons });
    if (buttons) {
      if ((body.message as Json).attachment === undefined) this.checkLength(buttons.text, "message[text]");
      const messageId = `m_${randomUUID().replace(/-/g, "")}`;
      this.sent.push({
        conversationId: recipientId,
        text: buttons.text,
        method: record.method,
        path: record.rawPath,
        body,
      });
      this.offers.set(recipientId, { ...buttons, messageId });
      return { recipient_id: recipientId, message_id: messageId };
    }
    const text = (body.message as { text?: unknown } | undefined)?.text;
    if (typeof text !== "string" || text === "")
      throw invalidParameter("(#100) The parameter message is required");
    this.checkLength(text, "message[text]");
    this.sent.push({ conversationId: recipientId, text, method: record.method, path: record.rawPath, body });
    return { recipient_id: recipientId, message_id: `m_${randomUUID().replace(/-/g, "")}` };
  }

  /**
   * A Send API media message: `message: {attachment: {type: image|audio|video|file, payload:
   * {url, is_reusable?} | {attachment_id}}}` with no text beside it. The fake fetches a `url` as
   * Meta does (see `mediaFetches`). [Instagram's `file` type is unconfirmed.] Undefined for any
   * other message (templates and text are checked elsewhere).
   */
  private sendApiMedia(recipientId: string, record: GraphRequestRecord, body: Record<string, unknown>) {
    const message = body.message as
      | { text?: unknown; attachment?: { type?: unknown; payload?: unknown } }
      | undefined;
    const type = message?.attachment?.type;
    if (typeof type !== "string" || !["image", "audio", "video", "file"].includes(type)) return undefined;
    if (message?.text !== undefined)
      throw invalidParameter("(#100) Must send either message text or an attachment");
    const payload = (message?.attachment?.payload ?? {}) as Record<string, unknown>;
    const url =
      typeof payload.url === "string" && /^https?:\/\/\S+$/.test(payload.url) ? payload.url : undefined;
    const reuse = typeof payload.attachment_id === "string" && payload.attachment_id !== "";
    if ((url === undefined) === !reuse) {
      throw invalidParameter(
        "(#100) param message[attachment][payload] must have a valid url or an attachment_id",
      );
    }
    if (payload.is_reusable !== undefined && typeof payload.is_reusable !== "boolean") {
      throw invalidParameter("(#100) param is_reusable must be a boolean");
    }
    if (url) this.fetchMedia(url);
    this.sent.push({
      conversationId: recipientId,
      text: "",
      method: record.method,
      path: record.rawPath,
      body,
    });
    return { recipient_id: recipientId, message_id: `m_${randomUUID().replace(/-/g, "")}` };
  }

  /** Fetches a media link in the background, as Meta does when it sends it; kept in `mediaFetches`. */
  private fetchMedia(link: string): void {
    this.mediaFetches.push(
      fetch(link).then(
        async (response) => ({
          link,
          status: response.status,
          contentType: response.headers.get("content-type") ?? undefined,
          bytes: new Uint8Array(await response.arrayBuffer()),
        }),
        () => ({ link, status: 0, contentType: undefined, bytes: new Uint8Array() }),
      ),
    );
  }

  private checkLength(text: string, parameter: string): void {
    if (this.product.measure(text) > this.product.textLimit) {
      throw invalidParameter(
        `(#100) Length of param ${parameter} must be less than or equal to ${this.product.textLimit}`,
      );
    }
  }
}

const kit = (product: MetaProduct): VendorKit => ({
  vendor: PRODUCTS[product]().vendor,
  start: () => FakeGraph.start(product),
});

export const whatsappKit: VendorKit = kit("whatsapp");
export const facebookKit: VendorKit = kit("facebook");
export const instagramKit: VendorKit = kit("instagram");

/** Starts a fake with its extra helpers typed (handshake, failNext, addMedia, requests…). */
export const startFakeGraph = (product: MetaProduct): Promise<FakeGraph> => FakeGraph.start(product);
