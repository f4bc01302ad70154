import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeVendor, InboundTextOptions, SentMessage, VendorKit } from "../vendor-kit.js";
import { checkTelegramHtml } from "./telegram-html.js";

/**
 * A fake Telegram Bot API on 127.0.0.1 (docs/channels.md, "Telegram"). It serves
 * `/bot<token>/<method>` (method names case-insensitive; parameters from the query string, a JSON
 * body or a form body) and `/file/bot<token>/<file_path>`, answers `{"ok":true,"result":…}` or
 * `{"ok":false,"error_code":N,"description":…,"parameters"?}` with the HTTP status equal to
 * `error_code`, and plays Telegram's side of the webhook: `deliverText` posts an `Update` to the
 * URL registered with setWebhook, carrying the registered `secret_token` in
 * `X-Telegram-Bot-Api-Secret-Token`.
 *
 * `sendMessage` with `parse_mode: "HTML"` checks the HTML as Telegram parses it
 * (telegram-html.ts) and answers Telegram's 400 "can't parse entities" when it is not valid; the
 * empty-text and 4096 limits apply to the text after parsing, as Telegram counts them.
 * Buttons: sendMessage's `reply_markup` must be a real `InlineKeyboardMarkup` (an object, or its
 * JSON as form bodies send it): `inline_keyboard` rows of buttons with a non-empty `text` and
 * exactly one action, `callback_data` of 1–64 bytes or an http(s) `url`, at most 100 buttons
 * [that total is unconfirmed]. `pressButton` plays a customer pressing one: a `callback_query`
 * update carrying the bot's message with its `reply_markup`, as Telegram sends it. The query is
 * answered either by an `answerCallbackQuery` call or, as the Bot API allows, by a method call in
 * the webhook's response body; the fake runs such a response as a call and records both in
 * `answeredCallbacks`.
 *
 * Files: `sendPhoto` and `sendDocument` take the file as a multipart upload in the field named
 * after the method (`photo`, `document`) beside `chat_id` and `caption` (sendMedia).
 *
 * Deviations from Telegram, on purpose: setWebhook accepts `http://127.0.0.1` URLs (Telegram wants
 * HTTPS on ports 443/80/88/8443), and nothing is ever queued for redelivery.
 */

export const FAKE_BOT_ID = 7_000_000_001;
/** The chat (and user) `deliverText` writes from when the caller names none: a private chat. */
export const DEFAULT_USER_ID = "100200300";
const DEFAULT_USER_NAME = "Ann Example";

/** One Bot API call as the fake received it (file downloads have method `file`). */
export interface TelegramCall {
  httpMethod: string;
  /** The Bot API method as sent (its case kept), or `file` for a download. */
  method: string;
  path: string;
  params: Record<string, unknown>;
  contentType: string | undefined;
}

export interface TelegramWebhook {
  url: string;
  secretToken: string | undefined;
  allowedUpdates: unknown;
}

export interface StoredFile {
  fileId: string;
  filePath: string;
  bytes: Uint8Array;
  /** What the file server answers in `content-type` (Telegram mostly says octet-stream). */
  contentType: string;
}

interface TelegramError {
  code: number;
  description: string;
  parameters?: Record<string, unknown>;
}

/** A button of an inline keyboard as the fake checked it. */
export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
}

export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

/** A message the bot sent, as Telegram keeps it (what a callback_query carries back). */
interface BotMessage {
  message_id: number;
  chat: FakeChat;
  text: string;
  reply_markup?: InlineKeyboard;
}

export interface PressOptions {
  /** The chat the keyboard is in; defaults to the default user's private chat. */
  conversationId?: string;
  /** The button to press, by its text; else by `callbackData`. */
  buttonText?: string;
  callbackData?: string;
  /** Who presses (defaults to the default user). */
  userId?: string;
  /** Send the callback without its message, as Telegram does for messages too old to give. */
  inaccessibleMessage?: boolean;
  /**
   * The pressed button carries this `callback_data` instead, on the keyboard the update carries
   * too: as if the keyboard had been sent with it (a button id of another conversation, say).
   */
  forgedData?: string;
}

interface FakeChat {
  id: number;
  type: string;
  title?: string;
  first_name?: string;
}

