import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { IntegrationRow, IntegrationsRepo } from "../../storage/repos/integrations.repo.js";
import { parseAuthData } from "./registry.js";
import type { CreateIntegrationInput, Integration, UpdateIntegrationInput } from "./schemas.js";

export interface IntegrationsServiceDeps {
  integrations: IntegrationsRepo;
  /** Seals auth_data at rest (AES-256-GCM). */
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
}

/** Decrypted auth_data as stored: the vendor's fields, plus whatever a connector saved (OAuth tokens). */
export type StoredAuthData = Record<string, unknown>;

function toIntegration(row: IntegrationRow): Integration {
  return {
    id: row.id,
    name: row.name,
    vendor: row.vendor,
    status: row.status,
    project_id: row.project_id,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Integrations of the caller's project. auth_data is validated per vendor, sealed with the
 * server's SecretBox before it reaches the database, and never leaves the service except
 * through openAuthData (for the vendor connectors).
 */
export class IntegrationsService {
  constructor(private readonly deps: IntegrationsServiceDeps) {}

  async list(auth: AuthContext): Promise<Integration[]> {
    return (await this.deps.integrations.listByProject(auth.projectId)).map(toIntegration);
  }

  async get(auth: AuthContext, integrationId: string): Promise<Integration> {
    return toIntegration(await this.load(auth.projectId, integrationId));
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
      created_at: now,
      updated_at: now,
    };
    await this.deps.integrations.insert(row);
    return toIntegration(row);
  }

  /** Fields not sent are unchanged; `auth_data` and `settings` are replaced as a whole. */
  async update(
    auth: AuthContext,
    integrationId: string,
    input: UpdateIntegrationInput,
  ): Promise<Integration> {
    const row = await this.load(auth.projectId, integrationId);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.auth_data !== undefined
        ? { auth_data: this.seal(parseAuthData(row.vendor, input.auth_data)) }
        : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.integrations.update(row.id, patch);
    return toIntegration({ ...row, ...patch });
  }

  /** Deletes the integration with its chats and their threads. */
  async delete(auth: AuthContext, integrationId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth.projectId, integrationId);
    await this.deps.integrations.delete(row.id);
    return { id: row.id, deleted: true };
  }

  /**
   * The decrypted auth_data, for the vendor connectors (never for an HTTP response or a log).
   * 404 when the integration does not exist, 403 when it belongs to another project.
   */
  async openAuthData(projectId: string, integrationId: string): Promise<StoredAuthData> {
    const row = await this.load(projectId, integrationId);
    return JSON.parse(this.deps.secrets.open(row.auth_data)) as StoredAuthData;
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
