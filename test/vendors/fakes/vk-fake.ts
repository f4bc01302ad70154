import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeVendor, InboundTextOptions, SentMessage, VendorKit } from "../vendor-kit.js";
import { checkVkKeyboard, type VkKeyboardButton } from "./vk-keyboard-check.js";

/**
 * A fake VK API (docs/channels.md, "VK") on loopback, for the adapter's tests and the shared
 * channel suites. It speaks VK's wire format: `GET|POST /method/<name>` with the parameters in
 * the query or a form-encoded body (a JSON body is not read, as on VK), `v` required, the
 * community token as `access_token` or `Authorization: Bearer`, and every answer HTTP 200 with
 * `{"response":…}` or `{"error":{error_code,error_msg,request_params}}`.
 *
 * It plays VK's Callback API too: it keeps the callback servers Parley registers and posts
 * `message_new` events (and, on request, the `confirmation` event) to them with their secret
 * key in the body. `/files/<name>` stands in for VK's CDN (photo, voice and document URLs).
 * A `keyboard` sent with a message is checked (vk-keyboard-check.ts) and kept per peer, so
 * `pressButton` can send what VK sends when the customer taps one of its buttons.
 *
 * Files out (dev.vk.com, "Uploading files"): `photos.getMessagesUploadServer` and
 * `docs.getMessagesUploadServer` hand out an upload address on the fake itself
 * (`/upload/photo/<slot>`, `/upload/doc/<slot>`), which takes one `multipart/form-data` file
 * (field `photo`, resp. `file`), parsed for real, and answers as VK's upload host does;
 * `photos.saveMessagesPhoto` and `docs.save` accept only what that upload answered, once, and
 * `messages.send` only `attachment`s that were saved.
 */

/** A private dialog's peer id is the user's id; group chats start at 2000000000. */
const DEFAULT_USER_ID = 1_000_001;
const API_VERSION = "5.199";
/** The fake enforces the adapter's conservative limit (VK's schema allows 9000), so over-long parts show. */
const TEXT_LIMIT = 4096;

export interface VkCallbackServer {
  id: number;
  url: string;
  title: string;
  secret_key: string;
  status: "unconfigured" | "ok" | "failed";
  /** What `groups.setCallbackSettings` set (api_version, message_new, …). */
  settings: Record<string, string>;
}

/** One API call as the fake received it (the token included, for assertions). */
export interface VkApiCall {
  method: string;
  httpMethod: string;
  params: Record<string, string>;
  contentType: string | undefined;
}

/** One file as the fake's upload host received it. */
export interface VkUpload {
  kind: "photo" | "doc";
  /** The multipart field the file came in. */
  field: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
  /** Whether the request carried the community token (it must not: the upload host is VK's, not the API). */
  sawToken: boolean;
  /** What the upload host answered. */
  answer: Record<string, unknown>;
}

/** VK's upload limits (dev.vk.com, "Uploading files"): photos 50 MB, documents 200 MB. */
const PHOTO_MAX_BYTES = 50 * 1024 * 1024;
const DOCUMENT_MAX_BYTES = 200 * 1024 * 1024;
/** The upload host's number, which `photos.saveMessagesPhoto` must be given back as `server`. */
const UPLOAD_SERVER = 625_831;

class VkApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function missing(name: string): VkApiError {
  return new VkApiError(100, `One of the parameters specified was missing or invalid: ${name} is undefined`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export class VkFake implements FakeVendor {
  readonly vendor = "vk";
  readonly token = `vk1.a.fake_${randomBytes(12).toString("hex")}`;
  readonly groupId = 218_372_914;
  readonly groupName = "Parley Test Community";
  readonly screenName = "parley_test";
  /** The community's confirmation code; VK changes it when server settings change, the fake keeps it. */
  confirmationCode = randomBytes(4).toString("hex");
  readonly registersWebhook = true;
  readonly textLimit = TEXT_LIMIT;
  readonly sent: SentMessage[] = [];
  readonly calls: VkApiCall[] = [];
  readonly callbackServers: VkCallbackServer[] = [];
  /** `messages.setActivity` calls: the peer and type. */
  readonly activities: Array<{ peerId: number; type: string; groupId: string | undefined }> = [];
  /** Peers that have not allowed the community to message them: sends answer error 901. */
  readonly blockedPeers = new Set<number>();
  /** When set, the callback-server methods answer error 15 (a token without the `manage` right). */
  denyCallbackManagement = false;
  /** When set, a message with a keyboard answers error 912 (the community's bot features are off). */
  botFeaturesOff = false;
  /** Peer → the buttons of the last keyboard sent there, row by row. */
  readonly keyboards = new Map<number, VkKeyboardButton[][]>();
  baseUrl = "";
  env: Record<string, string> = {};
  expectedProfile = { id: String(this.groupId), name: this.groupName, username: this.screenName };

  private readonly server: Server;
  private revoked = false;
  private rateLimitedSends = 0;
  private nextServerId = 1;
  private nextMessageId = 100;
  private readonly messageIdByRandomId = new Map<string, number>();
  private readonly conversationMessageIds = new Map<number, number>();
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** Files received by the upload host, in order. */
  readonly uploads: VkUpload[] = [];
  /** API errors to answer, per method, before calls of it go through again (`failNext`). */
  private readonly failures = new Map<string, VkApiError[]>();
  /** Uploads the upload host refuses next (photo `"[]"`, document `{error}`). */
  refuseUploads = 0;
  private nextMediaId = 457_239_017;
  private readonly uploadSlots = new Map<string, { kind: "photo" | "doc"; peerId: number }>();
  /** What an upload answered and `saveMessagesPhoto` / `docs.save` may save, once. */
  private readonly pendingPhotos = new Map<string, { server: number; photo: string }>();
  private readonly pendingDocs = new Map<string, { filename: string; size: number }>();
  /** Saved media, by `<type><owner>_<id>`: their access key. */
  private readonly savedMedia = new Map<string, string>();

  private constructor() {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
    this.putFile("photo.jpg", Buffer.from("fake-jpeg-bytes"), "image/jpeg");
    this.putFile("voice.ogg", Buffer.from("fake-ogg-bytes"), "audio/ogg");
    this.putFile("invoice.pdf", Buffer.from("%PDF-fake"), "application/pdf");
    this.putFile("community_200.jpg", Buffer.from("fake-avatar"), "image/jpeg");
  }

  static async start(): Promise<VkFake> {
    const fake = new VkFake();
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.baseUrl = `http://127.0.0.1:${port}`;
    fake.env = { PARLEY_VK_API_URL: fake.baseUrl };
    return fake;
  }

  authData(): Record<string, unknown> {
    return { access_token: this.token };
  }

  registeredHookUrl(): string | undefined {
    return this.callbackServers.at(-1)?.url;
  }

  /** A file the fake CDN serves at `fileUrl(name)`. */
  putFile(name: string, bytes: Buffer, mimeType: string): void {
    this.files.set(name, { bytes, mimeType });
  }

  fileUrl(name: string): string {
    return `${this.baseUrl}/files/${name}`;
  }

  rateLimitNextSends(count: number, _retryAfterSeconds: number): void {
    // VK's error 6 carries no wait; the adapter waits its fixed second.
    this.rateLimitedSends = count;
  }

  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /** Answers the next `count` calls of `method` with VK error `code` (e.g. 10 internal, 6 too many requests). */
  failNext(method: string, code: number, message: string, count = 1): void {
    const queue = this.failures.get(method) ?? [];
    for (let index = 0; index < count; index += 1) queue.push(new VkApiError(code, message));
    this.failures.set(method, queue);
  }

  /** Calls of one API method, in order. */
  callsOf(method: string): VkApiCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async deliverText(
    options: InboundTextOptions,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    return this.deliverMessage(options, {});
  }

  /**
   * What VK posts when the customer taps the `text` button labelled `label` of the last keyboard
   * sent to the conversation: a `message_new` whose text is the label and whose `payload` is
   * the button's payload string, as sent. In a group chat the text starts with the community's
   * mention, `[club<id>|@<screen name>] ` (as bots see it; not in VK's docs: unconfirmed).
   */
  async pressButton(
    label: string,
    options: Omit<InboundTextOptions, "text"> = {},
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const peerId = Number(options.conversationId ?? options.userId ?? DEFAULT_USER_ID);
    const button = this.keyboards
      .get(peerId)
      ?.flat()
      .find((candidate) => candidate.type === "text" && candidate.label === label);
    if (!button) throw new Error(`vk fake: no text button "${label}" was sent to ${peerId}`);
    const text = peerId < 2_000_000_000 ? label : `[club${this.groupId}|@${this.screenName}] ${label}`;
    return this.deliverMessage({ ...options, text }, button.payload ? { payload: button.payload } : {});
  }

  private async deliverMessage(
    options: InboundTextOptions,
    extra: Record<string, unknown>,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const peerId = Number(options.conversationId ?? options.userId ?? DEFAULT_USER_ID);
    const fromId = Number(options.userId ?? (peerId < 2_000_000_000 ? peerId : DEFAULT_USER_ID));
    const conversationMessageId = (this.conversationMessageIds.get(peerId) ?? 0) + 1;
    this.conversationMessageIds.set(peerId, conversationMessageId);
    const message = {
      date: Math.floor(Date.now() / 1000),
      from_id: fromId,
      id: peerId < 2_000_000_000 ? this.nextMessageId++ : 0,
      out: 0,
      version: 10_000_000 + conversationMessageId,
      attachments: [],
      conversation_message_id: conversationMessageId,
      fwd_messages: [],
      important: false,
      is_hidden: false,
      peer_id: peerId,
      random_id: 0,
      text: options.text,
      ...extra,
    };
    const object = {
      message,
      client_info: {
        button_actions: ["text", "vkpay", "open_app", "location", "open_link", "callback"],
        keyboard: true,
        inline_keyboard: true,
        carousel: true,
        lang_id: 0,
      },
    };
    const { status, body } = await this.postEvent(options, {
      type: "message_new",
      event_id: options.messageId ?? randomBytes(20).toString("hex"),
      v: API_VERSION,
      object,
    });
    return { status, body, conversationId: String(peerId) };
  }

  /**
   * Posts the `confirmation` event to a registered server, as VK does when a server is added
   * or its URL changes; the server's status becomes `ok` when the answer is the code.
   */
  async confirm(hookUrl = this.registeredHookUrl()): Promise<{ status: number; body: string }> {
    const answer = await this.postEvent({ hookUrl, text: "" }, { type: "confirmation" });
    const server = this.callbackServers.find((candidate) => candidate.url === hookUrl);
    if (server)
      server.status = answer.status === 200 && answer.body === this.confirmationCode ? "ok" : "failed";
    return answer;
  }

  /** Any Callback API event, sent as VK sends it: JSON with `group_id` and the server's secret key. */
  async postEvent(
    options: Pick<InboundTextOptions, "hookUrl" | "badProof"> & { text?: string },
    event: Record<string, unknown>,
  ): Promise<{ status: number; body: string }> {
    const url = options.hookUrl ?? this.registeredHookUrl();
    if (!url) throw new Error("vk fake: no callback server registered and no hookUrl given");
    const secret = this.callbackServers.find((server) => server.url === url)?.secret_key;
    const payload: Record<string, unknown> = { group_id: this.groupId, ...event };
    if (options.badProof) payload.secret = `wrong_${randomBytes(8).toString("hex")}`;
    else if (secret) payload.secret = secret;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: await response.text() };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const file = /^\/files\/(.+)$/.exec(url.pathname);
    if (file && request.method === "GET") {
      const found = this.files.get(decodeURIComponent(file[1]!));
      response.writeHead(found ? 200 : 404, { "content-type": found?.mimeType ?? "text/plain" });
      response.end(found?.bytes ?? "not found");
      return;
    }
    const uploadSlot = /^\/upload\/(photo|doc)\/([a-f0-9]+)$/.exec(url.pathname);
    if (uploadSlot) {
      await this.receiveUpload(request, response, uploadSlot[1] as "photo" | "doc", uploadSlot[2]!);
      return;
    }
    const method = /^\/method\/([A-Za-z]+\.[A-Za-z]+)$/.exec(url.pathname)?.[1];
    if (!method || (request.method !== "GET" && request.method !== "POST")) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    const body = await readBody(request);
    const contentType = request.headers["content-type"];
    if (contentType?.startsWith("application/x-www-form-urlencoded")) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!params.access_token && bearer) params.access_token = bearer;
    this.calls.push({ method, httpMethod: request.method, params, contentType });

    let envelope: unknown;
    try {
      envelope = { response: this.call(method, params, request.method) };
    } catch (error) {
      if (!(error instanceof VkApiError)) throw error;
      const requestParams = [
        { key: "method", value: method },
        { key: "oauth", value: "1" },
        ...Object.entries(params)
          .filter(([key]) => key !== "access_token")
          .map(([key, value]) => ({ key, value })),
      ];
      envelope = {
        error: { error_code: error.code, error_msg: error.message, request_params: requestParams },
      };
    }
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(envelope));
  }

  private call(method: string, params: Record<string, string>, httpMethod: string): unknown {
    if (!params.access_token) throw new VkApiError(5, "User authorization failed: no access_token passed.");
    if (this.revoked || params.access_token !== this.token) {
      throw new VkApiError(5, "User authorization failed: invalid access_token (4).");
    }
    if (!params.v) throw new VkApiError(8, "Invalid request: v (version) is required");
    const failure = this.failures.get(method)?.shift();
    if (failure) throw failure;
    if (method.startsWith("groups.") && method.includes("Callback")) {
      if (this.denyCallbackManagement)
        throw new VkApiError(15, "Access denied: no access to call this method");
      this.requireOwnGroup(params);
    }
    switch (method) {
      case "groups.getById":
        return this.getById(params);
      case "groups.getCallbackServers":
        return {
          count: this.callbackServers.length,
          items: this.callbackServers.map(({ settings, ...server }) => ({ ...server, creator_id: 0 })),
        };
      case "groups.addCallbackServer":
        return this.addCallbackServer(params);
      case "groups.editCallbackServer":
        return this.editCallbackServer(params);
      case "groups.setCallbackSettings": {
        const server = this.serverById(params);
        const { access_token: _token, v: _v, group_id: _group, server_id: _server, ...settings } = params;
        Object.assign(server.settings, settings);
        return 1;
      }
      case "groups.getCallbackConfirmationCode":
        return { code: this.confirmationCode };
      case "groups.deleteCallbackServer": {
        const server = this.serverById(params);
        this.callbackServers.splice(this.callbackServers.indexOf(server), 1);
        return 1;
      }
      case "messages.send":
        return this.send(params, httpMethod);
      case "photos.getMessagesUploadServer":
        return this.uploadServer("photo", params);
      case "docs.getMessagesUploadServer":
        if ((params.type ?? "doc") !== "doc" && params.type !== "audio_message" && params.type !== "graffiti")
          throw new VkApiError(
            100,
            "One of the parameters specified was missing or invalid: type is invalid",
          );
        return this.uploadServer("doc", params);
      case "photos.saveMessagesPhoto":
        return this.saveMessagesPhoto(params);
      case "docs.save":
        return this.saveDoc(params);
      case "messages.setActivity": {
        if (!params.peer_id && !params.user_id) throw missing("peer_id");
        this.activities.push({
          peerId: Number(params.peer_id ?? params.user_id),
          type: params.type ?? "",
          groupId: params.group_id,
        });
        return 1;
      }
      default:
        throw new VkApiError(3, "Unknown method passed");
    }
  }

  private getById(params: Record<string, string>): unknown {
    const asked = params.group_id ?? params.group_ids;
    if (asked !== undefined && asked !== String(this.groupId) && asked !== this.screenName) {
      throw new VkApiError(
        100,
        "One of the parameters specified was missing or invalid: group_ids is invalid",
      );
    }
    const group = {
      id: this.groupId,
      name: this.groupName,
      screen_name: this.screenName,
      is_closed: 0,
      type: "group",
      photo_50: this.fileUrl("community_200.jpg"),
      photo_100: this.fileUrl("community_200.jpg"),
      photo_200: this.fileUrl("community_200.jpg"),
    };
    return { groups: [group], profiles: [] };
  }

  private requireOwnGroup(params: Record<string, string>): void {
    if (!params.group_id) throw missing("group_id");
    if (params.group_id !== String(this.groupId))
      throw new VkApiError(15, "Access denied: no access to this group");
  }

  private serverById(params: Record<string, string>): VkCallbackServer {
    if (!params.server_id) throw missing("server_id");
    const server = this.callbackServers.find((candidate) => String(candidate.id) === params.server_id);
    if (!server)
      throw new VkApiError(
        100,
        "One of the parameters specified was missing or invalid: server_id is invalid",
      );
    return server;
  }

  private addCallbackServer(params: Record<string, string>): unknown {
    if (!params.url) throw missing("url");
    if (!params.title) throw missing("title");
    if (params.title.length > 14)
      throw new VkApiError(100, "One of the parameters specified was missing or invalid: title is too long");
    if (this.callbackServers.length >= 10) throw new VkApiError(2000, "Servers number limit is reached");
    const server: VkCallbackServer = {
      id: this.nextServerId++,
      url: params.url,
      title: params.title,
      secret_key: params.secret_key ?? "",
      status: "unconfigured",
      settings: {},
    };
    this.callbackServers.push(server);
    return { server_id: server.id };
  }

  private editCallbackServer(params: Record<string, string>): unknown {
    const server = this.serverById(params);
    if (!params.url) throw missing("url");
    if (!params.title) throw missing("title");
    server.url = params.url;
    server.title = params.title;
    if (params.secret_key !== undefined) server.secret_key = params.secret_key;
    return 1;
  }

  private uploadServer(kind: "photo" | "doc", params: Record<string, string>): unknown {
    // With a community token the upload is for a conversation: peer_id names it [unconfirmed: required].
    if (!params.peer_id) throw missing("peer_id");
    if (!/^-?\d+$/.test(params.peer_id))
      throw new VkApiError(100, "One of the parameters specified was missing or invalid: peer_id is invalid");
    const slot = randomBytes(16).toString("hex");
    this.uploadSlots.set(slot, { kind, peerId: Number(params.peer_id) });
    const upload_url = `${this.baseUrl}/upload/${kind}/${slot}`;
    return kind === "photo"
      ? { album_id: -3, upload_url, user_id: 0, group_id: this.groupId }
      : { upload_url };
  }

  /**
   * VK's upload host: one `multipart/form-data` file in `photo` (photos) or `file` (documents).
   * A photo it cannot take is answered with `"photo": "[]"`; a document with `{error,
   * error_descr}` (both as SDKs handle them; the exact texts are [unconfirmed]).
   */
  private async receiveUpload(
    request: IncomingMessage,
    response: ServerResponse,
    kind: "photo" | "doc",
    slotId: string,
  ): Promise<void> {
    const answer = (status: number, body: Record<string, unknown>) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(body));
    };
    const slot = this.uploadSlots.get(slotId);
    const contentType = request.headers["content-type"] ?? "";
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (request.method !== "POST" || !slot || slot.kind !== kind) return answer(404, { error: "not found" });
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      return answer(200, { error: "ERR_UPLOAD_BAD_REQUEST", error_descr: "multipart/form-data expected" });
    }
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } })
      .formData()
      .catch(() => undefined);
    const field = kind === "photo" ? "photo" : "file";
    const part = form?.get(field);
    const sawToken =
      request.headers.authorization !== undefined ||
      new URL(request.url ?? "/", "http://fake").searchParams.has("access_token") ||
      form?.has("access_token") === true;
    if (!part || typeof part === "string") {
      const refused =
        kind === "photo"
          ? { server: 0, photo: "[]", hash: "" }
          : { error: "ERR_UPLOAD_FILE_NOT_UPLOADED", error_descr: `no file in ${field}` };
      return answer(200, refused);
    }
    const bytes = new Uint8Array(await part.arrayBuffer());
    let result: Record<string, unknown>;
    const refuse = this.refuseUploads > 0;
    if (refuse) this.refuseUploads -= 1;
    if (kind === "photo") {
      if (refuse || bytes.length > PHOTO_MAX_BYTES || !isPicture(bytes)) {
        result = { server: 0, photo: "[]", hash: "" };
      } else {
        const server = UPLOAD_SERVER;
        const photo = JSON.stringify([{ photo: randomBytes(5).toString("hex"), sizes: [], kid: slotId }]);
        const hash = randomBytes(16).toString("hex");
        this.pendingPhotos.set(hash, { server, photo });
        result = { server, photo, hash };
      }
    } else if (refuse || bytes.length === 0 || bytes.length > DOCUMENT_MAX_BYTES) {
      result = { error: "ERR_UPLOAD_FILE_NOT_UPLOADED", error_descr: "file was not uploaded" };
    } else {
      const file = [
        slot.peerId,
        0,
        0,
        240_331,
        randomBytes(5).toString("hex"),
        part.name,
        bytes.length,
        randomBytes(16).toString("hex"),
      ].join("|");
      this.pendingDocs.set(file, { filename: part.name, size: bytes.length });
      result = { file };
    }
    this.uploads.push({ kind, field, filename: part.name, type: part.type, bytes, sawToken, answer: result });
    this.uploadSlots.delete(slotId);
    return answer(200, result);
  }

  /** `photos.saveMessagesPhoto`: only what an upload answered, once (errors 118 invalid server, 121 invalid hash). */
  private saveMessagesPhoto(params: Record<string, string>): unknown {
    if (!params.photo) throw missing("photo");
    const pending = params.hash ? this.pendingPhotos.get(params.hash) : undefined;
    if (!pending || pending.photo !== params.photo) throw new VkApiError(121, "Invalid hash");
    if (String(pending.server) !== params.server) throw new VkApiError(118, "Invalid server");
    this.pendingPhotos.delete(params.hash as string);
    const id = this.nextMediaId++;
    const ownerId = -this.groupId;
    const accessKey = randomBytes(9).toString("hex");
    this.savedMedia.set(`photo${ownerId}_${id}`, accessKey);
    return [
      {
        album_id: -3,
        date: Math.floor(Date.now() / 1000),
        id,
        owner_id: ownerId,
        access_key: accessKey,
        sizes: [{ type: "x", width: 604, height: 604, url: this.fileUrl("photo.jpg") }],
        text: "",
        has_tags: false,
      },
    ];
  }

  /** `docs.save`: only a `file` an upload answered, once (a forged one: error 105, [unconfirmed] code). */
  private saveDoc(params: Record<string, string>): unknown {
    if (!params.file) throw missing("file");
    const pending = this.pendingDocs.get(params.file);
    if (!pending) throw new VkApiError(105, "Couldn't save file");
    this.pendingDocs.delete(params.file);
    const id = this.nextMediaId++;
    const ownerId = -this.groupId;
    const accessKey = randomBytes(9).toString("hex");
    this.savedMedia.set(`doc${ownerId}_${id}`, accessKey);
    const title = params.title || pending.filename;
    return {
      type: "doc",
      doc: {
        id,
        owner_id: ownerId,
        title,
        size: pending.size,
        ext: title.split(".").at(-1) ?? "",
        date: Math.floor(Date.now() / 1000),
        type: 1,
        url: this.fileUrl(title),
        access_key: accessKey,
      },
    };
  }

  /** `attachment`: comma-separated `<type><owner_id>_<media_id>[_<access_key>]`, each saved media (at most 10). */
  private checkAttachments(value: string): void {
    const items = value.split(",");
    const invalid = () =>
      new VkApiError(100, "One of the parameters specified was missing or invalid: attachment is invalid");
    if (items.length > 10) throw invalid();
    for (const item of items) {
      const match = /^(photo|doc)(-?\d+)_(\d+)(?:_([A-Za-z0-9]+))?$/.exec(item.trim());
      if (!match) throw invalid();
      const accessKey = this.savedMedia.get(`${match[1]}${match[2]}_${match[3]}`);
      if (accessKey === undefined || (match[4] !== undefined && match[4] !== accessKey)) throw invalid();
    }
  }

  private send(params: Record<string, string>, httpMethod: string): unknown {
    const peer = params.peer_id ?? params.user_id;
    if (!peer) throw missing("peer_id");
    if (params.random_id === undefined) throw missing("random_id");
    if (!/^-?\d+$/.test(params.random_id) || Math.abs(Number(params.random_id)) > 2 ** 31) {
      throw new VkApiError(
        100,
        "One of the parameters specified was missing or invalid: random_id is not integer",
      );
    }
    if (this.rateLimitedSends > 0) {
      this.rateLimitedSends -= 1;
      throw new VkApiError(6, "Too many requests per second");
    }
    const text = params.message ?? "";
    if (params.attachment !== undefined) this.checkAttachments(params.attachment);
    if (!text && !params.attachment)
      throw new VkApiError(
        100,
        "One of the parameters specified was missing or invalid: message is empty or invalid",
      );
    if ([...text].length > TEXT_LIMIT) throw new VkApiError(914, "Message is too long");
    if (this.blockedPeers.has(Number(peer)))
      throw new VkApiError(901, "Can't send messages for users without permission");
    const keyboard = params.keyboard === undefined ? undefined : checkVkKeyboard(params.keyboard);
    if (keyboard && this.botFeaturesOff)
      throw new VkApiError(912, "This is a chat bot feature, change this status in settings");
    if (keyboard && "error" in keyboard) throw new VkApiError(911, keyboard.error);
    // VK sends a message once per random_id: a repeat answers the first message's id.
    const repeated = params.random_id !== "0" ? this.messageIdByRandomId.get(params.random_id) : undefined;
    if (repeated !== undefined) return repeated;
    const id = this.nextMessageId++;
    if (params.random_id !== "0") this.messageIdByRandomId.set(params.random_id, id);
    if (keyboard && "rows" in keyboard) this.keyboards.set(Number(peer), keyboard.rows);
    this.sent.push({
      conversationId: peer,
      text,
      method: httpMethod,
      path: "/method/messages.send",
      body: { ...params },
    });
    return id;
  }
}

/** The first bytes of the pictures VK's photo upload takes (JPG, PNG, GIF). */
function isPicture(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 8));
  return (
    head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
    head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    head.subarray(0, 4).toString("latin1") === "GIF8"
  );
}

export const vkKit: VendorKit = {
  vendor: "vk",
  start: () => VkFake.start(),
};
