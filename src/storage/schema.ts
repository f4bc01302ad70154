import type { Generated } from "kysely";
import type { AnalyticsTables } from "./schema-analytics.js";
import type { ApprovalTables } from "./schema-approvals.js";
import type { BillingTables } from "./schema-billing.js";
import type { BusinessHoursTables } from "./schema-business-hours.js";
import type { CannedResponseTables } from "./schema-canned-responses.js";
import type { ConversationTables } from "./schema-conversations.js";
import type { CsatTables } from "./schema-csat.js";
import type { CustomToolTables } from "./schema-custom-tools.js";
import type { EvalTables } from "./schema-evals.js";
import type { EventTables } from "./schema-events.js";
import type { FeedbackTables } from "./schema-feedback.js";
import type { IntegrationTables } from "./schema-integrations.js";
import type { JobTables } from "./schema-jobs.js";
import type { KnowledgeTables } from "./schema-knowledge.js";
import type { LabelTables } from "./schema-labels.js";
import type { McpTables } from "./schema-mcp.js";
import type { MemoryTables } from "./schema-memory.js";
import type { MessageFileTables } from "./schema-message-files.js";
import type { NoteTables } from "./schema-notes.js";
import type { OAuthTables } from "./schema-oauth.js";
import type { OperatorTables } from "./schema-operators.js";
import type { OutboundFileTables } from "./schema-outbound-files.js";
import type { PaymentTables } from "./schema-payments.js";
import type { TraceTables } from "./schema-traces.js";
import type { WebhookTables } from "./schema-webhooks.js";
import type { WhatsappTemplateTables } from "./schema-whatsapp-templates.js";
import type { WidgetTables } from "./schema-widget.js";

/**
 * Row types of every table, as both dialects return them: timestamps are ISO 8601 strings
 * (TEXT on SQLite, timestamptz on PostgreSQL read back through a parser), JSON documents are
 * TEXT holding JSON.
 */
export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  avatar_url: string | null;
  created_at: string;
}

export type ApiKeyRole = "admin" | "project";

export interface ApiKeysTable {
  id: string;
  project_id: string;
  name: string;
  role: ApiKeyRole;
  /** The first characters of the secret: a non-secret index for lookup. */
  lookup_prefix: string;
  /** SHA-256 of the whole secret, hex. The secret itself is never stored. */
  key_hash: string;
  last_used_at: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface BotsTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  status: "active" | "disabled" | "error";
  /** The published BotSettings document, JSON: verbatim the settings of `published_version`. */
  settings: string;
  created_at: string;
  updated_at: string;
  /** The version that answers customers (docs/quality.md, "Versions"). */
  published_version: Generated<number>;
  /** The draft's version; null when the bot has no unpublished changes. */
  draft_version: Generated<number | null>;
  /** The published version when the draft was begun (what its changes are against). */
  draft_base: Generated<number | null>;
  /** 1: publishing needs a passing evaluation run of exactly the settings published. */
  publish_requires_evals: Generated<number>;
}

/** Every settings document a bot has had, never changed once written (docs/quality.md, "Versions"). */
export interface BotVersionsTable {
  id: string;
  project_id: string;
  bot_id: string;
  version: number;
  settings: string;
  /** sha256 of `settings`, 12 hex: what a turn's trace names as its `settings_version`. */
  settings_version: string;
  source: "created" | "settings" | "draft" | "clone" | "migration";
  note: string | null;
  created_at: string;
  /** The last time it went live; null while it never was. */
  published_at: string | null;
}

export interface IdempotencyKeysTable {
  project_id: string;
  idempotency_key: string;
  /** SHA-256 over method, path and raw body: "the same request". */
  fingerprint: string;
  /** null while the first request is still being handled. */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  /** While the first request runs: its lease, renewed as it goes; past it, the request died. */
  locked_until: string | null;
}

export interface CoreTables {
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  bots: BotsTable;
  bot_versions: BotVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** Every table; each domain declares its own rows in a schema-*.ts file beside this one. */
export interface Database
  extends CoreTables,
    ApprovalTables,
    IntegrationTables,
    ConversationTables,
    JobTables,
    EventTables,
    WebhookTables,
    MemoryTables,
    BillingTables,
    KnowledgeTables,
    OperatorTables,
    OAuthTables,
    WidgetTables,
    PaymentTables,
    TraceTables,
    CustomToolTables,
    McpTables,
    FeedbackTables,
    AnalyticsTables,
    EvalTables,
    LabelTables,
    BusinessHoursTables,
    CsatTables,
    CannedResponseTables,
    NoteTables,
    WhatsappTemplateTables,
    MessageFileTables,
    OutboundFileTables {}
