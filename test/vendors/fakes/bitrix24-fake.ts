import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthAccess } from "../../../src/vendors/contract/vendor-context.js";
import type { InboundTextOptions, SentMessage } from "../vendor-kit.js";

/**
 * A fake Bitrix24 portal (docs/channels.md, "Bitrix24") on loopback, for the adapter's tests
 * and the end-to-end suite. It speaks the portal's REST wire format: `POST /rest/{method}.json`
 * with the token in `auth` (JSON body, form body or query), answers `{"result": …, "time": {…}}`,
 * errors `{"error", "error_description"}` with Bitrix24's statuses (401 `expired_token` /
 * `invalid_token` / `NO_AUTH_FOUND`, 503 `QUERY_LIMIT_EXCEEDED`, 400 method errors). It also
 * plays oauth.bitrix.info's token endpoint (`GET /oauth/token/`).
 *
 * `imbot.message.add` takes `ATTACH` (rich attachments) as the im module reads it
 * (`parseBitrix24Attach`): items Bitrix24 would skip silently are recorded as dropped, an
 * attachment with nothing left is `ATTACH_ERROR`, and `MESSAGE` stays required. The portal does
 * not fetch attachment links (apidocs.bitrix24.com, "FILE Block"), so neither does the fake.
 *
 * It keeps the bots Parley registers and posts their events the way Bitrix24 does: form-encoded
 * with PHP-style nested keys (`data[PARAMS][MESSAGE]`), `auth[application_token]` in every
 * event, `ONAPPINSTALL` to the installation URL with the installing user's tokens.
 */

export const BITRIX24_TEXT_LIMIT = 10_000;
const BOT_EVENT_KEYS = ["EVENT_MESSAGE_ADD", "EVENT_WELCOME_MESSAGE", "EVENT_BOT_DELETE"] as const;

/** One REST call as the fake received it. */
export interface Bitrix24Call {
  method: string;
  params: Record<string, unknown>;
  token: string | undefined;
  /** Where the token came: `body` (JSON or form) or `query`. */
  tokenIn: "body" | "query" | "none";
}

interface FakeBot {
  id: number;
  code: string;
  type: string;
  openline: string;
  name: string;
  handlers: Record<(typeof BOT_EVENT_KEYS)[number], string>;
}

/** `{a: {b: "1"}}` → `a[b]=1`, as PHP's http_build_query writes it. */
export function phpForm(value: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, node: unknown) => {
    if (node === undefined || node === null) return;
    if (typeof node === "object") {
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        walk(prefix ? `${prefix}[${key}]` : key, child);
      }
      return;
    }
    pairs.push([prefix, String(node)]);
  };
  walk("", value);
  return new URLSearchParams(pairs).toString();
}

/** A block of a rich attachment as Bitrix24 keeps it (`IMAGE` and `FILE` items always as lists). */
export type Bitrix24AttachBlock =
  | { IMAGE: Array<{ LINK: string; NAME?: string; PREVIEW?: string; WIDTH?: number; HEIGHT?: number }> }
  | { FILE: Array<{ LINK: string; NAME?: string; SIZE?: number }> }
  | { MESSAGE: string }
  | { LINK: Array<Record<string, unknown>> }
  | { GRID: Array<Record<string, unknown>> }
  | { USER: Array<Record<string, unknown>> }
  | { DELIMITER: Record<string, unknown> };

/** An `ATTACH` as the portal stored it, and what it dropped on the way (items Bitrix24 skips silently). */
export interface Bitrix24Attach {
  /** `full`: `{ID?, COLOR?, BLOCKS}`; `short`: an array of blocks (or a JSON string of either). */
  form: "full" | "short";
  color?: string;
  blocks: Bitrix24AttachBlock[];
  dropped: Array<{ block: string; item: unknown; reason: string }>;
}

/** A message the bot sent with a rich attachment. */
export interface Bitrix24AttachMessage {
  messageId: number;
  dialogId: string;
  message: string;
  attach: Bitrix24Attach;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** PHP's `empty()` for a decoded JSON value. */
const phpEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  value === 0 ||
  value === "" ||
  value === "0" ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

/** `^(?:/|https?://)`: an absolute http(s) URL or a path from the portal's root. */
const LINK_PATTERN = /^(?:\/|https?:\/\/)/;

/** PHP's `intval` of a JSON scalar (numbers truncated, numeric string prefixes read). */
function phpInt(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === "string") return Number.parseInt(value.trim(), 10) || 0;
  if (value === true) return 1;
  return 0;
}

