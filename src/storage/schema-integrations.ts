import type { Generated } from "kysely";
/** Integrations and their chats (migration 0002). */
/**
 * A vendor's id (`src/vendors/registry.ts` lists them; storage knows no vendor): the API
 * validates it before a row is written, and services look a stored one up in the registry.
 */
export type IntegrationVendor = string;

export type ResourceStatus = "active" | "disabled" | "error";

export interface IntegrationsTable {
  id: string;
  project_id: string;
  name: string;
  vendor: IntegrationVendor;
  status: ResourceStatus;
  /** auth_data as JSON, sealed with the server's secret key (AES-256-GCM); never returned. */
  auth_data: string;
  /** Vendor-specific settings, JSON. */
  settings: string;
  /** What the vendor's connector remembers (generated secrets, cached tokens), sealed JSON; null when nothing. */
  connector_state: string | null;
  /** The vendor webhook's registration: null until tried (and for vendors without one). */
  connection_status: ConnectionStatus | null;
  /** JSON `{code, message}` of the last failed registration or credential check. */
  connection_error: string | null;
  connection_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ConnectionStatus = "pending" | "connected" | "failed";

/** Dedupe keys of inbound vendor events (migration 0011): a redelivered event is acknowledged, not stored again. */
export interface InboundEventsTable {
  integration_id: string;
  external_id: string;
  received_at: string;
}

/**
 * Keys by which a vendor's server-wide webhook URL names an integration (migration 0018): amoCRM's
 * chat channel posts to `/hooks/amocrm/<scope_id>`. One integration per key; the last to connect
 * holds it.
 */
export interface IntegrationHookKeysTable {
  vendor: IntegrationVendor;
  hook_key: string;
  integration_id: string;
  claimed_at: string;
}

export interface ChatsTable {
  id: string;
  project_id: string;
  integration_id: string | null;
  bot_id: string;
  name: string;
  status: ResourceStatus;
  /** Chat settings, JSON. */
  settings: string;
  created_at: string;
  updated_at: string;
  /** Which of the bot's versions answers: the published one, or its draft (docs/quality.md, "Versions"). */
  bot_version: Generated<"published" | "draft">;
}

export interface IntegrationTables {
  integrations: IntegrationsTable;
  chats: ChatsTable;
  inbound_events: InboundEventsTable;
  integration_hook_keys: IntegrationHookKeysTable;
}
