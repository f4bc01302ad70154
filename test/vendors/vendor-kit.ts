import type { IntegrationVendor } from "../../src/storage/schema-integrations.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";

/**
 * What each messaging vendor's fake (test/vendors/fakes/<vendor>-fake.ts) offers the shared
 * suites: the adapter contract suite and the end-to-end suite run the same cases against every
 * vendor through this interface. A fake is a real HTTP server on 127.0.0.1 speaking the
 * vendor's wire format (docs/channels.md; method names, paths, envelopes and error bodies as the
 * vendor documents them), and it plays the vendor's part in both directions: it answers
 * Parley's API calls and it posts inbound webhooks to Parley the way the vendor would.
 */
export interface VendorKit {
  vendor: IntegrationVendor;
  /** Starts a fresh fake on an ephemeral loopback port. */
  start(): Promise<FakeVendor>;
}

/** One outgoing message part as the fake received it. */
export interface SentMessage {
  /** The conversation it went to, in the adapter's terms (Telegram chat id, VK peer id, wa_id, PSID, Avito chat id). */
  conversationId: string;
  text: string;
  /** The raw call, for assertions on method, path and body. */
  method: string;
  path: string;
  body: unknown;
}

export interface InboundTextOptions {
  /** Where to post; defaults to the URL registered with the fake (setWebhook & co.), else required. */
  hookUrl?: string;
  /** The vendor's conversation id (defaults per fake, e.g. a private Telegram chat). */
  conversationId?: string;
  /** The sender's vendor user id and display name. */
  userId?: string;
  userName?: string;
  text: string;
  /** The vendor's message/event id (the dedupe key); a fresh one when absent. */
  messageId?: string;
  /** Post with a wrong signature/secret (must be answered 401 and stored nowhere). */
  badProof?: boolean;
}

export interface FakeVendor {
  /** What the vendor's base URL variable is set to (e.g. PARLEY_TELEGRAM_API_URL). */
  baseUrl: string;
  /** The config env entries pointing Parley at this fake, e.g. `{ PARLEY_TELEGRAM_API_URL: baseUrl }`. */
  env: Record<string, string>;
  /** An `auth_data` this fake accepts (Meta fakes also sign inbound events with its app_secret). */
  authData(): Record<string, unknown>;
  /** The identity `GET /v1/integrations/:id/profile` must return (avatar left out). */
  expectedProfile: { id: string; name: string; username?: string };
  /**
   * Whether the vendor lets Parley register the webhook through its API (Telegram, VK, Avito);
   * when true, `registeredHookUrl` is set once Parley has done so.
   */
  registersWebhook: boolean;
  registeredHookUrl(): string | undefined;
  /** Posts a real-shaped inbound text event to Parley, signed as the vendor signs it; returns Parley's answer. */
  deliverText(options: InboundTextOptions): Promise<{ status: number; body: string; conversationId: string }>;
  /** Message parts Parley sent, in arrival order. */
  sent: SentMessage[];
  /** The next `count` send calls answer with the vendor's rate-limit signal carrying this wait (seconds). */
  rateLimitNextSends(count: number, retryAfterSeconds: number): void;
  /** From now on every call answers as the vendor does for a revoked/invalid token. */
  revokeCredentials(): void;
  /** Undoes revokeCredentials. */
  restoreCredentials(): void;
  /**
   * What the adapter's context needs beside credentials and a base URL, for the adapter-level
   * suites (a vendor connected by OAuth: `oauth`, `vendorConfig`, and its own `apiBaseUrl`).
   */
  contextExtras?(): Partial<VendorContext<Record<string, unknown>>>;
  /** The vendor's text limit per message (as the adapter's textLimit counts it). */
  textLimit: number;
  close(): Promise<void>;
}