/**
 * `CIMMessageParamAttach::GetAttachByJson` as the im module runs it for `imbot.message.add`:
 * a JSON string is decoded; `{BLOCKS, COLOR?, ID?}` is the full form, any other array or object
 * is itself the list of blocks. `IMAGE` and `FILE` take one item or a list; an item whose `LINK`
 * is missing or not `http(s)://`/`/…` is skipped, `WIDTH`/`HEIGHT`/`SIZE` are kept only as
 * positive integers, an empty `NAME` is left out; a block with no item left is dropped. No block
 * left at all is `undefined` (the method then answers `ATTACH_ERROR`).
 */
export function parseBitrix24Attach(raw: unknown): Bitrix24Attach | undefined {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value) && !isRecord(value)) return undefined;
  const full = isRecord(value) && "BLOCKS" in value;
  const blocksIn = full ? (value as Record<string, unknown>).BLOCKS : value;
  const list = Array.isArray(blocksIn) ? blocksIn : isRecord(blocksIn) ? Object.values(blocksIn) : [];
  const attach: Bitrix24Attach = { form: full ? "full" : "short", blocks: [], dropped: [] };
  if (full && typeof (value as Record<string, unknown>).COLOR === "string") {
    attach.color = (value as Record<string, unknown>).COLOR as string;
  }
  const itemsOf = (node: unknown): unknown[] => (Array.isArray(node) ? node : isRecord(node) ? [node] : []);
  for (const data of list) {
    if (!isRecord(data)) continue;
    if ("IMAGE" in data) {
      const items: Array<{ LINK: string; NAME?: string; PREVIEW?: string; WIDTH?: number; HEIGHT?: number }> =
        [];
      for (const item of itemsOf(data.IMAGE)) {
        if (!isRecord(item) || typeof item.LINK !== "string" || !LINK_PATTERN.test(item.LINK)) {
          attach.dropped.push({
            block: "IMAGE",
            item,
            reason: "LINK is not an http(s) URL or a portal path",
          });
          continue;
        }
        const kept: (typeof items)[number] = { LINK: item.LINK };
        if (typeof item.NAME === "string" && item.NAME.trim() !== "") kept.NAME = item.NAME.trim();
        if (phpInt(item.WIDTH) > 0) kept.WIDTH = phpInt(item.WIDTH);
        if (phpInt(item.HEIGHT) > 0) kept.HEIGHT = phpInt(item.HEIGHT);
        if (typeof item.PREVIEW === "string" && LINK_PATTERN.test(item.PREVIEW)) kept.PREVIEW = item.PREVIEW;
        items.push(kept);
      }
      if (items.length > 0) attach.blocks.push({ IMAGE: items });
    } else if ("FILE" in data) {
      const items: Array<{ LINK: string; NAME?: string; SIZE?: number }> = [];
      for (const item of itemsOf(data.FILE)) {
        if (!isRecord(item) || typeof item.LINK !== "string" || !LINK_PATTERN.test(item.LINK)) {
          attach.dropped.push({ block: "FILE", item, reason: "LINK is not an http(s) URL or a portal path" });
          continue;
        }
        const kept: (typeof items)[number] = { LINK: item.LINK };
        if (typeof item.NAME === "string" && item.NAME.trim() !== "")
          kept.NAME = item.NAME.trim().replace(/\r\n|\r|\n/g, " ");
        if (phpInt(item.SIZE) > 0) kept.SIZE = phpInt(item.SIZE);
        else if (item.SIZE !== undefined)
          attach.dropped.push({
            block: "FILE",
            item,
            reason: "SIZE is not a positive integer (shown without a size)",
          });
        items.push(kept);
      }
      if (items.length > 0) attach.blocks.push({ FILE: items });
    } else if ("MESSAGE" in data) {
      const text = typeof data.MESSAGE === "string" ? data.MESSAGE.trim() : "";
      if (text !== "") attach.blocks.push({ MESSAGE: text });
    } else if ("LINK" in data) {
      const links = itemsOf(data.LINK).filter(
        (item): item is Record<string, unknown> =>
          isRecord(item) && typeof item.LINK === "string" && LINK_PATTERN.test(item.LINK),
      );
      if (links.length > 0) attach.blocks.push({ LINK: links });
    } else if ("GRID" in data) {
      const rows = itemsOf(data.GRID).filter(isRecord);
      if (rows.length > 0) attach.blocks.push({ GRID: rows });
    } else if ("USER" in data) {
      const users = itemsOf(data.USER).filter(
        (item): item is Record<string, unknown> =>
          isRecord(item) && typeof item.NAME === "string" && item.NAME.trim() !== "",
      );
      if (users.length > 0) attach.blocks.push({ USER: users });
    } else if ("DELIMITER" in data) {
      attach.blocks.push({ DELIMITER: isRecord(data.DELIMITER) ? data.DELIMITER : {} });
    }
  }
  return attach.blocks.length > 0 ? attach : undefined;
}

