import type { Markup } from "../../lib/markup/markup.js";
import type { VendorContext } from "./vendor-context.js";

/**
 * A vendor's channel (docs/channels.md): messages in through its webhook, replies out. Only
 * messaging vendors have one; every member is optional and the service answers for a missing
 * one.
 */

/** What kind of thing a non-text message carries. */
export type AttachmentKind =
  | "photo"
  | "video"
  | "voice"
  | "audio"
  | "document"
  | "sticker"
  | "location"
  | "contact"
  | "link"
  | "other";

/** An attachment of an inbound message: metadata only; the bytes stay with the vendor. */
export interface InboundAttachment {
  kind: AttachmentKind;
  /**
   * How the adapter fetches the file again (`fetchFile`): a Telegram `file_id`, a Meta media id,
   * a URL. Never a URL that embeds a credential.
   */
  ref?: string;
  mimeType?: string;
  fileName?: string;
  caption?: string;
  /** A URL anyone may open (no credential in it), when the vendor gives one. */
  url?: string;
  /** Length in seconds of a voice message, audio or video, when the vendor gives it. */
  duration?: number;
  latitude?: number;
  longitude?: number;
}

/** A message a vendor delivered, normalised: one per customer message in an inbound webhook. */
export interface InboundMessage {
  /** The vendor's id of the message or event: the dedupe key (a vendor that retries is answered once). */
  externalMessageId: string;
  /** The vendor's conversation (where replies go): one conversation is one thread. */
  conversationId: string;
  /** Who wrote it; becomes the thread's person. `externalId` is the vendor's user id. */
  person: { externalId: string; name?: string; avatarUrl?: string };
  /**
   * The text as the model should read it: the message text, or a readable placeholder for a
   * non-text message, e.g. "[photo: a red bike]", "[voice message, 12 s]", "[location: 55.75, 37.61]".
   */
  text: string;
  attachments: InboundAttachment[];
  /**
   * Values a chat's `settings` are matched against to route the message (the adapter's
   * `routeKeys`), e.g. `{ chat_type: "private", chat_id: "123" }`. Strings only.
   */
  route: Record<string, string>;
  /**
   * Set when the message is the press of a button Parley offered (an inline keyboard's
   * callback, a quick reply, an interactive reply): the button's `id` exactly as sent in
   * `OutboundButton.id`. `text` is then the button's label as the customer saw it (the id
   * itself when the vendor no longer says which label: Parley stores the label it offered). An id
   * that names no button of the conversation's thread leaves the message ordinary text.
   */
  choice?: { buttonId: string };
}

/** A response the vendor expects to an inbound webhook (VK's `ok`, Meta's challenge echo). */
export interface HookReply {
  status: number;
  contentType: string;
  body: string;
}

/** What an inbound webhook turned out to be. */
export type InboundResult =
  /** Failed verification (signature, secret): answered 401 and stored nowhere. */
  | { kind: "rejected" }
  /**
   * Verified. `messages` may be empty (echoes of the bot's own messages, delivery receipts,
   * event kinds Parley does not handle: dropped without error). `reply` overrides the default
   * answer (200 `{"ok":true}`).
   */
  | { kind: "accepted"; messages: InboundMessage[]; reply?: HookReply };

/** An inbound webhook as received, before anything is trusted. */
export interface InboundRequest {
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The exact body bytes as text (signatures are computed over them). */
  rawBody: string;
  query: Record<string, string>;
}

/**
 * A button offered with a message (docs/channels.md, "Buttons"). `reply`: pressing it sends the
 * label back as the customer's message, with `id` in `InboundMessage.choice`; `link`: opens `url`.
 */
export interface OutboundButton {
  kind: "reply" | "link";
  /** What the button shows, already within the channel's `buttons.labelMax`. */
  label: string;
  /**
   * For `reply`: an opaque ASCII id of at most 64 bytes (Telegram's `callback_data` limit) that
   * the vendor must carry back unchanged on the press.
   */
  id?: string;
  /** For `link`: an absolute http(s) URL. */
  url?: string;
}

/** What a channel can show as native buttons; without it Parley writes them as numbered text. */
export interface ButtonCapability {
  /** The most buttons of one message (WhatsApp reply buttons: 3, a list: 10; Telegram: many). */
  max: number;
  /** The longest label, in characters. */
  labelMax: number;
  /** Whether `link` buttons can be shown natively (otherwise the URL is written into the text). */
  links: boolean;
}

/** One part of an outgoing message, already within the adapter's `textLimit`. */
export interface OutboundMessage {
  conversationId: string;
  text: string;
  /**
   * Buttons under this part (only ever on a message's last part), already within the channel's
   * `buttons` capability. Absent on channels without one: the text then lists them as numbers.
   */
  buttons?: OutboundButton[];
  /**
   * Stable across retries of this very part (message id + part index): vendors with idempotent
   * sends use it (VK's `random_id`), so a retried part is not shown twice.
   */
  idempotencyKey: string;
  /** What `text` is written in: the channel's `markup`, or plain text (absent means plain). */
  markup?: Markup;
}

/**
 * A picture or file to send (docs/channels.md, "Files"), from Parley's file store. Vendors that
 * fetch files by URL take `url`; vendors that want an upload take `read()`.
 */