class HttpError extends Error {
  constructor(readonly error: TelegramError) {
    super(error.description);
  }
}

const badRequest = (description: string) =>
  new HttpError({ code: 400, description: `Bad Request: ${description}` });

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

export class TelegramFake implements FakeVendor {
  readonly token = `${FAKE_BOT_ID}:AAsx_fake_${randomBytes(12).toString("hex")}`;
  readonly bot = {
    id: FAKE_BOT_ID,
    is_bot: true,
    first_name: "Parley Test Bot",
    username: "parley_test_bot",
  };
  readonly expectedProfile = {
    id: String(FAKE_BOT_ID),
    name: this.bot.first_name,
    username: this.bot.username,
  };
  readonly registersWebhook = true;
  readonly textLimit = 4096;
  readonly sent: SentMessage[] = [];
  /** Every request, in arrival order (file downloads included). */
  readonly calls: TelegramCall[] = [];
  readonly files = new Map<string, StoredFile>();
  /** The bot's profile photo sizes (newest photo only), smallest first, as Telegram lists them. */
  profilePhoto: Array<{ file_id: string; width: number; height: number }> = [];
  webhook: TelegramWebhook | undefined;
  /** Chats that answer 403 "bot was blocked by the user" to sends. */
  readonly blockedChats = new Set<string>();
  /** Chats that answer 400 "chat not found" to sends. */
  readonly unknownChats = new Set<string>();
  /** Callback queries answered, by `answerCallbackQuery` or in the webhook's response. */
  readonly answeredCallbacks: Array<{ callbackQueryId: string; via: "api" | "webhook_response" }> = [];
  /** Errors the next sendMessage calls answer with, first in first out. */
  readonly sendFailures: TelegramError[] = [];
  /** Errors the next sendPhoto / sendDocument calls answer, one each, before the ones above. */
  readonly mediaFailures: TelegramError[] = [];
  baseUrl = "";
  private revoked = false;
  private nextUpdateId = 500_000;
  private nextMessageId = 1;
  private readonly chats = new Map<string, FakeChat>();
  /** The bot's messages by `<chat id>:<message_id>`. */
  private readonly botMessages = new Map<string, BotMessage>();
  /** Callback queries sent and not answered yet. */
  private readonly openCallbacks = new Set<string>();
  private nextCallbackId = 1;
  /** A caller's message id (any string) → the Telegram message_id and update_id it was given. */
  private readonly deliveries = new Map<string, { messageId: number; updateId: number }>();
  private server: Server | undefined;

  get env(): Record<string, string> {
    return { PARLEY_TELEGRAM_API_URL: this.baseUrl };
  }

  authData(): Record<string, unknown> {
    return { token: this.token };
  }

  registeredHookUrl(): string | undefined {
    return this.webhook?.url || undefined;
  }

  rateLimitNextSends(count: number, retryAfterSeconds: number): void {
    for (let i = 0; i < count; i += 1) {
      this.sendFailures.push({
        code: 429,
        description: `Too Many Requests: retry after ${retryAfterSeconds}`,
        parameters: { retry_after: retryAfterSeconds },
      });
    }
  }

  revokeCredentials(): void {
    this.revoked = true;
  }

  restoreCredentials(): void {
    this.revoked = false;
  }

  /** Stores a file the bot can download (getFile + file endpoint); returns its file_id. */
  addFile(filePath: string, bytes: Uint8Array, contentType = "application/octet-stream"): string {
    const fileId = `AgAC${randomBytes(9).toString("base64url")}`;
    this.files.set(fileId, { fileId, filePath, bytes, contentType });
    return fileId;
  }

  /** Gives the bot a profile photo in two sizes; returns the largest size's file_id. */
  setProfilePhoto(bytes: Uint8Array): string {
    const small = this.addFile("profile_photos/file_0.jpg", bytes.subarray(0, Math.min(bytes.length, 16)));
    const large = this.addFile("profile_photos/file_1.jpg", bytes);
    this.profilePhoto = [
      { file_id: small, width: 160, height: 160 },
      { file_id: large, width: 640, height: 640 },
    ];
    return large;
  }

  async deliverText(
    options: InboundTextOptions,
  ): Promise<{ status: number; body: string; conversationId: string }> {
    return this.deliverMessage({ ...options, content: { text: options.text } });
  }