/** The im module refuses an attachment whose stored JSON reaches 60 000 characters. */
const ATTACH_MAX_CHARS = 60_000;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

const timing = () => {
  const now = Date.now() / 1000;
  return {
    start: now,
    finish: now,
    duration: 0.01,
    processing: 0.005,
    date_start: "",
    date_finish: "",
    operating: 0,
  };
};

export class Bitrix24Fake {
  readonly vendor = "bitrix24";
  readonly portal = `acme-${randomBytes(3).toString("hex")}.bitrix24.test`;
  readonly memberId = randomBytes(16).toString("hex");
  readonly applicationToken = randomBytes(16).toString("hex");
  readonly clientId = `local.${randomBytes(7).toString("hex")}.${randomBytes(4).toString("hex")}`;
  readonly clientSecret = randomBytes(24).toString("base64url");
  /** The user who installed the application (and authorized the OAuth connection). */
  readonly adminUserId = 1;
  readonly registersWebhook = true;
  readonly textLimit = BITRIX24_TEXT_LIMIT;
  readonly sent: SentMessage[] = [];
  readonly calls: Bitrix24Call[] = [];
  readonly typing: Array<{ botId: string; dialogId: string }> = [];
  /** Messages sent with `ATTACH`, as the portal kept the attachment. */
  readonly attachments: Bitrix24AttachMessage[] = [];
  readonly bots = new Map<number, FakeBot>();
  readonly contacts = new Map<number, Record<string, unknown>>();
  readonly deals = new Map<number, Record<string, unknown>>();
  /** Every `GET /oauth/token/` query, in order. */
  readonly tokenRequests: Array<Record<string, string>> = [];
  expectedProfile = { id: String(this.adminUserId), name: "Anna Admin" };
  baseUrl = "";
  env: Record<string, string> = {};

  private readonly server: Server;
  private readonly validTokens = new Set<string>();
  private readonly expiredTokens = new Set<string>();
  private readonly refreshTokens = new Set<string>();
  private readonly codes = new Set<string>();
  private revoked = false;
  private rateLimited: { count: number; method?: string } = { count: 0 };
  private readonly failures: Array<{
    method: string;
    status: number;
    error: string;
    description: string;
    when?: (params: Record<string, unknown>) => boolean;
  }> = [];
  private nextId = 100;
  private appInstalled = true;

  private constructor() {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  }

  static async start(): Promise<Bitrix24Fake> {
    const fake = new Bitrix24Fake();
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.baseUrl = `http://127.0.0.1:${port}`;
    fake.env = { PARLEY_BITRIX24_API_URL: fake.restBase };
    return fake;
  }

  /** The portal's REST endpoint as the token answer names it (`client_endpoint`, trailing slash). */
  get clientEndpoint(): string {
    return `${this.baseUrl}/rest/`;
  }

  /** The REST base without the slash, as `OAuthAccess.apiBase`. */
  get restBase(): string {
    return `${this.baseUrl}/rest`;
  }

  /** The token endpoint, for PARLEY_BITRIX24_TOKEN_URL. */
  get tokenUrl(): string {
    return `${this.baseUrl}/oauth/token/`;
  }

  authData(): Record<string, unknown> {
    return { portal: this.portal, client_id: this.clientId, client_secret: this.clientSecret };
  }

  /** A fresh access token the portal accepts, as an OAuth connection holds it. */
  issueToken(): string {
    const token = `b24_${randomBytes(20).toString("hex")}`;
    this.validTokens.add(token);
    return token;
  }

