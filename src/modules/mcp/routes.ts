import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { McpServersService } from "./mcp-servers-service.js";
import {
  createMcpServerBodySchema,
  mcpServerParamsSchema,
  mcpServerSchema,
  updateMcpServerBodySchema,
} from "./schemas.js";

const tags = ["MCP servers"];

const ADMIN_ONLY = "Admins of the project only (API keys and admin sessions; operators get 403).";
const LISTED_NOW =
  "The server's tools are listed before the answer (within `timeout_ms`): a failure does not refuse " +
  "the request but shows in `connection` (`status: failed`, `error`), and the last good `tools` stay.";

/** `/v1/mcp-servers` (docs/mcp.md): remote MCP servers whose tools the project's bots may use. */
export function mcpServerRoutes(app: App, servers: McpServersService): void {
  app.get(
    "/mcp-servers",
    {
      schema: {
        tags,
        operationId: "listMcpServers",
        summary: "List the project's MCP servers",
        description: `Oldest first, with their stored tools. Credentials are never returned. ${ADMIN_ONLY}`,
        response: { 200: mcpServerSchema.array() },
      },
    },
    async (request) => servers.list(authOf(request)),
  );

  app.post(
    "/mcp-servers",
    {
      schema: {
        tags,
        operationId: "createMcpServer",
        summary: "Connect an MCP server",
        description:
          "Registers a remote MCP server (Streamable HTTP or the older HTTP+SSE). `auth` is stored encrypted " +
          "and never returned. A URL on a private, loopback or link-local address is refused (422) unless the " +
          `server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true. ${LISTED_NOW} ${ADMIN_ONLY}`,
        body: createMcpServerBodySchema,
        response: {
          200: mcpServerSchema,
          ...errorResponses({
            409:
              "`mcp_server_name_taken`: the project has a server of this name; `mcp_server_limit_reached`: " +
              "the project has the most servers it may have.",
          }),
        },
      },
    },
    async (request) => servers.create(authOf(request), request.body),
  );

  app.get(
    "/mcp-servers/:id",
    {
      schema: {
        tags,
        operationId: "getMcpServer",
        summary: "Get an MCP server",
        description: `Another project's server is 404 \`mcp_server_not_found\`. ${ADMIN_ONLY}`,
        params: mcpServerParamsSchema,
        response: { 200: mcpServerSchema },
      },
    },
    async (request) => servers.get(authOf(request), request.params.id),
  );

  app.post(
    "/mcp-servers/:id",
    {
      schema: {
        tags,
        operationId: "updateMcpServer",
        summary: "Update an MCP server",
        description:
          "Fields not sent are unchanged; `auth` replaces the stored credentials (null removes them). " +
          `While the server is active (or made active), its tools are listed again. ${LISTED_NOW} ${ADMIN_ONLY}`,
        params: mcpServerParamsSchema,
        body: updateMcpServerBodySchema,
        response: {
          200: mcpServerSchema,
          ...errorResponses({ 409: "`mcp_server_name_taken`: the project has another server of this name." }),
        },
      },
    },
    async (request) => servers.update(authOf(request), request.params.id, request.body),
  );

  app.post(
    "/mcp-servers/:id/refresh",
    {
      schema: {
        tags,
        operationId: "refreshMcpServer",
        summary: "List an MCP server's tools again",
        description:
          "Connects anew and lists the server's tools now, whatever its status. Tools are also listed again " +
          `in the background when a turn finds them older than 10 minutes. ${LISTED_NOW} ${ADMIN_ONLY}`,
        params: mcpServerParamsSchema,
        response: { 200: mcpServerSchema },
      },
    },
    async (request) => servers.refresh(authOf(request), request.params.id),
  );

  app.delete(
    "/mcp-servers/:id",
    {
      schema: {
        tags,
        operationId: "deleteMcpServer",
        summary: "Delete an MCP server",
        description:
          "Its tools are no longer offered; bots that enabled them keep the keys in `ai.tools`, which then " +
          `name no tool. ${ADMIN_ONLY}`,
        params: mcpServerParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => servers.delete(authOf(request), request.params.id),
  );
}
