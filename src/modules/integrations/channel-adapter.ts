import type { z } from "zod";
import type { IntegrationVendor } from "../../storage/schema-integrations.js";

/** A message a vendor delivered, normalised: one per customer message in an inbound webhook. */
export interface InboundMessage {
  /** The vendor's id of the message: the dedupe key (a vendor that retries is answered once). */
  externalMessageId: string;
  /** The vendor's conversation: one conversation is one thread. */
  conversationId: string;
  /** Who wrote it; becomes the thread's person. */
  person: { externalId: string; name?: string; avatarUrl?: string };
  text: string;
  /** What routes the message to a chat of the integration (matched against chat settings). */
  route?: Record<string, string>;
}

/** What an adapter is given for one integration: never a database, only what it needs. */
export interface ChannelContext<AuthData> {
  integration: { id: string; name: string };
  authData: AuthData;
  settings: Record<string, unknown>;
  /** The vendor API's base URL (configurable, so a proxy or a test fake can stand in). */
  apiBaseUrl: string;
  /** Where the vendor posts inbound webhooks for this integration. */
  hookUrl: string;
  fetch: typeof fetch;
}

/** An inbound webhook as received, before anything is trusted. */
export interface InboundRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, string>;
}

export interface IntegrationProfile {
  id: string;
  name: string;
  username?: string;
  avatar_url?: string;
}

/**
 * The one interface every vendor implements (docs/development.md, "A new vendor"): the
 * schema of its `auth_data`, and what it can do. Capabilities are optional: a vendor gains them
 * one by one, and the service answers for a missing one. Adapters get credentials, a base URL
 * and `fetch` injected and never touch the database.
 */
export interface ChannelAdapter<AuthData = Record<string, unknown>> {
  readonly vendor: IntegrationVendor;
  /** Validates `auth_data` on create and update (unknown fields refused). */
  readonly authData: z.ZodType<AuthData>;
  /** Verifies an inbound webhook (signature, secret) and parses its messages; "unauthorized" when it fails. */
  parseInbound?(
    context: ChannelContext<AuthData>,
    request: InboundRequest,
  ): Promise<InboundMessage[] | "unauthorized">;
  /** Sends a reply into the vendor's conversation; resolves with the vendor's message id, if any. */
  send?(
    context: ChannelContext<AuthData>,
    message: { conversationId: string; text: string },
  ): Promise<{ externalMessageId: string | null }>;
  /** Registers the inbound webhook with the vendor (on create and activation). */
  setUpWebhook?(context: ChannelContext<AuthData>): Promise<void>;
  /** Removes it (on deactivation and delete). */
  tearDownWebhook?(context: ChannelContext<AuthData>): Promise<void>;
  /** Checks the stored credentials and returns the identity they authenticate. */
  profile?(context: ChannelContext<AuthData>): Promise<IntegrationProfile>;
}
