import type { SecretBox } from "../../infra/secret-box.js";
import type { McpServerRow } from "../../storage/repos/mcp-servers.repo.js";
import type { McpEndpoint } from "./mcp-connect.js";

/** The credentials of an MCP server as a client sends them (docs/mcp.md, "Authentication"). */
export type McpAuth = { bearer_token: string } | { headers: Record<string, string> };

/** What the API shows of the credentials: their kind and header names, never a value. */
export type McpAuthSummary = { type: "bearer" } | { type: "headers"; header_names: string[] };

export function summaryOf(auth: McpAuth): McpAuthSummary {
  return "bearer_token" in auth
    ? { type: "bearer" }
    : { type: "headers", header_names: Object.keys(auth.headers).sort() };
}

/** The stored columns for `auth`: the sealed credentials and their summary (null, null: none). */
export function authColumns(
  auth: McpAuth | null,
  secrets: SecretBox,
): { auth: string | null; auth_summary: string | null } {
  if (auth === null) return { auth: null, auth_summary: null };
  return { auth: secrets.seal(JSON.stringify(auth)), auth_summary: JSON.stringify(summaryOf(auth)) };
}

/** The headers the server's credentials add to every request. */
export function authHeaders(row: Pick<McpServerRow, "auth">, secrets: SecretBox): Record<string, string> {
  if (row.auth === null) return {};
  const auth = JSON.parse(secrets.open(row.auth)) as McpAuth;
  return "bearer_token" in auth ? { authorization: `Bearer ${auth.bearer_token}` } : { ...auth.headers };
}

/**
 * A failure's text with the server's credentials cut out: an error body that echoes a request
 * header must not carry it into `connection.error`, the log or what the model reads.
 */
export function redactCredentials(text: string, headers: Record<string, string>): string {
  let redacted = text;
  const values = Object.values(headers).flatMap((value) => [value, value.replace(/^Bearer /, "")]);
  for (const value of values.filter((v) => v.length >= 4).sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(value).join("[redacted]");
  }
  return redacted;
}

export function endpointOf(row: McpServerRow, secrets: SecretBox): McpEndpoint {
  return {
    url: row.url,
    transport: row.transport,
    headers: authHeaders(row, secrets),
    timeoutMs: row.timeout_ms,
  };
}
