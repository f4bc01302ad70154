import type { z } from "zod";
import type { IntegrationVendor } from "../../storage/schema-integrations.js";

/**
 * The one interface every vendor implements (docs/development.md, "A new vendor";
 * docs/channels.md for what each vendor does). Capabilities are optional: the service answers
 * for a missing one. Adapters get credentials, a base URL and `fetch` injected and never touch
 * the database; what they must remember between calls (a generated webhook secret, a cached
 * access token, a callback server id) they hand back through `saveState`.
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

/** Connector-managed values kept for the integration (sealed at rest, never returned by the API). */
export type ConnectorState = Record<string, unknown>;

/** What an adapter is given for one integration: never a database, only what it needs. */
export interface ChannelContext<AuthData> {
  integration: { id: string; name: string };
  authData: AuthData;
  /** What earlier calls saved with `saveState` (empty at first). */
  state: ConnectorState;
  /** Merges values into `state`; the service stores them after the call returns (or throws). */
  saveState(patch: ConnectorState): void;
  /** The integration's `settings`. */
  settings: Record<string, unknown>;
  /** The vendor API's base URL (configurable, so a proxy or a test fake can stand in); no trailing slash. */
  apiBaseUrl: string;
  /** Where the vendor must post inbound webhooks for this integration (`<PARLEY_PUBLIC_URL>/hooks/<vendor>/<id>`). */
  hookUrl: string;
  /**
   * The server's own settings for the vendor, beside the integration's credentials: amoCRM's
   * Chats API channel (`channel_id`, `channel_secret`; docs/channels.md, "amoCRM"). Absent or
   * empty for most vendors.
   */
  vendorConfig?: Readonly<Record<string, string>>;
  fetch: typeof fetch;
  /**
   * For vendors connected by OAuth (docs/oauth.md): a token valid for at least a minute more,
   * refreshed first when needed. Throws a ChannelError `credentials_rejected` when the
   * connection is lost (the integration then moves to `error`). Absent for other vendors.
   */
  oauth?(options?: OAuthAccessOptions): Promise<OAuthAccess>;
}

export interface OAuthAccessOptions {
  /** The access token the vendor just refused as expired: refreshed at once if it is still the stored one. */
  rejected?: string;
}

/** A live OAuth credential of an integration (docs/oauth.md). */
export interface OAuthAccess {
  accessToken: string;
  /**
   * The account's API base as the token exchange named it, no trailing slash: amoCRM
   * `https://{referer}`, Bitrix24 the `client_endpoint` (`https://{portal}/rest`); for GitHub,
   * Google and Yandex their configured API base.
   */
  apiBase: string;
  /** What the token exchange told about the account: amoCRM `referer`, Bitrix24 `member_id` and `domain`, … */
  account: Record<string, string>;
}

/** An inbound webhook as received, before anything is trusted. */
export interface InboundRequest {
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The exact body bytes as text (signatures are computed over them). */
  rawBody: string;
  query: Record<string, string>;
}

/** One part of an outgoing message, already within the adapter's `textLimit`. */
export interface OutboundMessage {
  conversationId: string;
  text: string;
  /**
   * Stable across retries of this very part (message id + part index): vendors with idempotent
   * sends use it (VK's `random_id`), so a retried part is not shown twice.
   */
  idempotencyKey: string;
}

/** The longest text one vendor message may carry, and how the vendor counts it. */
export interface TextLimit {
  max: number;
  /** `chars`: Unicode code points; `utf16`: UTF-16 code units; `bytes`: UTF-8 bytes. */
  unit: "chars" | "utf16" | "bytes";
}

export interface IntegrationProfile {
  id: string;
  name: string;
  username?: string;
  /** A URL without secrets in it; see `avatarRef` for avatars that must be proxied. */
  avatar_url?: string;
}

/** A profile as an adapter reads it: an avatar whose URL embeds a credential is given as a file ref instead. */
export interface AdapterProfile extends IntegrationProfile {
  /** Fetched through `fetchFile` by Parley's media proxy, never shown as the vendor's URL. */
  avatarRef?: string;
}

