import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { McpServerRow, McpServersRepo } from "../../storage/repos/mcp-servers.repo.js";
import type { ToolContext } from "../../tools/tool-context.js";
import type { ProvidedTool, ToolProvider } from "../../tools/tool-provider.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import { MCP_ADDRESS_ERROR_CODE } from "./address-error.js";
import { mcpInputSchema } from "./input-schema.js";
import type { McpClients } from "./mcp-clients.js";
import { errorText, McpTimeoutError } from "./mcp-connect.js";
import { authHeaders, endpointOf, redactCredentials } from "./server-auth.js";
import { type McpLog, type McpToolListing, parseStoredTools, type StoredMcpTool } from "./tool-listing.js";
import { contentText, limited, type McpCallResult, resultForModel } from "./tool-result.js";

/** MCP tool names a bot can enable: the characters the MCP specification allows, 1–128 of them. */
export const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const DESCRIPTION_MAX = 2000;

/** The key of a server's tool in `ai.tools` and GET /v1/tools. */
export function mcpToolKey(server: string, tool: string): string {
  return `mcp:${server}:${tool}`;
}

export interface McpToolsDeps {
  repos: { mcpServers: McpServersRepo };
  secrets: SecretBox;
  clients: McpClients;
  listing: McpToolListing;
  log: McpLog;
}

/**
 * The tools of a project's MCP servers (docs/mcp.md): every tool each `active` server listed
 * last, as `mcp:<server>:<tool>`, with the server's description (after the server's name) and
 * its JSON Schema validated with Ajv. Tools come from the stored listing, so a turn never waits
 * on one; a listing older than the TTL is refreshed in the background. A call goes through the
 * server's pooled client with the server's `timeout_ms`; a tool error (`isError`), a protocol
 * error, a timeout or an unreachable server reaches the model as a ToolRefusal, never failing
 * the turn. Every call is logged with the server, tool, duration and outcome.
 */
export function mcpTools(deps: McpToolsDeps): ToolProvider {
  return {
    async tools(projectId) {
      const servers = await deps.repos.mcpServers.listByProject(projectId);
      const provided: ProvidedTool[] = [];
      for (const server of servers) {
        if (server.status !== "active") continue;
        deps.listing.refreshIfStale(server);
        for (const tool of parseStoredTools(server.tools)) {
          if (MCP_TOOL_NAME.test(tool.name)) provided.push(provide(deps, server, tool));
        }
      }
      return provided;
    },
    async knownNames(projectId) {
      const servers = await deps.repos.mcpServers.listByProject(projectId);
      return servers.flatMap((server) =>
        parseStoredTools(server.tools)
          .filter((tool) => MCP_TOOL_NAME.test(tool.name))
          .map((tool) => mcpToolKey(server.name, tool.name)),
      );
    },
  };
}

function descriptionOf(server: McpServerRow, tool: StoredMcpTool): string {
  const own = tool.description || tool.title || "";
  const text = own ? `${server.name} (MCP server): ${own}` : `${server.name} (MCP server): ${tool.name}`;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

function provide(deps: McpToolsDeps, server: McpServerRow, tool: StoredMcpTool): ProvidedTool {
  return {
    name: mcpToolKey(server.name, tool.name),
    description: descriptionOf(server, tool),
    inputSchema: mcpInputSchema(tool.input_schema),
    source: { kind: "mcp", server_id: server.id, server: server.name },
    execute: (input, context) => callTool(deps, server.id, tool.name, input, context),
  };
}

async function callTool(
  deps: McpToolsDeps,
  serverId: string,
  toolName: string,
  input: unknown,
  context: ToolContext,
): Promise<unknown> {
  // The server as it is now: an approved call may run long after the turn that asked for it.
  const server = await deps.repos.mcpServers.find(serverId);
  if (server?.status !== "active" || server.project_id !== context.projectId) {
    throw new ToolRefusal("This MCP server is not connected any more; the tool was not called.");
  }
  const started = performance.now();
  const logged = (outcome: "ok" | "tool_error" | "failed", error?: string) =>
    deps.log.info(
      {
        mcp_server_id: server.id,
        mcp_server: server.name,
        tool: toolName,
        project_id: context.projectId,
        thread_id: context.threadId,
        duration_ms: Math.round(performance.now() - started),
        outcome,
        ...(error !== undefined ? { error } : {}),
      },
      "MCP tool call",
    );
  const headers = authHeaders(server, deps.secrets);
  let result: McpCallResult;
  try {
    // Each step is bounded by timeout_ms: connecting (when there is no live client) and the call.
    result = (await deps.clients.use(
      { id: server.id, version: server.updated_at, endpoint: () => endpointOf(server, deps.secrets) },
      (connection) =>
        connection.client.callTool(
          { name: toolName, arguments: (input ?? {}) as Record<string, unknown> },
          undefined,
          { timeout: server.timeout_ms },
        ),
    )) as McpCallResult;
  } catch (error) {
    logged("failed", redactCredentials(errorText(error), headers));
    throw new ToolRefusal(redactCredentials(refusalOf(server.name, error, server.timeout_ms), headers));
  }
  if (result.isError) {
    const text = redactCredentials(
      limited(contentText(result.content ?? [])) || "the tool reported an error without details",
      headers,
    );
    logged("tool_error", text.slice(0, 200));
    throw new ToolRefusal(`The MCP tool ${toolName} failed: ${text}`);
  }
  logged("ok");
  return resultForModel(result);
}

/** Node's codes for a server that could not be reached at all (and the address guard's). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  MCP_ADDRESS_ERROR_CODE,
]);

/** What the model reads when the call did not happen or did not finish (the log has the details). */
function refusalOf(server: string, error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof McpTimeoutError || (error instanceof McpError && code === ErrorCode.RequestTimeout)) {
    return `The MCP server ${server} did not answer within ${timeoutMs} ms; the call may or may not have taken effect.`;
  }
  if (typeof code === "string" && UNREACHABLE.has(code)) {
    return `The MCP server ${server} could not be reached; the tool was not called.`;
  }
  return `The MCP server ${server} failed: ${errorText(error)}`;
}