export interface OutboundFile {
  /** `image` for the allow-list's jpeg, png, webp and gif (bytes checked), else `document`. */
  kind: "image" | "document";
  /** The file's name as the customer sees it. */
  name: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  /** A signed link Parley serves without a key, valid for a day: `<PARLEY_PUBLIC_URL>/files/out/<id>?…`. */
  url: string;
  /**
   * The same file's link for people to open later, valid for 30 days from the message (the same
   * on every retry): for a link written into a text, or one the vendor shows without fetching.
   */
  shownUrl: string;
  /** The file's bytes. */
  read(): Promise<Uint8Array>;
}

/** One file as one vendor message, with its caption (already within `files.captionMax`, plain text). */
export interface OutboundFileMessage {
  conversationId: string;
  file: OutboundFile;
  caption?: string;
  /** As `OutboundMessage.idempotencyKey`: message id and part index. */
  idempotencyKey: string;
}

/** What a channel's `sendFile` takes (docs/channels.md, "Files"). */
export interface FileCapability {
  /** The longest caption, in characters (Telegram and WhatsApp: 1024); longer ones are cut. */
  captionMax: number;
}

/**
 * A message template filled in (docs/channels.md, "Templates"): WhatsApp's way to write after
 * its 24-hour window closed. `components` carry the parameters in the template's order; a
 * component without parameters is left out. `parameter_name` only for templates with named
 * parameters.
 */
export interface TemplatePayload {
  name: string;
  /** The template's language and locale code, e.g. `en_US`. */
  language: string;
  components: Array<{
    type: "header" | "body";
    parameters: Array<{ type: "text"; text: string; parameter_name?: string }>;
  }>;
}

/** A template to send into a vendor conversation, once (the key is as `OutboundMessage`'s). */
export interface OutboundTemplate {
  conversationId: string;
  template: TemplatePayload;
  idempotencyKey: string;
}

/** The longest text one vendor message may carry, and how the vendor counts it. */
export interface TextLimit {
  max: number;
  /** `chars`: Unicode code points; `utf16`: UTF-16 code units; `bytes`: UTF-8 bytes. */
  unit: "chars" | "utf16" | "bytes";
}

export interface Channel<AuthData = Record<string, unknown>> {
  /** The keys of `InboundMessage.route` a chat's `settings` may use to claim messages (docs/channels.md). */
  readonly routeKeys?: readonly string[];
  /** The vendor's length limit for one message; longer replies are split before `send`. */
  readonly textLimit?: TextLimit;
  /**
   * The markup the vendor's messages render (docs/channels.md, "Formatting"): the bot's
   * Markdown is converted to it before `send` (`telegram-html`, `whatsapp`, `bbcode`); `plain`
   * (the default) sends it as plain text.
   */
  readonly markup?: Markup;
  /** Native buttons (docs/channels.md, "Buttons"); absent: buttons are written as numbered text. */
  readonly buttons?: ButtonCapability;
  /** A GET on the hook URL: the subscription handshake (Meta's `hub.challenge`). */
  handshake?(context: VendorContext<AuthData>, request: InboundRequest): HookReply | "rejected";
  /**
   * Verifies an inbound webhook (signature, secret) and parses its messages. Must not call the
   * vendor, except to verify an event that carries its own proof to check (Bitrix24's
   * installation event, whose access token the portal must accept).
   */
  parseInbound?(context: VendorContext<AuthData>, request: InboundRequest): Promise<InboundResult>;
  /** Sends one part into the vendor's conversation; resolves with the vendor's message id, if any. */
  send?(
    context: VendorContext<AuthData>,
    message: OutboundMessage,
  ): Promise<{ externalMessageId: string | null }>;
  /** How `sendFile` takes files; absent with it: captions are cut at 1024 characters. */
  readonly files?: FileCapability;
  /**
   * Sends one picture or file as its own vendor message (docs/channels.md, "Files"). A channel
   * without it gets each file as a signed link written under the message's text.
   */
  sendFile?(
    context: VendorContext<AuthData>,
    message: OutboundFileMessage,
  ): Promise<{ externalMessageId: string | null }>;
  /** Sends an approved message template (WhatsApp); a channel without it sends no templates. */
  sendTemplate?(
    context: VendorContext<AuthData>,
    message: OutboundTemplate,
  ): Promise<{ externalMessageId: string | null }>;
  /** Shows "typing…" in the conversation (best effort; failures are ignored). */
  sendTyping?(context: VendorContext<AuthData>, conversationId: string): Promise<void>;
  /** Registers the inbound webhook with the vendor (on create, activation and new credentials). */
  setUpWebhook?(context: VendorContext<AuthData>): Promise<void>;
  /** Removes it (on deactivation and delete). */
  tearDownWebhook?(context: VendorContext<AuthData>): Promise<void>;
  /**
   * For vendors whose webhook URL is one per Parley server, not per integration (amoCRM's chat
   * channel posts to `<PARLEY_PUBLIC_URL>/hooks/amocrm/<scope_id>`): the key that URL names this
   * integration by, known once `setUpWebhook` has run. The service records it after each
   * successful set-up, and the hook route finds the integration by it.
   */
  hookKey?(context: VendorContext<AuthData>): string | undefined;
}