/** The conversation an integration tool is called in. */
export interface IntegrationToolCall {
  projectId: string;
  threadId: string;
  chatId: string;
  /** The thread's person, when it has one (a lead's contact details, an issue's reporter). */
  person: { externalId: string | null; name: string | null } | null;
}

/**
 * A tool an integration gives the bots of its project (docs/oauth.md, "Tools"): offered
 * while the integration is `active`, under the approval policy a bot sets in `ai.tools`.
 */
export interface IntegrationTool<AuthData = Record<string, unknown>> {
  /** `<vendor>_<action>`, e.g. `github_create_issue`: the key bots use in `ai.tools`. */
  readonly name: string;
  /** What the model is told the tool does and when to use it. */
  readonly description: string;
  /** The model's input: validated before `execute`, published as JSON Schema by GET /v1/tools. */
  readonly inputSchema: z.ZodType;
  /**
   * Runs one call with the integration's credentials; the (JSON) result is what the model
   * sees. A vendor's refusal (validation, not found, no access) is thrown as a ToolRefusal
   * (engine/tools/tool-refusal.ts) whose message the model reads; a lost connection as
   * ChannelError `credentials_rejected` (the integration then moves to `error`).
   */
  // biome-ignore lint/suspicious/noExplicitAny: the input is what `inputSchema` parsed.
  execute(context: ChannelContext<AuthData>, input: any, call: IntegrationToolCall): Promise<unknown>;
}

export interface ChannelAdapter<AuthData = Record<string, unknown>> {
  readonly vendor: IntegrationVendor;
  /** Validates `auth_data` on create and update (unknown fields refused). */
  readonly authData: z.ZodType<AuthData>;
  /** The keys of `InboundMessage.route` a chat's `settings` may use to claim messages (docs/channels.md). */
  readonly routeKeys?: readonly string[];
  /** The vendor's length limit for one message; longer replies are split before `send`. */
  readonly textLimit?: TextLimit;
  /** A GET on the hook URL: the subscription handshake (Meta's `hub.challenge`). */
  handshake?(context: ChannelContext<AuthData>, request: InboundRequest): HookReply | "rejected";
  /**
   * Verifies an inbound webhook (signature, secret) and parses its messages. Must not call the
   * vendor, except to verify an event that carries its own proof to check (Bitrix24's
   * installation event, whose access token the portal must accept).
   */
  parseInbound?(context: ChannelContext<AuthData>, request: InboundRequest): Promise<InboundResult>;
  /** Sends one part into the vendor's conversation; resolves with the vendor's message id, if any. */
  send?(
    context: ChannelContext<AuthData>,
    message: OutboundMessage,
  ): Promise<{ externalMessageId: string | null }>;
  /** Shows "typing…" in the conversation (best effort; failures are ignored). */
  sendTyping?(context: ChannelContext<AuthData>, conversationId: string): Promise<void>;
  /** Registers the inbound webhook with the vendor (on create, activation and new credentials). */
  setUpWebhook?(context: ChannelContext<AuthData>): Promise<void>;
  /** Removes it (on deactivation and delete). */
  tearDownWebhook?(context: ChannelContext<AuthData>): Promise<void>;
  /**
   * For vendors whose webhook URL is one per Parley server, not per integration (amoCRM's chat
   * channel posts to `<PARLEY_PUBLIC_URL>/hooks/amocrm/<scope_id>`): the key that URL names this
   * integration by, known once `setUpWebhook` has run. The service records it after each
   * successful set-up, and the hook route finds the integration by it.
   */
  hookKey?(context: ChannelContext<AuthData>): string | undefined;
  /** Checks the stored credentials against the vendor and returns the identity they authenticate. */
  profile?(context: ChannelContext<AuthData>): Promise<AdapterProfile>;
  /** Tools the integration gives its project's bots (docs/oauth.md, "Tools"). */
  readonly tools?: readonly IntegrationTool<AuthData>[];
  /** Downloads a file the vendor holds (an attachment's or avatar's `ref`). */
  fetchFile?(
    context: ChannelContext<AuthData>,
    ref: string,
  ): Promise<{ bytes: Uint8Array; mimeType: string }>;
}