  /** An `oauth()` for an adapter context: a live token on this portal (a fresh one per call unless `fixed`). */
  oauth(options: { fixed?: string } = {}): () => Promise<OAuthAccess> {
    return async () => ({
      accessToken: options.fixed ?? this.issueToken(),
      apiBase: this.restBase,
      account: { member_id: this.memberId, domain: this.portal, user_id: String(this.adminUserId) },
    });
  }

  /** The token stops working with `expired_token`, as after its hour. */
  expire(token: string): void {
    this.validTokens.delete(token);
    this.expiredTokens.add(token);
  }

  /** A one-time authorization code, as the portal's consent page would hand it out. */
  authorizationCode(): string {
    const code = randomBytes(12).toString("hex");
    this.codes.add(code);
    return code;
  }

  rateLimitNextSends(count: number, _retryAfterSeconds?: number): void {
    this.rateLimited = { count, method: "imbot.message.add" };
  }

  /** The next `count` calls (of `method`, or any) answer 503 `QUERY_LIMIT_EXCEEDED`. */
  rateLimitNextCalls(count: number, method?: string): void {
    this.rateLimited = { count, ...(method ? { method } : {}) };
  }

  /** The next call of `method` (that `when` picks, if given) answers this error. */
  failNext(
    method: string,
    status: number,
    error: string,
    description: string,
    when?: (params: Record<string, unknown>) => boolean,
  ): void {
    this.failures.push({ method, status, error, description, ...(when ? { when } : {}) });
  }

  /** The next `count` `imbot.message.add` calls that carry `ATTACH` answer 503 `QUERY_LIMIT_EXCEEDED`. */
  rateLimitNextAttachments(count: number): void {
    for (let i = 0; i < count; i += 1) {
      this.failNext(
        "imbot.message.add",
        503,
        "QUERY_LIMIT_EXCEEDED",
        "Too many requests",
        (params) => !phpEmpty(params.ATTACH),
      );
    }
  }

  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /** The handler URL of the newest bot (where its events go). */
  registeredHookUrl(): string | undefined {
    return [...this.bots.values()].at(-1)?.handlers.EVENT_MESSAGE_ADD;
  }