  /**
   * A customer's message of any content (`photo`, `document`, `voice`, … as the Bot API's
   * `Message` carries them) posted to the webhook like deliverText's.
   */
  async deliverMessage(
    options: Omit<InboundTextOptions, "text"> & { content: Record<string, unknown> },
  ): Promise<{ status: number; body: string; conversationId: string }> {
    const url = options.hookUrl ?? this.registeredHookUrl();
    if (!url) throw new Error("telegram fake: no webhook registered (run setUpWebhook) and no hookUrl given");
    const userId = options.userId ?? DEFAULT_USER_ID;
    const [firstName, ...rest] = (options.userName ?? DEFAULT_USER_NAME).split(" ");
    const from = {
      id: Number(userId),
      is_bot: false,
      first_name: firstName || "User",
      ...(rest.length > 0 ? { last_name: rest.join(" ") } : {}),
      language_code: "en",
    };
    const chat = this.chatFor(options.conversationId ?? userId, from.first_name);
    const { messageId, updateId } = this.deliveryIds(String(chat.id), options.messageId);
    const update = {
      update_id: updateId,
      message: {
        message_id: messageId,
        from,
        chat,
        date: Math.floor(Date.now() / 1000),
        ...options.content,
      },
    };
    const answer = await this.postUpdate(url, update, options.badProof);
    return { ...answer, conversationId: String(chat.id) };
  }

  /**
   * A customer presses a button of the newest keyboard the bot sent to the chat: a real
   * `callback_query` update (the bot's message with its `reply_markup`, the button's
   * `callback_data`) posted to the webhook. Returns Parley's answer and the query's id.
   */
  async pressButton(
    options: PressOptions,
  ): Promise<{ status: number; body: string; callbackQueryId: string }> {
    const url = this.registeredHookUrl();
    if (!url) throw new Error("telegram fake: no webhook registered (run setUpWebhook)");
    const chatId = options.conversationId ?? DEFAULT_USER_ID;
    const keyboards = [...this.botMessages.values()].filter(
      (message) => String(message.chat.id) === chatId && message.reply_markup,
    );
    const message = keyboards.at(-1);
    if (!message?.reply_markup) throw new Error(`telegram fake: no keyboard was sent to chat ${chatId}`);
    const button = message.reply_markup.inline_keyboard
      .flat()
      .find((key) =>
        options.buttonText !== undefined
          ? key.text === options.buttonText
          : key.callback_data === options.callbackData,
      );
    if (!button?.callback_data) throw new Error("telegram fake: no such callback button on the keyboard");
    const data = options.forgedData ?? button.callback_data;
    const markup = {
      inline_keyboard: message.reply_markup.inline_keyboard.map((row) =>
        row.map((key) => (key === button ? { ...key, callback_data: data } : key)),
      ),
    };
    const userId = options.userId ?? DEFAULT_USER_ID;
    const callbackQueryId = `${FAKE_BOT_ID}${String(this.nextCallbackId++).padStart(8, "0")}`;
    this.openCallbacks.add(callbackQueryId);
    const update = {
      update_id: this.nextUpdateId++,
      callback_query: {
        id: callbackQueryId,
        from: {
          id: Number(userId),
          is_bot: false,
          first_name: DEFAULT_USER_NAME.split(" ")[0],
          language_code: "en",
        },
        message: options.inaccessibleMessage
          ? { chat: message.chat, message_id: message.message_id, date: 0 }
          : {
              message_id: message.message_id,
              from: {
                id: this.bot.id,
                is_bot: true,
                first_name: this.bot.first_name,
                username: this.bot.username,
              },
              chat: message.chat,
              date: Math.floor(Date.now() / 1000),
              text: message.text,
              reply_markup: markup,
            },
        chat_instance: `-${chatId.replace("-", "")}77`,
        data,
      },
    };
    const answer = await this.postUpdate(url, update);
    return { ...answer, callbackQueryId };
  }

