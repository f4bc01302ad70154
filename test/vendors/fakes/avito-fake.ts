import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeVendor, InboundTextOptions, SentMessage, VendorKit } from "../vendor-kit.js";

/**
 * A fake Avito API (docs/channels.md, "Avito") on loopback, for the adapter's tests and the
 * shared channel suites. It speaks Avito's wire format: `POST /token` (form-encoded
 * client_credentials grant), JSON calls with `Authorization: Bearer <token>`, errors as
 * `{"error":{"code","message"}}` with the matching HTTP status (401 unknown token, 403
 * revoked, 402 plan, 404 chat, 400 validation with `fields`, 429 with `Retry-After`).
 *
 * It keeps the webhook subscriptions Parley registers and posts messenger webhooks (v3 shape)
 * to them; Avito signs nothing, so the proof is whatever secret the registered URL holds.
 * `/files/<name>` stands in for Avito's image and voice-file hosts.
 *
 * Pictures out (Avito's OpenAPI file "Мессенджер"): `uploadImages` takes `multipart/form-data`
 * with one `uploadfile[]` part — JPEG, HEIC, GIF, BMP or PNG, at most 24 MB, one image a request —
 * and answers `{"<image_id>": {"<w>x<h>": "<url>"}}`; `…/chats/{chat_id}/messages/image` takes
 * `{"image_id"}` of an uploaded image. What Avito answers to a refused upload is not documented:
 * the fake answers 400 in its usual error shape.
 */

const ACCOUNT_ID = 94_235_311;
const DEFAULT_AUTHOR_ID = 24_681_357;
const DEFAULT_CHAT_ID = "u2i-fake~Chat~0001";
const DEFAULT_ITEM_ID = 1_768_287_444;
const TEXT_LIMIT = 1000;
const IMAGE_MAX_BYTES = 24 * 1024 * 1024;

/** An image as uploadImages received it. */
export interface AvitoUploadedImage {
  imageId: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** The image formats uploadImages takes, by their first bytes. */
function imageFormat(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return "gif";
  if (bytes.subarray(0, 2).toString("latin1") === "BM") return "bmp";
  if (bytes.subarray(4, 12).toString("latin1").startsWith("ftyphei")) return "heic";
  return undefined;
}

/** A multipart body's parts by field name: files with their name, type and bytes; plain fields as `value`. */
export type FormParts = Record<
  string,
  Array<{ value?: string; filename?: string; contentType?: string; bytes?: Buffer }>
>;

/** One API request as the fake received it (/token excluded: see `tokenRequests`). */
export interface AvitoRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  sendJson(response, status, { error: { code: status, message, ...extra } });
}

export class AvitoFake implements FakeVendor {
  readonly vendor = "avito";
  readonly clientId = `fake_avito_client_${randomBytes(4).toString("hex")}`;
  readonly clientSecret = `fake_avito_secret_${randomBytes(12).toString("hex")}`;
  readonly accountId = ACCOUNT_ID;
  readonly accountName = "Parley Test Shop";
  readonly registersWebhook = true;
  readonly textLimit = TEXT_LIMIT;
  readonly sent: SentMessage[] = [];
  /** The id Avito answered for each of `sent`, at the same index. */
  readonly sentIds: string[] = [];
  readonly requests: AvitoRequest[] = [];
  /** Every `POST /token` form, in order. */
  readonly tokenRequests: Array<Record<string, string>> = [];
  readonly subscriptions: Array<{ url: string; version: string }> = [];
  /** Images uploaded with uploadImages, in order. */
  readonly uploads: AvitoUploadedImage[] = [];
  /** Answers the next uploadImages calls give instead of uploading (one each, in order). */
  readonly uploadFailures: Array<{ status: number; message: string }> = [];
  /** Chats that no longer exist: sends answer 404. */
  readonly goneChats = new Set<string>();
  /** When set, messenger calls answer 402 (the account's plan lacks the Messenger API). */
  planRequired = false;
  /** Lifetime of issued tokens, in seconds (`expires_in`). */
  tokenLifetimeSeconds = 86_400;
  baseUrl = "";
  env: Record<string, string> = {};
  expectedProfile = { id: String(ACCOUNT_ID), name: this.accountName };

  private readonly server: Server;
  private readonly issuedTokens = new Set<string>();
  private revoked = false;
  private rateLimitedSends = 0;
  private rateLimitWaitSeconds = 0;
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();
  private readonly voiceFiles = new Map<string, string>();