  callsOf(method: string): Bitrix24Call[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Posts an event to `url` as Bitrix24 does (form-encoded, nested keys). */
  async postEvent(
    url: string,
    event: string,
    data: Record<string, unknown>,
    auth: Record<string, unknown> = {},
  ): Promise<{ status: number; body: string }> {
    const token = this.issueToken();
    const body = phpForm({
      event,
      event_handler_id: "403",
      data,
      ts: String(Math.floor(Date.now() / 1000)),
      auth: {
        access_token: token,
        expires: String(Math.floor(Date.now() / 1000) + 3600),
        expires_in: "3600",
        scope: "imbot,crm",
        domain: this.portal,
        server_endpoint: "https://oauth.bitrix.info/rest/",
        status: "L",
        client_endpoint: this.clientEndpoint,
        member_id: this.memberId,
        user_id: String(this.adminUserId),
        refresh_token: randomBytes(16).toString("hex"),
        application_token: this.applicationToken,
        ...auth,
      },
    });
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  /** `ONAPPINSTALL` to the application's installation URL, with the installing admin's tokens. */
  install(url: string, auth: Record<string, unknown> = {}): Promise<{ status: number; body: string }> {
    this.appInstalled = true;
    return this.postEvent(
      url,
      "ONAPPINSTALL",
      { VERSION: "1", ACTIVE: "Y", INSTALLED: "Y", LANGUAGE_ID: "ru" },
      auth,
    );
  }

  async deliverText(
    options: InboundTextOptions & { chatType?: "P" | "C" | "L"; lineId?: string; botId?: number },
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const bot = options.botId ? this.bots.get(options.botId) : [...this.bots.values()].at(-1);
    const url = options.hookUrl ?? bot?.handlers.EVENT_MESSAGE_ADD;
    if (!url) throw new Error("bitrix24 fake: no bot registered and no hookUrl given");
    const userId = options.userId ?? "27";
    const chatType = options.chatType ?? "P";
    const chatId = 1000 + Number(userId.replace(/\D/g, "") || "0");
    const conversationId = options.conversationId ?? (chatType === "P" ? userId : `chat${chatId}`);
    const botId = bot?.id ?? 567;
    const [first, ...rest] = (options.userName ?? "Emily Smith").split(" ");
    const params: Record<string, unknown> = {
      MESSAGE: options.text,
      MESSAGE_TYPE: chatType,
      FROM_USER_ID: userId,
      DIALOG_ID: conversationId,
      TO_USER_ID: String(botId),
      AUTHOR_ID: userId,
      SYSTEM: "N",
      MESSAGE_ID: options.messageId ?? String(this.nextId++ * 7),
      CHAT_TYPE: chatType,
      LANGUAGE: "en",
      ...(chatType === "P"
        ? { TO_CHAT_ID: String(chatId) }
        : {
            CHAT_ID: String(chatId),
            TO_CHAT_ID: String(chatId),
            CHAT_TITLE: chatType === "L" ? `${options.userName ?? "Visitor"} - Open line` : "Team chat",
            CHAT_ENTITY_TYPE: chatType === "L" ? "LINES" : "",
            CHAT_ENTITY_ID:
              chatType === "L" ? `telegrambot|${options.lineId ?? "1"}|${chatId}|${userId}` : "",
          }),
    };
    const data = {
      BOT: {
        [botId]: {
          access_token: this.issueToken(),
          expires_in: "3600",
          domain: this.portal,
          member_id: this.memberId,
          client_endpoint: this.clientEndpoint,
          user_id: String(botId),
          client_id: this.clientId,
          application_token: this.applicationToken,
          BOT_ID: String(botId),
          BOT_CODE: bot?.code ?? "bot",
        },
      },
      PARAMS: params,
      USER: {
        ID: userId,
        NAME: options.userName ?? "Emily Smith",
        FIRST_NAME: first ?? "",
        LAST_NAME: rest.join(" "),
        IS_BOT: "N",
        IS_CONNECTOR: chatType === "L" ? "Y" : "N",
      },
    };
    const auth = options.badProof ? { application_token: `forged_${randomBytes(8).toString("hex")}` } : {};
    const { status, body } = await this.postEvent(url, "ONIMBOTMESSAGEADD", data, {
      ...auth,
      user_id: userId,
    });
    return { status, body, conversationId };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const raw = await readBody(request);
    if (url.pathname === "/oauth/token/" || url.pathname === "/oauth/token") {
      return this.token(Object.fromEntries(url.searchParams), response);
    }
    const method = /^\/rest\/([a-z0-9_.]+?)(?:\.json)?$/i.exec(url.pathname)?.[1];
    if (!method || request.method !== "POST") return sendJson(response, 404, { error: "NOT_FOUND" });

    let params: Record<string, unknown> = {};
    const contentType = request.headers["content-type"] ?? "";
    if (raw !== "") {
      if (contentType.includes("json")) {
        try {
          params = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(response, 400, { error: "INVALID_REQUEST", error_description: "Bad JSON" });
        }
      } else {
        params = Object.fromEntries(new URLSearchParams(raw));
      }
    }
    const bodyToken = typeof params.auth === "string" ? params.auth : undefined;
    const queryToken = url.searchParams.get("auth") ?? undefined;
    const { auth: _auth, ...rest } = params;
    const token = bodyToken ?? queryToken;
    this.calls.push({
      method,
      params: rest,
      token,
      tokenIn: bodyToken ? "body" : queryToken ? "query" : "none",
    });

    if (!token) {
      return sendJson(response, 401, {
        error: "NO_AUTH_FOUND",
        error_description: "Wrong authorization data",
      });
    }
    if (this.expiredTokens.has(token)) {
      return sendJson(response, 401, {
        error: "expired_token",
        error_description: "The access token provided has expired.",
      });
    }
    if (this.revoked || !this.validTokens.has(token)) {
      return sendJson(response, 401, {
        error: "invalid_token",
        error_description: "The access token provided is invalid.",
      });
    }
    if (this.rateLimited.count > 0 && (!this.rateLimited.method || this.rateLimited.method === method)) {
      this.rateLimited.count -= 1;
      return sendJson(response, 503, {
        error: "QUERY_LIMIT_EXCEEDED",
        error_description: "Too many requests",
      });
    }
    const failure = this.failures.findIndex((f) => f.method === method && (!f.when || f.when(rest)));
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      return sendJson(response, f!.status, { error: f!.error, error_description: f!.description });
    }
    const answer = this.method(method, rest);
    if ("error" in answer)
      return sendJson(response, answer.status, {
        error: answer.error,
        error_description: answer.description,
      });
    sendJson(response, 200, { result: answer.result, time: timing() });
  }

  private method(
    method: string,
    params: Record<string, unknown>,
  ): { result: unknown } | { error: string; description: string; status: number } {
    const refuse = (error: string, description: string, status = 400) => ({ error, description, status });
    const botOf = (value: unknown) => this.bots.get(Number(value));
    switch (method) {
      case "app.info":
        return {
          result: {
            ID: "7",
            CODE: this.clientId,
            VERSION: 1,
            STATUS: "L",
            INSTALLED: this.appInstalled,
            PAYMENT_EXPIRED: "N",
            DAYS: null,
            LICENSE: "ru_project",
          },
        };
      case "profile":
        return {
          result: {
            ID: String(this.adminUserId),
            ADMIN: true,
            NAME: "Anna",
            LAST_NAME: "Admin",
            PERSONAL_PHOTO: "",
          },
        };
      case "imbot.bot.list":
        return {
          result: Object.fromEntries(
            [...this.bots.values()].map((bot) => [
              String(bot.id),
              { ID: bot.id, NAME: bot.name, CODE: bot.code, OPENLINE: bot.openline },
            ]),
          ),
        };
      case "imbot.register": {
        const code = typeof params.CODE === "string" ? params.CODE : "";
        if (!code) return refuse("CODE_ERROR", "Bot code isn't specified");
        for (const key of BOT_EVENT_KEYS) {
          if (typeof params[key] !== "string" || !/^https?:\/\//.test(params[key] as string)) {
            return refuse(`${key}_ERROR`, "Wrong handler URL");
          }
        }
        const properties = (params.PROPERTIES ?? {}) as Record<string, unknown>;
        if (typeof properties.NAME !== "string" || properties.NAME === "")
          return refuse("NAME_ERROR", "Bot name isn't specified");
        const existing = [...this.bots.values()].find((bot) => bot.code === code);
        if (existing) return { result: existing.id };
        const id = this.nextId++;
        this.bots.set(id, {
          id,
          code,
          type: typeof params.TYPE === "string" ? params.TYPE : "B",
          openline: params.OPENLINE === "Y" || params.TYPE === "O" ? "Y" : "N",
          name: properties.NAME,
          handlers: {
            EVENT_MESSAGE_ADD: params.EVENT_MESSAGE_ADD as string,
            EVENT_WELCOME_MESSAGE: params.EVENT_WELCOME_MESSAGE as string,
            EVENT_BOT_DELETE: params.EVENT_BOT_DELETE as string,
          },
        });
        return { result: id };
      }
      case "imbot.update": {
        const bot = botOf(params.BOT_ID);
        if (!bot) return refuse("BOT_ID_ERROR", "Bot not found");
        const fields = (params.FIELDS ?? {}) as Record<string, unknown>;
        for (const key of BOT_EVENT_KEYS)
          if (typeof fields[key] === "string") bot.handlers[key] = fields[key] as string;
        const name = (fields.PROPERTIES as Record<string, unknown> | undefined)?.NAME;
        if (typeof name === "string") bot.name = name;
        return { result: true };
      }
      case "imbot.unregister": {
        if (!botOf(params.BOT_ID)) return refuse("BOT_ID_ERROR", "Bot not found");
        this.bots.delete(Number(params.BOT_ID));
        return { result: true };
      }
      case "imbot.message.add": {
        const bot = botOf(params.BOT_ID);
        if (!bot) return refuse("BOT_ID_ERROR", "Bot not found");
        if (typeof params.DIALOG_ID !== "string" || params.DIALOG_ID === "")
          return refuse("DIALOG_ID_EMPTY", "Dialog ID can't be empty");
        // imbot.message.add needs a text even with ATTACH (im.message.add does not).
        if (typeof params.MESSAGE !== "string" || params.MESSAGE.trim() === "")
          return refuse("MESSAGE_EMPTY", "Message can't be empty");
        let attach: Bitrix24Attach | undefined;
        if (!phpEmpty(params.ATTACH)) {
          attach = parseBitrix24Attach(params.ATTACH);
          if (!attach) return refuse("ATTACH_ERROR", "Incorrect attach params");
          if (JSON.stringify({ BLOCKS: attach.blocks }).length >= ATTACH_MAX_CHARS)
            return refuse("ATTACH_OVERSIZE", "You have exceeded the maximum allowable size of attach");
        }
        const id = this.nextId++ * 11;
        if (attach) {
          this.attachments.push({
            messageId: id,
            dialogId: params.DIALOG_ID,
            message: params.MESSAGE.trim(),
            attach,
          });
        }
        this.sent.push({
          conversationId: params.DIALOG_ID,
          // The v2 API cuts longer texts; the fake keeps what would be shown.
          text: [...params.MESSAGE].slice(0, 20_000).join(""),
          method: "POST",
          path: "/rest/imbot.message.add.json",
          body: params,
        });
        return { result: id };
      }
      case "imbot.chat.sendTyping": {
        if (!botOf(params.BOT_ID)) return refuse("BOT_ID_ERROR", "Bot not found");
        this.typing.push({ botId: String(params.BOT_ID), dialogId: String(params.DIALOG_ID) });
        return { result: true };
      }
      case "crm.duplicate.findbycomm": {
        const type = params.type;
        const values = Array.isArray(params.values) ? (params.values as unknown[]).map(String) : [];
        if ((type !== "EMAIL" && type !== "PHONE") || values.length === 0)
          return refuse("", "Parameter 'type' or 'values' is invalid");
        const ids = [...this.contacts.entries()]
          .filter(([, fields]) =>
            ((fields[type] as Array<{ VALUE: string }> | undefined) ?? []).some((item) =>
              values.includes(item.VALUE),
            ),
          )
          .map(([id]) => id);
        // PHP's empty array: `[]` when nothing is found.
        return { result: ids.length > 0 ? { CONTACT: ids } : [] };
      }
      case "crm.contact.add": {
        const fields = (params.fields ?? {}) as Record<string, unknown>;
        if (!fields.NAME && !fields.LAST_NAME) return refuse("", "Required fields are not filled: Name");
        const id = this.nextId++;
        this.contacts.set(id, fields);
        return { result: id };
      }
      case "crm.deal.add": {
        const fields = (params.fields ?? {}) as Record<string, unknown>;
        if (typeof fields.TITLE !== "string" || fields.TITLE === "")
          return refuse("", "Title is not specified");
        if (fields.CONTACT_ID !== undefined && !this.contacts.has(Number(fields.CONTACT_ID))) {
          return refuse("", `Contact with ID ${String(fields.CONTACT_ID)} is not found`);
        }
        const id = this.nextId++;
        this.deals.set(id, fields);
        return { result: id };
      }
      default:
        return refuse("ERROR_METHOD_NOT_FOUND", "Method not found!", 404);
    }
  }

  private token(query: Record<string, string>, response: ServerResponse): void {
    this.tokenRequests.push(query);
    if (query.client_id !== this.clientId || query.client_secret !== this.clientSecret) {
      sendJson(response, 401, { error: "invalid_client", error_description: "Invalid client" });
      return;
    }
    if (query.grant_type === "authorization_code") {
      if (!query.code || !this.codes.delete(query.code)) {
        sendJson(response, 400, {
          error: "invalid_grant",
          error_description: "Invalid authorization code",
        });
        return;
      }
    } else if (query.grant_type === "refresh_token") {
      if (this.revoked || !query.refresh_token || !this.refreshTokens.delete(query.refresh_token)) {
        sendJson(response, 400, {
          error: "invalid_grant",
          error_description: "Invalid refresh token",
        });
        return;
      }
    } else {
      sendJson(response, 400, {
        error: "unsupported_grant_type",
        error_description: "Unsupported grant type",
      });
      return;
    }
    const refreshToken = randomBytes(20).toString("hex");
    this.refreshTokens.add(refreshToken);
    sendJson(response, 200, {
      access_token: this.issueToken(),
      expires: Math.floor(Date.now() / 1000) + 3600,
      expires_in: 3600,
      scope: "app,imbot,crm,user",
      domain: "oauth.bitrix.info",
      server_endpoint: "https://oauth.bitrix.info/rest/",
      client_endpoint: this.clientEndpoint,
      member_id: this.memberId,
      user_id: this.adminUserId,
      status: "L",
      refresh_token: refreshToken,
    });
  }
}
