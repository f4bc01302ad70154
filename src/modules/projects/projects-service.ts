import { generateApiKeySecret, hashApiKey, lookupPrefix } from "../../infra/api-key-secrets.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { conflict, forbidden, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ApiKeyRow } from "../../storage/repos/api-keys.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { OrganizationRow } from "../../storage/repos/organizations.repo.js";
import type { ProjectRow } from "../../storage/repos/projects.repo.js";
import type { ApiKeyRole } from "../../storage/schema.js";
import type { ApiKey, CreatedApiKey, Project } from "./schemas.js";

export interface ProjectsServiceDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
  /** Active keys a project may have through the API (the CLI, the operator's own tool, is not capped). */
  maxKeysPerProject?: number;
  /** After a key is revoked: ends the streams it opened, in every process. */
  onKeyRevoked?: (keyId: string) => void;
}

const toApiKey = ({ id, name, role, last_used_at, created_at }: ApiKeyRow): ApiKey => ({
  id,
  name,
  role,
  last_used_at,
  created_at,
});

/**
 * Organizations, projects and API keys. Two roles (docs/api.md): an
 * organization admin key manages every project of its organization and their keys; a
 * project key sees only its own project and manages only its own project's keys.
 */
export class ProjectsService {
  constructor(private readonly deps: ProjectsServiceDeps) {}

  async list(auth: AuthContext): Promise<Project[]> {
    if (auth.role === "admin") return this.deps.repos.projects.listByOrganization(auth.organizationId);
    const own = await this.deps.repos.projects.findById(auth.projectId);
    return own ? [own] : [];
  }

  async create(
    auth: AuthContext,
    input: { name: string; organization_id: string; avatar_url?: string | null | undefined },
  ): Promise<Project> {
    if (auth.role !== "admin") throw forbidden("Only an organization admin key can create projects.");
    const organization = await this.deps.repos.organizations.findById(input.organization_id);
    if (!organization) throw notFound("organization", input.organization_id);
    if (organization.id !== auth.organizationId) {
      throw forbidden(`The organization '${input.organization_id}' is not this key's organization.`);
    }
    return this.createProject(organization.id, input.name, input.avatar_url ?? null);
  }

  async createKey(auth: AuthContext, projectId: string, name: string): Promise<CreatedApiKey> {
    await this.manageableProject(auth, projectId);
    const cap = this.deps.maxKeysPerProject;
    if (cap !== undefined && (await this.deps.repos.apiKeys.countLiveByProject(projectId)) >= cap) {
      throw conflict(
        "api_key_limit_reached",
        `The project has ${cap} active API keys, the most it may have; revoke one to create another.`,
      );
    }
    return this.issueKey(projectId, name, "project");
  }

  async listKeys(auth: AuthContext, projectId: string): Promise<ApiKey[]> {
    await this.manageableProject(auth, projectId);
    return (await this.deps.repos.apiKeys.listLiveByProject(projectId)).map(toApiKey);
  }

  /**
   * Revokes at once: authentication reads the key on every request, nothing caches it, and
   * the streams the key opened are ended.
   */
  async deleteKey(
    auth: AuthContext,
    projectId: string,
    keyId: string,
  ): Promise<{ id: string; deleted: true }> {
    await this.manageableProject(auth, projectId);
    const key = await this.deps.repos.apiKeys.findLiveById(keyId);
    if (!key || key.project_id !== projectId) throw notFound("api key", keyId);
    if (key.role === "admin" && auth.role !== "admin") {
      throw forbidden("Only an organization admin key can revoke an organization admin key.");
    }
    await this.deps.repos.apiKeys.revoke(key.id, this.deps.clock.now().toISOString());
    this.deps.onKeyRevoked?.(key.id);
    return { id: key.id, deleted: true };
  }

  // Operations without an API key: bootstrap and the CLI, which run with the server's own authority.

  async createOrganization(name: string): Promise<OrganizationRow> {
    const row = { id: this.deps.newId("org"), name, created_at: this.deps.clock.now().toISOString() };
    await this.deps.repos.organizations.insert(row);
    return row;
  }

  async createProject(
    organizationId: string,
    name: string,
    avatarUrl: string | null = null,
  ): Promise<Project> {
    const row: ProjectRow = {
      id: this.deps.newId("prj"),
      organization_id: organizationId,
      name,
      avatar_url: avatarUrl,
      created_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.repos.projects.insert(row);
    return row;
  }

  /** Creates a key; `secret` may be supplied (the bootstrap key), otherwise one is generated. */
  async issueKey(projectId: string, name: string, role: ApiKeyRole, secret = generateApiKeySecret()) {
    const row: ApiKeyRow = {
      id: this.deps.newId("key"),
      project_id: projectId,
      name,
      role,
      lookup_prefix: lookupPrefix(secret),
      key_hash: hashApiKey(secret),
      last_used_at: null,
      created_at: this.deps.clock.now().toISOString(),
      revoked_at: null,
    };
    await this.deps.repos.apiKeys.insert(row);
    return { id: row.id, name: row.name, key: secret, created_at: row.created_at };
  }

  private async manageableProject(auth: AuthContext, projectId: string): Promise<ProjectRow> {
    const project = await this.deps.repos.projects.findById(projectId);
    if (!project) throw notFound("project", projectId);
    const allowed =
      auth.role === "admin" ? project.organization_id === auth.organizationId : project.id === auth.projectId;
    if (!allowed) throw forbidden(`This key cannot manage the project '${projectId}'.`);
    return project;
  }
}