  /**
   * Posts an update with the registered secret; a 200 JSON answer naming a `method` is run as a
   * Bot API call, as Telegram does with webhook responses.
   */
  private async postUpdate(
    url: string,
    update: unknown,
    badProof = false,
  ): Promise<{ status: number; body: string }> {
    const secret = this.webhook?.secretToken;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (badProof) headers["x-telegram-bot-api-secret-token"] = `${secret ?? ""}wrong`;
    else if (secret !== undefined) headers["x-telegram-bot-api-secret-token"] = secret;
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(update) });
    const body = await response.text();
    if (response.ok && response.headers.get("content-type")?.startsWith("application/json")) {
      this.runWebhookResponse(body);
    }
    return { status: response.status, body };
  }

  private runWebhookResponse(body: string): void {
    let call: unknown;
    try {
      call = JSON.parse(body);
    } catch {
      return;
    }
    if (
      typeof call !== "object" ||
      call === null ||
      typeof (call as { method?: unknown }).method !== "string"
    ) {
      return;
    }
    const { method, ...params } = call as { method: string } & Record<string, unknown>;
    this.calls.push({
      httpMethod: "POST",
      method,
      path: "webhook response",
      params,
      contentType: "application/json",
    });
    // Telegram gives no result for a call in a webhook response; a failing one is simply not done.
    try {
      if (method.toLowerCase() === "answercallbackquery") this.answerCallback(params, "webhook_response");
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          this.reply(res, { code: 500, description: `Internal Server Error: ${String(error)}` });
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A private chat when the id is the user's, otherwise a group (`-100…` ids are supergroups). */
  private chatFor(conversationId: string, firstName: string): FakeChat {
    const known = this.chats.get(conversationId);
    if (known) return known;
    const id = Number(conversationId);
    if (!Number.isSafeInteger(id))
      throw new Error(`telegram fake: chat ids are integers, got ${conversationId}`);
    const chat: FakeChat =
      id > 0
        ? { id, type: "private", first_name: firstName }
        : { id, type: conversationId.startsWith("-100") ? "supergroup" : "group", title: "Fake group" };
    this.chats.set(conversationId, chat);
    return chat;
  }

  /** The same caller message id always maps to the same message (a redelivery), a fresh one otherwise. */
  private deliveryIds(chatId: string, callerId: string | undefined): { messageId: number; updateId: number } {
    const key = callerId === undefined ? undefined : `${chatId}/${callerId}`;
    const known = key === undefined ? undefined : this.deliveries.get(key);
    if (known) return known;
    const messageId =
      callerId !== undefined && /^\d{1,9}$/.test(callerId) ? Number(callerId) : this.nextMessageId++;
    const ids = { messageId, updateId: this.nextUpdateId++ };
    if (key !== undefined) this.deliveries.set(key, ids);
    return ids;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    const raw = body.toString("utf8");
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      this.calls.push({
        httpMethod: req.method ?? "GET",
        method: "file",
        path: url.pathname,
        params: {},
        contentType: undefined,
      });
      return this.serveFile(res, fileMatch[1] ?? "", decodeURIComponent(fileMatch[2] ?? ""));
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return this.reply(res, { code: 404, description: "Not Found" });
    const [, token = "", method = ""] = match;
    const contentType = req.headers["content-type"];
    let params: Record<string, unknown>;
    try {
      params = contentType?.toLowerCase().startsWith("multipart/form-data")
        ? { ...Object.fromEntries(url.searchParams), ...(await multipartParams(contentType, body)) }
        : parseParams(url, contentType, raw);
    } catch {
      return this.reply(res, { code: 400, description: "Bad Request: can't parse request body" });
    }
    this.calls.push({ httpMethod: req.method ?? "GET", method, path: url.pathname, params, contentType });
    const tokenError = this.checkToken(token);
    if (tokenError) return this.reply(res, tokenError);
    try {
      const { result, description } = this.dispatch(method.toLowerCase(), params, req, url.pathname);
      this.send(res, 200, { ok: true, result, ...(description ? { description } : {}) });
    } catch (error) {
      if (error instanceof HttpError) return this.reply(res, error.error);
      throw error;
    }
  }

  /** Well-formed but wrong (or revoked) tokens are 401; malformed ones 404, as the Bot API does. */
  private checkToken(token: string): TelegramError | undefined {
    if (!/^\d+:[A-Za-z0-9_-]+$/.test(token)) return { code: 404, description: "Not Found" };
    if (this.revoked || token !== this.token) return { code: 401, description: "Unauthorized" };
    return undefined;
  }

  private dispatch(
    method: string,
    params: Record<string, unknown>,
    req: IncomingMessage,
    path: string,
  ): { result: unknown; description?: string } {
    switch (method) {
      case "getme":
        return {
          result: {
            ...this.bot,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        };
      case "setwebhook":
        return this.setWebhook(params);
      case "deletewebhook": {
        const had = Boolean(this.webhook?.url);
        this.webhook = undefined;
        return { result: true, description: had ? "Webhook was deleted" : "Webhook is already deleted" };
      }
      case "getwebhookinfo":
        return {
          result: {
            url: this.webhook?.url ?? "",
            has_custom_certificate: false,
            pending_update_count: 0,
            ...(this.webhook?.allowedUpdates ? { allowed_updates: this.webhook.allowedUpdates } : {}),
          },
        };
      case "sendmessage":
        return { result: this.sendMessage(params, req, path) };
      case "sendphoto":
        return { result: this.sendMedia("photo", params, req, path) };
      case "senddocument":
        return { result: this.sendMedia("document", params, req, path) };
      case "sendchataction": {
        this.chatIdOf(params);
        if (typeof params.action !== "string" || !CHAT_ACTIONS.has(params.action)) {
          throw badRequest("wrong parameter action in request");
        }
        return { result: true };
      }
      case "answercallbackquery":
        this.answerCallback(params, "api");
        return { result: true };
      case "getuserprofilephotos": {
        const userId = integerParam(params.user_id, "user_id");
        const photos = userId === FAKE_BOT_ID && this.profilePhoto.length > 0 ? [this.profilePhoto] : [];
        return { result: { total_count: photos.length, photos } };
      }
      case "getfile": {
        if (typeof params.file_id !== "string" || params.file_id === "") {
          throw badRequest("file_id is empty");
        }
        const file = this.files.get(params.file_id);
        if (!file) throw badRequest("invalid file_id");
        return {
          result: {
            file_id: file.fileId,
            file_unique_id: `u${file.fileId.slice(4, 12)}`,
            file_size: file.bytes.length,
            file_path: file.filePath,
          },
        };
      }
      default:
        throw new HttpError({ code: 404, description: "Not Found" });
    }
  }

  private setWebhook(params: Record<string, unknown>): { result: true; description: string } {
    const url = params.url;
    if (typeof url !== "string") throw badRequest('parameter "url" is required');
    const secret = params.secret_token;
    if (secret !== undefined && (typeof secret !== "string" || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
      throw badRequest("secret token contains unallowed characters");
    }
    let allowedUpdates = params.allowed_updates;
    if (typeof allowedUpdates === "string") {
      try {
        allowedUpdates = JSON.parse(allowedUpdates);
      } catch {
        throw badRequest("can't parse allowed updates JSON object");
      }
    }
    if (allowedUpdates !== undefined && !Array.isArray(allowedUpdates)) {
      throw badRequest("can't parse allowed updates JSON object");
    }
    if (url === "") {
      this.webhook = undefined;
      return { result: true, description: "Webhook was deleted" };
    }
    if (!/^https?:\/\//.test(url)) throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
    const unchanged = this.webhook?.url === url && this.webhook.secretToken === secret;
    this.webhook = { url, secretToken: secret, allowedUpdates };
    return { result: true, description: unchanged ? "Webhook is already set" : "Webhook was set" };
  }

  /** A query is answered once; an unknown or answered id is refused as Telegram refuses it. */
  private answerCallback(params: Record<string, unknown>, via: "api" | "webhook_response"): void {
    const id = params.callback_query_id;
    if (typeof id !== "string" || id === "") throw badRequest('parameter "callback_query_id" is required');
    if (!this.openCallbacks.delete(id)) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    this.answeredCallbacks.push({ callbackQueryId: id, via });
  }

  private chatIdOf(params: Record<string, unknown>): string {
    const chatId = params.chat_id;
    if (chatId === undefined || chatId === "") throw badRequest("chat_id is empty");
    if (typeof chatId === "number" && Number.isSafeInteger(chatId)) return String(chatId);
    if (typeof chatId === "string" && /^(-?\d+|@[A-Za-z0-9_]{4,})$/.test(chatId)) return chatId;
    throw badRequest("chat not found");
  }

  private sendMessage(params: Record<string, unknown>, req: IncomingMessage, path: string): unknown {
    const chatId = this.chatIdOf(params);
    const text = params.text;
    if (typeof text !== "string") throw badRequest("message text is empty");
    const failure = this.sendFailures.shift();
    if (failure) throw new HttpError(failure);
    const shown = this.shownText(text, params.parse_mode);
    if (shown.trim() === "") throw badRequest("message text is empty");
    if (this.unknownChats.has(chatId) || chatId.startsWith("@")) throw badRequest("chat not found");
    if (this.blockedChats.has(chatId)) {
      throw new HttpError({ code: 403, description: "Forbidden: bot was blocked by the user" });
    }
    // Telegram counts UTF-16 code units, as a JS string's length does, after entity parsing.
    if (shown.length > this.textLimit) throw badRequest("message is too long");
    const markup = params.reply_markup === undefined ? undefined : inlineKeyboardOf(params.reply_markup);
    this.sent.push({ conversationId: chatId, text, method: req.method ?? "POST", path, body: params });
    const chat = this.chats.get(chatId) ?? { id: Number(chatId), type: "private", first_name: "User" };
    const messageId = this.nextMessageId++;
    this.botMessages.set(`${chatId}:${messageId}`, {
      message_id: messageId,
      chat,
      text,
      ...(markup ? { reply_markup: markup } : {}),
    });
    return {
      message_id: messageId,
      from: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name, username: this.bot.username },
      chat,
      date: Math.floor(Date.now() / 1000),
      text,
      ...(markup ? { reply_markup: markup } : {}),
    };
  }

  /**
   * sendPhoto / sendDocument: the file in the field named after it (`photo`, `document`), as a
   * multipart upload, or a string (a file_id or an HTTP URL Telegram would fetch); `caption`
   * 0–1024 characters after parsing. An upload over Telegram's limits (photos 10 MB, documents
   * 50 MB) is refused as Telegram does [the exact descriptions are unconfirmed].
   */
  private sendMedia(
    field: "photo" | "document",
    params: Record<string, unknown>,
    req: IncomingMessage,
    path: string,
  ): unknown {
    const chatId = this.chatIdOf(params);
    const value = params[field];
    if (value === undefined || value === "") throw badRequest(`there is no ${field} in the request`);
    const upload = typeof value === "object" ? (value as UploadedPart) : undefined;
    if (upload && upload.bytes.length > (field === "photo" ? 10 : 50) * 1024 * 1024) {
      throw new HttpError({ code: 413, description: "Request Entity Too Large" });
    }
    if (upload && upload.bytes.length === 0) throw badRequest("file must be non-empty");
    const caption = params.caption;
    if (caption !== undefined && typeof caption !== "string") throw badRequest("caption is invalid");
    const shown = caption === undefined ? "" : this.shownText(caption, params.parse_mode);
    if (shown.length > 1024) throw badRequest("message caption is too long");
    const failure = this.mediaFailures.shift() ?? this.sendFailures.shift();
    if (failure) throw new HttpError(failure);
    if (this.blockedChats.has(chatId)) {
      throw new HttpError({ code: 403, description: "Forbidden: bot was blocked by the user" });
    }
    this.sent.push({ conversationId: chatId, text: shown, method: req.method ?? "POST", path, body: params });
    const chat = this.chats.get(chatId) ?? { id: Number(chatId), type: "private", first_name: "User" };
    const messageId = this.nextMessageId++;
    const fileId = `sent_${messageId}`;
    const media =
      field === "photo"
        ? { photo: [{ file_id: fileId, file_unique_id: fileId, width: 1, height: 1 }] }
        : { document: { file_id: fileId, file_unique_id: fileId, file_name: upload?.filename } };
    return {
      message_id: messageId,
      from: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name, username: this.bot.username },
      chat,
      date: Math.floor(Date.now() / 1000),
      ...media,
      ...(caption ? { caption } : {}),
    };
  }

  /** The text as Telegram shows it: the HTML parsed (or refused) under `parse_mode: "HTML"`. */
  private shownText(text: string, parseMode: unknown): string {
    if (parseMode === undefined || parseMode === "") return text;
    if (parseMode !== "HTML") throw badRequest(`unsupported parse_mode in this fake: ${String(parseMode)}`);
    const checked = checkTelegramHtml(text);
    if (!checked.ok) throw badRequest(checked.description);
    return checked.visible;
  }

  private serveFile(res: ServerResponse, token: string, filePath: string): void {
    const tokenError = this.checkToken(token);
    const file = [...this.files.values()].find((candidate) => candidate.filePath === filePath);
    if (tokenError || !file) {
      this.reply(res, tokenError ?? { code: 404, description: "Not Found" });
      return;
    }
    res.writeHead(200, { "content-type": file.contentType, "content-length": String(file.bytes.length) });
    res.end(Buffer.from(file.bytes));
  }

  private reply(res: ServerResponse, error: TelegramError): void {
    this.send(res, error.code, {
      ok: false,
      error_code: error.code,
      description: error.description,
      ...(error.parameters ? { parameters: error.parameters } : {}),
    });
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** A file part of a `multipart/form-data` call, as the fake received it. */
export interface UploadedPart {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart body's fields: text parts as strings, file parts as UploadedPart (the web's own parser). */
async function multipartParams(contentType: string, body: Buffer): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(body), {
    headers: { "content-type": contentType },
  }).formData();
  const params: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    params[name] =
      typeof value === "string"
        ? value
        : ({
            filename: value.name,
            type: value.type,
            bytes: new Uint8Array(await value.arrayBuffer()),
          } satisfies UploadedPart);
  }
  return params;
}

/** Query parameters, overridden by a JSON or form body (the Bot API takes either). */
function parseParams(url: URL, contentType: string | undefined, raw: string): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (raw.length === 0) return params;
  if (type === "application/json") {
    const body: unknown = JSON.parse(raw);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
    return { ...params, ...(body as Record<string, unknown>) };
  }
  if (type === "application/x-www-form-urlencoded") {
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
  }
  return params;
}