  private constructor() {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
    this.putFile("image_1280x960.jpg", Buffer.from("fake-jpeg-1280"), "image/jpeg");
    this.putFile("voice_v1.mp4", Buffer.from("fake-opus-in-mp4"), "audio/mp4");
    this.voiceFiles.set("v1", "voice_v1.mp4");
  }

  static async start(): Promise<AvitoFake> {
    const fake = new AvitoFake();
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.baseUrl = `http://127.0.0.1:${port}`;
    fake.env = { PARLEY_AVITO_API_URL: fake.baseUrl };
    return fake;
  }

  authData(): Record<string, unknown> {
    return { client_id: this.clientId, client_secret: this.clientSecret };
  }

  registeredHookUrl(): string | undefined {
    return this.subscriptions.at(-1)?.url;
  }

  putFile(name: string, bytes: Buffer, mimeType: string): void {
    this.files.set(name, { bytes, mimeType });
  }

  fileUrl(name: string): string {
    return `${this.baseUrl}/files/${name}`;
  }

  rateLimitNextSends(count: number, retryAfterSeconds: number): void {
    this.rateLimitedSends = count;
    this.rateLimitWaitSeconds = retryAfterSeconds;
  }

  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /** Every token issued so far stops working (401), as when Avito expires them early. */
  expireTokens(): void {
    this.issuedTokens.clear();
  }

  /** Requests to one path, in order. */
  requestsTo(path: string): AvitoRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  async deliverText(
    options: InboundTextOptions,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    // Each buyer has a chat of their own with the seller, as on Avito.
    const chatId =
      options.conversationId ?? (options.userId ? `u2i-fake~Chat~${options.userId}` : DEFAULT_CHAT_ID);
    const { status, body } = await this.deliver(
      {
        id: options.messageId,
        chat_id: chatId,
        author_id:
          options.userId !== undefined && /^\d+$/.test(options.userId)
            ? Number(options.userId)
            : DEFAULT_AUTHOR_ID,
        type: "text",
        content: { text: options.text },
      },
      options,
    );
    return { status, body, conversationId: chatId };
  }

