import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { IntegrationRow, IntegrationsRepo } from "../../storage/repos/integrations.repo.js";
import type { IntegrationProfile } from "../../vendors/contract/vendor-context.js";
import { vendorOf } from "../../vendors/registry.js";
import type { CreateIntegrationInput, Integration, UpdateIntegrationInput } from "./schemas.js";
import { channelOf, parseAuthData } from "./vendor-lookup.js";

/**
 * What follows from saving or deleting an integration at the vendor's end (registering the
 * webhook, restoring chats after new credentials): the ConnectionService implements it; without
 * one (a unit test), integrations are only stored.
 */
export interface IntegrationLifecycle {
  /** After a create or update is stored; `previous` is undefined for a create. */
  saved(
    row: IntegrationRow,
    change: { previous?: IntegrationRow; credentialsChanged: boolean },
  ): Promise<void>;
  /** Before the row is deleted. */
  deleting(row: IntegrationRow): Promise<void>;
  /** Where the vendor must post inbound webhooks for this integration. */
  hookUrl(row: IntegrationRow): string;
  /** Checks the credentials with the vendor and returns the identity they stand for. */
  profile(row: IntegrationRow): Promise<IntegrationProfile>;
}

export interface IntegrationsServiceDeps {
  integrations: IntegrationsRepo;
  lifecycle?: IntegrationLifecycle;
  /** Seals auth_data at rest (AES-256-GCM). */
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
}

/** Decrypted auth_data as stored: the vendor's fields, plus whatever a connector saved (OAuth tokens). */
export type StoredAuthData = Record<string, unknown>;

/**
 * Integrations of the caller's project. auth_data is validated per vendor, sealed with the
 * server's SecretBox before it reaches the database, and never leaves the service except
 * through openAuthData (for the vendor connectors).
 */
export class IntegrationsService {
  constructor(private readonly deps: IntegrationsServiceDeps) {}

  async list(auth: AuthContext): Promise<Integration[]> {
    return (await this.deps.integrations.listByProject(auth.projectId)).map((row) => this.toIntegration(row));
  }

  async get(auth: AuthContext, integrationId: string): Promise<Integration> {
    return this.toIntegration(await this.load(auth.projectId, integrationId));
  }

  async create(auth: AuthContext, input: CreateIntegrationInput): Promise<Integration> {
    const authData = parseAuthData(input.vendor, input.auth_data);
    const now = this.deps.clock.now().toISOString();
    const row: IntegrationRow = {
      id: this.deps.newId("int"),
      project_id: auth.projectId,
      name: input.name,
      vendor: input.vendor,
      status: "active",
      auth_data: this.seal(authData),
      settings: JSON.stringify(input.settings ?? {}),
      connector_state: null,
      connection_status: channelOf(input.vendor).setUpWebhook ? "pending" : null,
      connection_error: null,
      connection_checked_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.deps.integrations.insert(row);
    await this.deps.lifecycle?.saved(row, { credentialsChanged: true });
    return this.toIntegration(row);
  }

  /**
   * Fields not sent are unchanged; `auth_data` and `settings` are replaced as a whole. An
   * integration in `error` (its vendor refused the credentials) is active again once it gets
   * new credentials or is set `active` (docs/channels.md, "Losing access").
   */
  async update(
    auth: AuthContext,
    integrationId: string,
    input: UpdateIntegrationInput,
  ): Promise<Integration> {
    const row = await this.load(auth.projectId, integrationId);
    const credentialsChanged = input.auth_data !== undefined;
    const restored = row.status === "error" && input.status === undefined && credentialsChanged;
    const status = input.status ?? (restored ? "active" : undefined);
    const reconnect =
      (status ?? row.status) === "active" &&
      (credentialsChanged || (status === "active" && row.status !== "active")) &&
      channelOf(row.vendor).setUpWebhook !== undefined;
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(input.auth_data !== undefined
        ? { auth_data: this.seal(parseAuthData(row.vendor, input.auth_data)) }
        : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      ...(reconnect ? { connection_status: "pending" as const, connection_error: null } : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.integrations.update(row.id, patch);
    const updated = { ...row, ...patch };
    await this.deps.lifecycle?.saved(updated, { previous: row, credentialsChanged });
    return this.toIntegration(updated);
  }

  /** Deletes the integration with its chats and their threads (the vendor's webhook is removed first). */
  async delete(auth: AuthContext, integrationId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth.projectId, integrationId);
    await this.deps.lifecycle?.deleting(row);
    await this.deps.integrations.delete(row.id);
    return { id: row.id, deleted: true };
  }

  /** GET /integrations/:id/profile: the vendor's answer to the stored credentials. */
  async profile(auth: AuthContext, integrationId: string): Promise<IntegrationProfile> {
    const row = await this.load(auth.projectId, integrationId);
    if (!this.deps.lifecycle) throw new Error("integration profiles need the connection service");
    return this.deps.lifecycle.profile(row);
  }

  /**
   * The decrypted auth_data, for the vendor connectors (never for an HTTP response or a log).
   * 404 when the integration does not exist, 403 when it belongs to another project.
   */
  async openAuthData(projectId: string, integrationId: string): Promise<StoredAuthData> {
    const row = await this.load(projectId, integrationId);
    return JSON.parse(this.deps.secrets.open(row.auth_data)) as StoredAuthData;
  }

  private toIntegration(row: IntegrationRow): Integration {
    return {
      id: row.id,
      name: row.name,
      vendor: vendorOf(row.vendor).id,
      status: row.status,
      project_id: row.project_id,
      settings: JSON.parse(row.settings) as Record<string, unknown>,
      connection: this.connectionOf(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** The inbound webhook's standing; null for vendors that deliver no messages to Parley. */
  private connectionOf(row: IntegrationRow): Integration["connection"] {
    const channel = channelOf(row.vendor);
    if (!channel.parseInbound) return null;
    return {
      webhook_url: this.deps.lifecycle?.hookUrl(row) ?? null,
      status: row.connection_status ?? (channel.setUpWebhook ? "pending" : "manual"),
      error: row.connection_error
        ? (JSON.parse(row.connection_error) as { code: string; message: string })
        : null,
      checked_at: row.connection_checked_at,
    };
  }

  private seal(authData: StoredAuthData): string {
    return this.deps.secrets.seal(JSON.stringify(authData));
  }

  private async load(projectId: string, integrationId: string): Promise<IntegrationRow> {
    return assertOwned(
      await this.deps.integrations.findById(integrationId),
      projectId,
      "integration",
      integrationId,
    );
  }
}
