import type { LookupFunction } from "node:net";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import { createGuardedFetch } from "../../infra/outbound-http/guarded-fetch.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { McpServersRepo } from "../../storage/repos/mcp-servers.repo.js";
import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleParts } from "../../wiring/module-parts.js";
import { MAX_JSON_RESPONSE_BYTES, MCP_ADDRESS_ERROR_CODE } from "./address-error.js";
import { McpClients } from "./mcp-clients.js";
import { connectMcp } from "./mcp-connect.js";
import { McpServersService } from "./mcp-servers-service.js";
import { mcpTools } from "./mcp-tools.js";
import { mcpServerRoutes } from "./routes.js";
import { type McpLog, McpToolListing } from "./tool-listing.js";

export interface McpDeps {
  repos: { mcpServers: McpServersRepo };
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: MCP servers on loopback and private addresses are allowed. */
  allowPrivate: boolean;
  log: McpLog;
  /** How old stored tools may get before a use lists them again (default 10 minutes). */
  toolsTtlMs?: number;
  /** The resolver under the address guard (tests). */
  lookup?: LookupFunction;
}

export interface Mcp extends ModuleParts {
  /** The `/v1/mcp-servers` service (`mcpServerRoutes`). */
  servers: McpServersService;
  /** The project tools of MCP servers, for ProjectTools. */
  tools: ToolProvider;
  /** Background listings started so far have finished. */
  settled(): Promise<void>;
  /** Closes every pooled client and socket (shutdown). */
  close(): Promise<void>;
  /** The `/v1/mcp-servers` routes. */
  routes: NonNullable<ModuleParts["routes"]>;
}

/**
 * MCP servers of projects (docs/mcp.md), wired once per process: the service behind the routes
 * and the tool provider share one pool of clients, so deleting or changing a server closes the
 * connection its calls used.
 */
export function composeMcp(deps: McpDeps): Mcp {
  const guarded = createGuardedFetch({
    allowPrivate: deps.allowPrivate,
    refusalCode: MCP_ADDRESS_ERROR_CODE,
    maxBodyBytes: MAX_JSON_RESPONSE_BYTES,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });
  const clients = new McpClients((endpoint) => connectMcp(endpoint, guarded.fetch));
  const listing = new McpToolListing({
    repos: deps.repos,
    secrets: deps.secrets,
    clients,
    clock: deps.clock,
    log: deps.log,
    ...(deps.toolsTtlMs !== undefined ? { ttlMs: deps.toolsTtlMs } : {}),
  });
  const servers = new McpServersService({
    repos: deps.repos,
    secrets: deps.secrets,
    clients,
    listing,
    clock: deps.clock,
    newId: deps.newId,
    allowPrivate: deps.allowPrivate,
  });
  const tools = mcpTools({ repos: deps.repos, secrets: deps.secrets, clients, listing, log: deps.log });
  return {
    name: "mcp",
    servers,
    tools,
    routes: (api) => mcpServerRoutes(api, servers),
    settled: () => listing.settled(),
    async close() {
      await listing.settled();
      await clients.closeAll();
      guarded.close();
    },
  };
}
