import { z } from "zod";

const timestamp = z.string().describe("ISO 8601, UTC");

export const MCP_SERVER_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
export const DEFAULT_MCP_TIMEOUT_MS = 15_000;
export const MAX_MCP_AUTH_HEADERS = 20;

/** Headers the transports set themselves; credentials cannot replace them. */
const RESERVED_HEADERS = new Set([
  "accept",
  "connection",
  "content-length",
  "content-type",
  "host",
  "last-event-id",
  "mcp-protocol-version",
  "mcp-session-id",
  "transfer-encoding",
]);

const name = z
  .string()
  .regex(
    MCP_SERVER_NAME,
    "must start with a lowercase letter and hold only lowercase letters, digits, _ and -, at most 32 characters",
  )
  .describe("Unique in the project; the server's tools are named `mcp:<name>:<tool>`.");

const url = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048, "must be at most 2048 characters")
  .describe(
    "The server's MCP endpoint, http:// or https:// on a public address (e.g. `https://mcp.example.com/mcp`; " +
      "for an SSE server its SSE endpoint, often `/sse`). Put credentials in `auth`, not in the URL.",
  );

export const mcpTransportSchema = z
  .enum(["streamable_http", "sse", "auto"])
  .meta({ id: "McpTransport" })
  .describe(
    "`streamable_http` (current servers), `sse` (the older HTTP+SSE transport), or `auto`: Streamable HTTP " +
      "first, SSE when that is answered with a 4xx other than 401/403.",
  );

const headerValue = z
  .string()
  .min(1, "must not be empty")
  .max(4096, "must be at most 4096 characters")
  .regex(/^[\t\x20-\x7e\x80-\xff]*$/, "must be printable text on one line");

const headers = z
  .record(
    z
      .string()
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "is not a valid header name")
      .refine((header) => !RESERVED_HEADERS.has(header.toLowerCase()), "is set by the transport"),
    headerValue,
  )
  .refine((map) => Object.keys(map).length > 0, "must name at least one header")
  .refine((map) => Object.keys(map).length <= MAX_MCP_AUTH_HEADERS, `at most ${MAX_MCP_AUTH_HEADERS} headers`)
  .refine(
    (map) => new Set(Object.keys(map).map((h) => h.toLowerCase())).size === Object.keys(map).length,
    "names a header twice (names are case-insensitive)",
  );

export const mcpAuthInputSchema = z
  .union([
    z.strictObject({
      bearer_token: z
        .string()
        .min(1, "must not be empty")
        .max(4096, "must be at most 4096 characters")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
        .describe("Sent as `Authorization: Bearer <token>`."),
    }),
    z.strictObject({
      headers: headers.describe('Sent as they are with every request (e.g. `{"X-Api-Key": "…"}`).'),
    }),
  ])
  .describe(
    "Credentials sent with every request: a bearer token or headers of your own. Write-only: stored " +
      "encrypted and never returned (only the kind and the header names are).",
  );

const timeoutMs = z
  .number()
  .int()
  .min(1000, "must be at least 1000")
  .max(120_000, "must be at most 120000")
  .describe("Limit for connecting, for each listing page and for each tool call, in milliseconds.");

export const mcpServerStatusSchema = z.enum(["active", "disabled"]).meta({ id: "McpServerStatus" });

export const createMcpServerBodySchema = z.strictObject({
  name,
  url,
  transport: mcpTransportSchema.optional().describe("Default `auto`."),
  auth: mcpAuthInputSchema.nullable().optional(),
  status: mcpServerStatusSchema.optional().describe("Default `active`."),
  timeout_ms: timeoutMs.optional().describe(`Default ${DEFAULT_MCP_TIMEOUT_MS}.`),
});

export type CreateMcpServerInput = z.infer<typeof createMcpServerBodySchema>;

export const updateMcpServerBodySchema = z.strictObject({
  name: name.optional(),
  url: url.optional(),
  transport: mcpTransportSchema.optional(),
  auth: mcpAuthInputSchema
    .nullable()
    .optional()
    .describe("Replaces the stored credentials; null removes them."),
  status: mcpServerStatusSchema.optional(),
  timeout_ms: timeoutMs.optional(),
});

export type UpdateMcpServerInput = z.infer<typeof updateMcpServerBodySchema>;

export const mcpToolInfoSchema = z
  .object({
    name: z.string().describe("The tool's name on the server."),
    title: z.string().nullable(),
    description: z.string(),
    input_schema: z.record(z.string(), z.unknown()).describe("The JSON Schema of its arguments, as listed."),
  })
  .meta({ id: "McpToolInfo" });

export const mcpServerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    transport: mcpTransportSchema,
    status: mcpServerStatusSchema,
    timeout_ms: z.number().int(),
    auth: z
      .discriminatedUnion("type", [
        z.object({ type: z.literal("bearer") }),
        z.object({ type: z.literal("headers"), header_names: z.array(z.string()) }),
      ])
      .nullable()
      .describe("The kind of credentials stored (header names, never values); null: none."),
    tools: z
      .array(mcpToolInfoSchema)
      .describe("The tools the server listed last; bots enable each as `mcp:<name>:<tool>`."),
    tools_refreshed_at: timestamp.nullable().describe("When `tools` were listed; null: never."),
    connection: z
      .object({
        status: z
          .enum(["connected", "failed", "unknown"])
          .describe("How the last connection and listing went; `unknown` until one was tried."),
        error: z.string().nullable().describe("Why the last attempt failed; null after a success."),
        transport: z
          .enum(["streamable_http", "sse"])
          .nullable()
          .describe("The transport the last successful connection used."),
        checked_at: timestamp.nullable(),
      })
      .describe("The last connection attempt (on create, change, refresh or a background refresh)."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "McpServer" });

export type McpServer = z.infer<typeof mcpServerSchema>;

export const mcpServerParamsSchema = z.object({ id: z.string().max(128) });