/** The most buttons of one inline keyboard [unconfirmed: Telegram documents no total]. */
const MAX_KEYBOARD_BUTTONS = 100;

/**
 * A `reply_markup` checked as Telegram checks an `InlineKeyboardMarkup` (an object, or its JSON
 * in a form body), refused with Telegram's own descriptions.
 */
function inlineKeyboardOf(value: unknown): InlineKeyboard {
  let markup = value;
  if (typeof markup === "string") {
    try {
      markup = JSON.parse(markup);
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  const rows = (markup as { inline_keyboard?: unknown } | null)?.inline_keyboard;
  if (typeof markup !== "object" || !Array.isArray(rows)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  if (!rows.every(Array.isArray))
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  const buttons = (rows as unknown[][]).flat();
  if (buttons.length > MAX_KEYBOARD_BUTTONS) throw badRequest("reply markup is too long");
  for (const button of buttons) checkInlineButton(button);
  return { inline_keyboard: rows as InlineButton[][] };
}

function checkInlineButton(value: unknown): void {
  if (typeof value !== "object" || value === null) {
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  }
  const button = value as Record<string, unknown>;
  if (typeof button.text !== "string") {
    throw badRequest('can\'t parse inline keyboard button: Field "text" must be of type String');
  }
  if (button.text.trim() === "") throw badRequest("text buttons are unallowed in the inline keyboard");
  const actions = ["url", "callback_data", "switch_inline_query", "login_url", "pay", "web_app"].filter(
    (key) => button[key] !== undefined,
  );
  if (actions.length !== 1) {
    throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  }
  if (button.callback_data !== undefined) {
    const data = button.callback_data;
    if (typeof data !== "string" || data === "" || Buffer.byteLength(data, "utf8") > 64) {
      throw badRequest("BUTTON_DATA_INVALID");
    }
  }
  if (
    button.url !== undefined &&
    (typeof button.url !== "string" || !/^(https?|tg):\/\/\S+$/.test(button.url))
  ) {
    throw badRequest("BUTTON_URL_INVALID");
  }
}

function integerParam(value: unknown, name: string): number {
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number)) throw badRequest(`${name} is invalid`);
  return number;
}

export const telegramKit: VendorKit = {
  vendor: "telegram",
  start: () => new TelegramFake().start(),
};
