import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Clock } from "../../infra/clock.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { McpServerRow, McpServersRepo } from "../../storage/repos/mcp-servers.repo.js";
import type { McpClients } from "./mcp-clients.js";
import { errorText, listAllTools } from "./mcp-connect.js";
import { authHeaders, endpointOf, redactCredentials } from "./server-auth.js";

/** A tool as stored from the server's listing and shown by the API. */
export interface StoredMcpTool {
  name: string;
  title: string | null;
  description: string;
  input_schema: Record<string, unknown>;
}

/** How stale a server's stored tools may get before a use lists them again in the background. */
export const DEFAULT_TOOLS_TTL_MS = 10 * 60 * 1000;
/** A stored listing larger than this (as JSON) is refused as a failure; the last good one stays. */
export const MAX_TOOLS_JSON_BYTES = 1024 * 1024;

export interface McpLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface McpToolListingDeps {
  repos: { mcpServers: McpServersRepo };
  secrets: SecretBox;
  clients: McpClients;
  clock: Clock;
  log: McpLog;
  /** DEFAULT_TOOLS_TTL_MS unless a test shortens it. */
  ttlMs?: number;
}

export function parseStoredTools(json: string): StoredMcpTool[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? (parsed as StoredMcpTool[]) : [];
}

function stored(tool: Tool): StoredMcpTool {
  return {
    name: tool.name,
    title: tool.title ?? tool.annotations?.title ?? null,
    description: tool.description ?? "",
    input_schema: tool.inputSchema as Record<string, unknown>,
  };
}

/**
 * Lists servers' tools and stores them (docs/mcp.md, "Refreshing"): on create, change and the
 * `refresh` action (awaited, on a new connection), and in the background when a use finds the
 * stored list older than the TTL — at most one listing per server per TTL across processes,
 * claimed in the database. A failure keeps the last good list and records the error.
 */
export class McpToolListing {
  private readonly ttlMs: number;
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: McpToolListingDeps) {
    this.ttlMs = deps.ttlMs ?? DEFAULT_TOOLS_TTL_MS;
  }

  /** Lists now on a new connection and returns the row as stored afterwards. */
  async refreshNow(row: McpServerRow): Promise<McpServerRow> {
    const repo = this.deps.repos.mcpServers;
    await repo.claimRefresh(row.id, this.deps.clock.now().toISOString(), this.deps.clock.now().toISOString());
    await this.deps.clients.drop(row.id);
    await this.list(row);
    return (await repo.find(row.id)) ?? row;
  }

  /** Starts a background listing when the stored one is older than the TTL and nobody else is listing. */
  refreshIfStale(row: McpServerRow): void {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - this.ttlMs).toISOString();
    const checked = row.connection_checked_at ?? row.tools_refreshed_at;
    if (checked !== null && checked > cutoff) return;
    const work = (async () => {
      if (!(await this.deps.repos.mcpServers.claimRefresh(row.id, cutoff, now.toISOString()))) return;
      await this.list(row);
    })()
      .catch((error) =>
        this.deps.log.warn({ err: error, mcp_server_id: row.id }, "MCP background tool listing failed"),
      )
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  /** Resolves when the background listings started so far have finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async list(row: McpServerRow): Promise<void> {
    const repo = this.deps.repos.mcpServers;
    const started = performance.now();
    try {
      const { tools, transport } = await this.deps.clients.use(
        { id: row.id, version: row.updated_at, endpoint: () => endpointOf(row, this.deps.secrets) },
        async (connection) => ({
          tools: await listAllTools(connection.client, row.timeout_ms),
          transport: connection.transport,
        }),
      );
      const json = JSON.stringify(tools.map(stored));
      if (Buffer.byteLength(json) > MAX_TOOLS_JSON_BYTES) {
        throw new Error(`the tool list is larger than ${MAX_TOOLS_JSON_BYTES} bytes`);
      }
      const at = this.deps.clock.now().toISOString();
      await repo.recordListing(row.id, row.updated_at, { ok: true, tools: json, transport, at });
      this.deps.log.info(
        {
          mcp_server_id: row.id,
          mcp_server: row.name,
          project_id: row.project_id,
          tools: tools.length,
          transport,
          duration_ms: Math.round(performance.now() - started),
        },
        "MCP tools listed",
      );
    } catch (error) {
      const message = redactCredentials(errorText(error), authHeaders(row, this.deps.secrets));
      const at = this.deps.clock.now().toISOString();
      await repo.recordListing(row.id, row.updated_at, { ok: false, error: message, at });
      this.deps.log.warn(
        {
          mcp_server_id: row.id,
          mcp_server: row.name,
          project_id: row.project_id,
          error: message,
          duration_ms: Math.round(performance.now() - started),
        },
        "MCP tool listing failed",
      );
    }
  }
}
