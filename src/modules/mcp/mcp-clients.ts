import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpConnection, McpEndpoint } from "./mcp-connect.js";

interface Entry {
  /** The server row's `updated_at` when connected: a changed server gets a new connection. */
  version: string;
  connection: Promise<McpConnection>;
}

/**
 * One connected client per MCP server in this process, reused by every call (docs/mcp.md,
 * "Calls"). A server whose settings changed, a failed connection and a connection that
 * broke are replaced on the next use; `drop` closes a server's client (deleted, changed),
 * `closeAll` every one (shutdown).
 */
export class McpClients {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly connect: (endpoint: McpEndpoint) => Promise<McpConnection>) {}

  /**
   * Runs `work` with the server's client. When a client from an earlier call fails in a way
   * that means the request never ran (the server forgot the session: 404; nothing listens any
   * more), the call is tried once more on a new connection; other failures are not repeated,
   * since a tool call may have had its effect.
   */
  async use<T>(
    server: { id: string; version: string; endpoint: () => McpEndpoint },
    work: (connection: McpConnection) => Promise<T>,
  ): Promise<T> {
    const { entry, fresh } = this.entryFor(server);
    const connection = await this.settle(server.id, entry);
    try {
      return await work(connection);
    } catch (error) {
      if (!brokenConnection(error)) throw error;
      await this.forget(server.id, entry);
      if (fresh || !neverSent(error)) throw error;
      const retry = this.entryFor(server).entry;
      return work(await this.settle(server.id, retry));
    }
  }

  /** Closes and forgets the server's client, if any. */
  async drop(serverId: string): Promise<void> {
    const entry = this.entries.get(serverId);
    if (entry) await this.forget(serverId, entry);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.drop(id)));
  }

  private entryFor(server: { id: string; version: string; endpoint: () => McpEndpoint }): {
    entry: Entry;
    fresh: boolean;
  } {
    const existing = this.entries.get(server.id);
    if (existing && existing.version === server.version) return { entry: existing, fresh: false };
    if (existing) void this.forget(server.id, existing);
    const entry: Entry = { version: server.version, connection: this.connect(server.endpoint()) };
    this.entries.set(server.id, entry);
    // A connection the server closes is replaced on the next use.
    entry.connection.then(
      (connection) => {
        connection.client.onclose = () => {
          if (this.entries.get(server.id) === entry) this.entries.delete(server.id);
        };
      },
      () => undefined,
    );
    return { entry, fresh: true };
  }

  private async settle(serverId: string, entry: Entry): Promise<McpConnection> {
    try {
      return await entry.connection;
    } catch (error) {
      if (this.entries.get(serverId) === entry) this.entries.delete(serverId);
      throw error;
    }
  }

  private async forget(serverId: string, entry: Entry): Promise<void> {
    if (this.entries.get(serverId) === entry) this.entries.delete(serverId);
    const connection = await entry.connection.catch(() => undefined);
    await connection?.close();
  }
}

/**
 * Whether a failure says the connection is no good any more (rather than the server answering
 * the request with an error, or being slow).
 */
function brokenConnection(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  return !(error instanceof Error && error.name === "McpTimeoutError");
}

/** Failures after which the request certainly did not reach the tool. */
function neverSent(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ECONNREFUSED") return true;
  return error instanceof Error && error.message === "Not connected";
}