  /**
   * Posts a messenger webhook (`payload.type: "message"`) with the given fields of
   * `payload.value` over the defaults; a `hookUrl` without one uses the registered URL.
   */
  async deliver(
    value: Record<string, unknown>,
    options: Pick<InboundTextOptions, "hookUrl" | "badProof"> = {},
  ): Promise<{ status: number; body: string; url: string }> {
    const registered = options.hookUrl ?? this.registeredHookUrl();
    if (!registered) throw new Error("avito fake: no webhook subscribed and no hookUrl given");
    const url = new URL(registered);
    if (options.badProof) url.searchParams.set("token", `wrong_${randomBytes(8).toString("hex")}`);
    const now = Math.floor(Date.now() / 1000);
    const chatId = typeof value.chat_id === "string" ? value.chat_id : DEFAULT_CHAT_ID;
    const aboutItem = chatId.startsWith("u2i");
    const message = {
      id: randomBytes(16).toString("hex"),
      chat_id: chatId,
      user_id: ACCOUNT_ID,
      author_id: DEFAULT_AUTHOR_ID,
      created: now,
      type: "text",
      chat_type: aboutItem ? "u2i" : "u2u",
      content: { text: "" },
      ...(aboutItem ? { item_id: DEFAULT_ITEM_ID } : {}),
      published_at: new Date(now * 1000).toISOString(),
      read: null,
      ...Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
    };
    const event = {
      id: randomUUID(),
      version: "v3.0.0",
      timestamp: now,
      payload: { type: "message", value: message },
    };
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    return { status: response.status, body: await response.text(), url: url.toString() };
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
    const file = /^\/files\/(.+)$/.exec(path);
    if (file && method === "GET") {
      const found = this.files.get(decodeURIComponent(file[1]!));
      response.writeHead(found ? 200 : 404, { "content-type": found?.mimeType ?? "text/plain" });
      response.end(found?.bytes ?? "not found");
      return;
    }
    const bytes = await readBody(request);
    const raw = bytes.toString("utf8");
    if ((path === "/token" || path === "/token/") && method === "POST") {
      this.token(raw, response);
      return;
    }

    const contentType = request.headers["content-type"];
    let body: unknown;
    if (contentType?.startsWith("multipart/form-data")) {
      body = await this.formParts(bytes, contentType);
    } else if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const authorization = request.headers.authorization;
    this.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      authorization,
      contentType,
      body,
    });

    if (this.revoked) return sendError(response, 403, "Forbidden");
    const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    if (!token || !this.issuedTokens.has(token)) return sendError(response, 401, "Unauthorized");

    if (path === "/core/v1/accounts/self" && method === "GET") {
      return sendJson(response, 200, {
        id: ACCOUNT_ID,
        name: this.accountName,
        email: "shop@example.com",
        phone: "79990000000",
        phones: ["79990000000"],
        profile_url: `https://www.avito.ru/user/${ACCOUNT_ID}/profile`,
      });
    }
    if (path === "/messenger/v3/webhook" && method === "POST") {
      const target = this.jsonUrl(body, response);
      if (target === undefined) return;
      if (!this.subscriptions.some((subscription) => subscription.url === target)) {
        this.subscriptions.push({ url: target, version: "3" });
      }
      return sendJson(response, 200, { ok: true });
    }
    if (path === "/messenger/v1/webhook/unsubscribe" && method === "POST") {
      const target = this.jsonUrl(body, response);
      if (target === undefined) return;
      const index = this.subscriptions.findIndex((subscription) => subscription.url === target);
      if (index >= 0) this.subscriptions.splice(index, 1);
      return sendJson(response, 200, { ok: true });
    }
    if (path === "/messenger/v1/subscriptions" && method === "POST") {
      return sendJson(response, 200, {
        subscriptions: this.subscriptions.map((subscription) => ({ ...subscription })),
      });
    }
    const account = /^\/messenger\/v\d\/accounts\/([^/]+)\//.exec(path)?.[1];
    if (account !== undefined) {
      if (account !== String(ACCOUNT_ID)) return sendError(response, 403, "Forbidden");
      if (this.planRequired) return sendError(response, 402, "Payment required");
    }
    if (/^\/messenger\/v1\/accounts\/[^/]+\/uploadImages$/.test(path) && method === "POST") {
      return this.uploadImages(body, response);
    }
    const image = /^\/messenger\/v1\/accounts\/[^/]+\/chats\/([^/]+)\/messages\/image$/.exec(path);
    if (image && method === "POST")
      return this.sendImage(decodeURIComponent(image[1]!), path, body, response);
    const send = /^\/messenger\/v1\/accounts\/[^/]+\/chats\/([^/]+)\/messages$/.exec(path);
    if (send && method === "POST") return this.send(decodeURIComponent(send[1]!), path, body, response);
    if (/^\/messenger\/v1\/accounts\/[^/]+\/getVoiceFiles$/.test(path) && method === "GET") {
      const ids = url.searchParams.getAll("voice_ids").flatMap((ids) => ids.split(","));
      const urls: Record<string, string> = {};
      for (const id of ids) {
        const name = this.voiceFiles.get(id);
        if (name) urls[id] = this.fileUrl(name);
      }
      return sendJson(response, 200, { voices_urls: urls });
    }
    sendError(response, 404, "Not found");
  }

  private token(raw: string, response: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    this.tokenRequests.push(form);
    if (this.revoked) return sendError(response, 403, "Forbidden");
    if (form.grant_type !== "client_credentials") {
      return sendJson(response, 400, {
        error: "unsupported_grant_type",
        error_description: "unsupported grant type",
      });
    }
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      return sendJson(response, 400, { error: "invalid_client", error_description: "invalid client" });
    }
    const accessToken = randomBytes(16).toString("base64url");
    this.issuedTokens.add(accessToken);
    sendJson(response, 200, {
      access_token: accessToken,
      expires_in: this.tokenLifetimeSeconds,
      token_type: "Bearer",
    });
  }

  private jsonUrl(body: unknown, response: ServerResponse): string | undefined {
    const url = (body as { url?: unknown } | undefined)?.url;
    if (typeof url === "string" && url !== "") return url;
    sendError(response, 400, "Validation error", { fields: { url: "required" } });
    return undefined;
  }

  /** A multipart body parsed as a vendor would (undici's parser): field name → its parts. */
  private async formParts(bytes: Buffer, contentType: string): Promise<FormParts | undefined> {
    try {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": contentType },
        body: bytes,
      }).formData();
      const parts: FormParts = {};
      for (const [name, value] of form.entries()) {
        const part =
          typeof value === "string"
            ? { value }
            : {
                filename: value.name,
                contentType: value.type,
                bytes: Buffer.from(await value.arrayBuffer()),
              };
        parts[name] = [...(parts[name] ?? []), part];
      }
      return parts;
    } catch {
      return undefined;
    }
  }

  private uploadImages(body: unknown, response: ServerResponse) {
    const failure = this.uploadFailures.shift();
    if (failure) return sendError(response, failure.status, failure.message);
    const parts = body as FormParts | undefined;
    if (!parts) return sendError(response, 400, "Bad Request: multipart/form-data expected");
    const files = parts["uploadfile[]"] ?? [];
    const file = files[0];
    if (files.length !== 1 || !file?.bytes) {
      return sendError(response, 400, "Validation error", {
        fields: { "uploadfile[]": files.length > 1 ? "one image a request" : "required" },
      });
    }
    if (file.bytes.length > IMAGE_MAX_BYTES) {
      return sendError(response, 400, "Validation error", { fields: { "uploadfile[]": "max size 24 MB" } });
    }
    const format = imageFormat(file.bytes);
    if (!format) {
      return sendError(response, 400, "Validation error", {
        fields: { "uploadfile[]": "JPEG, HEIC, GIF, BMP or PNG expected" },
      });
    }
    const imageId = `${randomInt(10_000, 99_999)}.${randomBytes(10).toString("hex")}`;
    this.uploads.push({
      imageId,
      filename: file.filename ?? "",
      contentType: file.contentType ?? "",
      bytes: file.bytes,
    });
    const sizes = this.imageSizes(imageId, file.bytes, format);
    sendJson(response, 200, { [imageId]: sizes });
  }

  /** The sizes of an uploaded image, each served at `/files/…` (the original bytes stand in for all). */
  private imageSizes(imageId: string, bytes: Buffer, format: string): Record<string, string> {
    const sizes: Record<string, string> = {};
    for (const size of ["1280x960", "140x105", "32x32"]) {
      const name = `image_${imageId}_${size}.${format}`;
      this.putFile(name, bytes, `image/${format}`);
      sizes[size] = this.fileUrl(name);
    }
    return sizes;
  }

  private sendImage(chatId: string, path: string, body: unknown, response: ServerResponse) {
    if (this.rateLimited(response)) return;
    if (this.goneChats.has(chatId)) return sendError(response, 404, "Not found");
    const imageId = (body as { image_id?: unknown } | undefined)?.image_id;
    if (typeof imageId !== "string" || imageId === "") {
      return sendError(response, 400, "Validation error", { fields: { image_id: "required" } });
    }
    const uploaded = this.uploads.find((upload) => upload.imageId === imageId);
    if (!uploaded)
      return sendError(response, 400, "Validation error", { fields: { image_id: "unknown image" } });
    const id = randomBytes(16).toString("hex");
    this.sent.push({ conversationId: chatId, text: "", method: "POST", path, body });
    this.sentIds.push(id);
    const format = imageFormat(uploaded.bytes) ?? "jpeg";
    sendJson(response, 200, {
      id,
      author_id: ACCOUNT_ID,
      created: Math.floor(Date.now() / 1000),
      direction: "out",
      type: "image",
      content: { image: { sizes: this.imageSizes(imageId, uploaded.bytes, format) } },
    });
  }

  /** Answers 429 with `Retry-After` while sends are to be rate limited. */
  private rateLimited(response: ServerResponse): boolean {
    if (this.rateLimitedSends <= 0) return false;
    this.rateLimitedSends -= 1;
    response.writeHead(429, {
      "content-type": "application/json",
      "retry-after": String(this.rateLimitWaitSeconds),
    });
    response.end(JSON.stringify({ error: { code: 429, message: "Too Many Requests" } }));
    return true;
  }

  private send(chatId: string, path: string, body: unknown, response: ServerResponse) {
    if (this.rateLimited(response)) return;
    if (this.goneChats.has(chatId)) return sendError(response, 404, "Not found");
    const request = body as { type?: unknown; message?: { text?: unknown } } | undefined;
    const text = request?.message?.text;
    if (request?.type !== "text" || typeof text !== "string" || text === "") {
      return sendError(response, 400, "Validation error", { fields: { "message.text": "required" } });
    }
    if ([...text].length > TEXT_LIMIT) {
      return sendError(response, 400, "Validation error", { fields: { "message.text": "max length 1000" } });
    }
    const id = randomBytes(16).toString("hex");
    this.sent.push({ conversationId: chatId, text, method: "POST", path, body });
    this.sentIds.push(id);
    sendJson(response, 200, {
      id,
      created: Math.floor(Date.now() / 1000),
      direction: "out",
      type: "text",
      content: { text },
    });
  }
}

export const avitoKit: VendorKit = {
  vendor: "avito",
  start: () => AvitoFake.start(),
};
