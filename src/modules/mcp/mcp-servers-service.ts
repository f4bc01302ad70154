import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, conflict, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { validateOutboundUrl } from "../../infra/outbound-http/address-policy.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { McpServerRow, McpServersRepo } from "../../storage/repos/mcp-servers.repo.js";
import { assertAdmin } from "../operators/index.js";
import type { McpClients } from "./mcp-clients.js";
import {
  type CreateMcpServerInput,
  DEFAULT_MCP_TIMEOUT_MS,
  type McpServer,
  type UpdateMcpServerInput,
} from "./schemas.js";
import { authColumns, type McpAuthSummary } from "./server-auth.js";
import { type McpToolListing, parseStoredTools } from "./tool-listing.js";

/** Servers one project may connect; each holds a connection per process. */
export const MAX_MCP_SERVERS_PER_PROJECT = 50;

export interface McpServersServiceDeps {
  repos: { mcpServers: McpServersRepo };
  /** Seals the servers' credentials at rest (AES-256-GCM). */
  secrets: SecretBox;
  clients: McpClients;
  listing: McpToolListing;
  clock: Clock;
  newId: IdGenerator;
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: accept URLs on private, loopback and link-local addresses. */
  allowPrivate: boolean;
}

export function toMcpServer(row: McpServerRow): McpServer {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    transport: row.transport,
    status: row.status,
    timeout_ms: row.timeout_ms,
    auth: row.auth_summary === null ? null : (JSON.parse(row.auth_summary) as McpAuthSummary),
    tools: parseStoredTools(row.tools),
    tools_refreshed_at: row.tools_refreshed_at,
    connection: {
      status: row.connection_status,
      error: row.connection_error,
      transport: row.connection_transport,
      checked_at: row.connection_checked_at,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const nameTaken = (name: string) =>
  conflict("mcp_server_name_taken", `The project already has an MCP server named '${name}'.`);

/**
 * The MCP servers of the caller's project (docs/mcp.md). Credentials are sealed before they
 * reach the database and never leave the service. Creating, changing (while active) and the
 * refresh action list the server's tools at once, so the answer shows them or why it failed;
 * another project's server is not found (404), as its id says nothing about it.
 */
export class McpServersService {
  constructor(private readonly deps: McpServersServiceDeps) {}

  async list(auth: AuthContext): Promise<McpServer[]> {
    assertAdmin(auth);
    return (await this.deps.repos.mcpServers.listByProject(auth.projectId)).map(toMcpServer);
  }

  async get(auth: AuthContext, id: string): Promise<McpServer> {
    return toMcpServer(await this.load(auth, id));
  }

  async create(auth: AuthContext, input: CreateMcpServerInput): Promise<McpServer> {
    assertAdmin(auth);
    this.checkUrl(input.url);
    const repo = this.deps.repos.mcpServers;
    if ((await repo.countByProject(auth.projectId)) >= MAX_MCP_SERVERS_PER_PROJECT) {
      throw conflict(
        "mcp_server_limit_reached",
        `A project may connect at most ${MAX_MCP_SERVERS_PER_PROJECT} MCP servers; delete one first.`,
      );
    }
    const now = this.deps.clock.now().toISOString();
    const row: McpServerRow = {
      id: this.deps.newId("mcp"),
      project_id: auth.projectId,
      name: input.name,
      url: input.url,
      transport: input.transport ?? "auto",
      ...authColumns(input.auth ?? null, this.deps.secrets),
      status: input.status ?? "active",
      timeout_ms: input.timeout_ms ?? DEFAULT_MCP_TIMEOUT_MS,
      tools: "[]",
      tools_refreshed_at: null,
      connection_status: "unknown",
      connection_error: null,
      connection_transport: null,
      connection_checked_at: null,
      refresh_started_at: null,
      created_at: now,
      updated_at: now,
    };
    if (!(await repo.insert(row))) throw nameTaken(input.name);
    return toMcpServer(row.status === "active" ? await this.deps.listing.refreshNow(row) : row);
  }

  /**
   * Fields not sent are unchanged. A change of where or how to connect closes this process's
   * client; while the server is active, its tools are listed again at once.
   */
  async update(auth: AuthContext, id: string, input: UpdateMcpServerInput): Promise<McpServer> {
    const row = await this.load(auth, id);
    if (input.url !== undefined) this.checkUrl(input.url);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.transport !== undefined ? { transport: input.transport } : {}),
      ...(input.auth !== undefined ? authColumns(input.auth, this.deps.secrets) : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.timeout_ms !== undefined ? { timeout_ms: input.timeout_ms } : {}),
      updated_at: this.laterThan(row.updated_at),
    };
    const repo = this.deps.repos.mcpServers;
    if (!(await repo.update(row.id, patch))) throw nameTaken(input.name ?? row.name);
    await this.deps.clients.drop(row.id);
    const updated: McpServerRow = { ...row, ...patch };
    return toMcpServer(updated.status === "active" ? await this.deps.listing.refreshNow(updated) : updated);
  }

  /** Deletes the server; bots that enabled its tools keep the keys, which match no tool any more. */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth, id);
    await this.deps.repos.mcpServers.delete(row.id);
    await this.deps.clients.drop(row.id);
    return { id: row.id, deleted: true };
  }

  /** Connects anew and lists the tools now, whatever the status; a failure keeps the last good list. */
  async refresh(auth: AuthContext, id: string): Promise<McpServer> {
    return toMcpServer(await this.deps.listing.refreshNow(await this.load(auth, id)));
  }

  private checkUrl(url: string): void {
    const checked = validateOutboundUrl(url, this.deps.allowPrivate);
    if (!checked.ok) throw validationFailed([{ path: "url", message: checked.reason }]);
  }

  /**
   * `updated_at` versions the row (a listing started before a change must not store its
   * result, and pooled clients reconnect): a change gets a strictly later value.
   */
  private laterThan(previous: string): string {
    const now = this.deps.clock.now().getTime();
    const after = Math.max(now, new Date(previous).getTime() + 1);
    return new Date(after).toISOString();
  }

  private async load(auth: AuthContext, id: string): Promise<McpServerRow> {
    assertAdmin(auth);
    const row = await this.deps.repos.mcpServers.find(id);
    if (!row || row.project_id !== auth.projectId) {
      throw new ApiError(404, "mcp_server_not_found", `No MCP server with id '${id}' exists.`);
    }
    return row;
  }
}
