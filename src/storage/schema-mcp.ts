/**
 * Remote MCP servers a project connects (migration 0021, docs/mcp.md). Their tools are listed
 * when the server is created, changed or refreshed and stored here, so a turn never waits on
 * a listing.
 */
export type McpServerStatus = "active" | "disabled";

/** `auto`: Streamable HTTP first, the older HTTP+SSE transport when that fails with a 4xx. */
export type McpTransport = "streamable_http" | "sse" | "auto";

/** `unknown`: no connection was tried yet. */
export type McpConnectionStatus = "connected" | "failed" | "unknown";

export interface McpServersTable {
  /** `mcp_…` */
  id: string;
  project_id: string;
  /** `^[a-z][a-z0-9_-]{0,31}$`, unique in the project: tools are named `mcp:<name>:<tool>`. */
  name: string;
  url: string;
  transport: McpTransport;
  /**
   * The credentials sent with every request, sealed with the server's SecretBox: JSON
   * `{"bearer_token": "…"}` or `{"headers": {"name": "value"}}`. null: none.
   */
  auth: string | null;
  /** What the API may show of `auth`: JSON `{"type":"bearer"}` or `{"type":"headers","header_names":[…]}`. */
  auth_summary: string | null;
  status: McpServerStatus;
  timeout_ms: number;
  /** JSON array of `{name, title, description, input_schema}`, the last good listing. */
  tools: string;
  tools_refreshed_at: string | null;
  connection_status: McpConnectionStatus;
  /** Why the last connection or listing failed; null after a success. */
  connection_error: string | null;
  /** The transport the last successful connection used (`auto` resolves to one of them). */
  connection_transport: "streamable_http" | "sse" | null;
  connection_checked_at: string | null;
  /** When a process last started a listing (claimed, so that processes do not list at once). */
  refresh_started_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface McpTables {
  mcp_servers: McpServersTable;
}
