import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpTransport } from "../../storage/schema-mcp.js";

/** Where and how to reach one MCP server: its URL, transport, credentials as headers and time limit. */
export interface McpEndpoint {
  url: string;
  transport: McpTransport;
  /** Sent with every request (Authorization for a bearer token, or the server's own headers). */
  headers: Record<string, string>;
  timeoutMs: number;
}

/** A connected client and the transport it ended up on. */
export interface McpConnection {
  client: Client;
  transport: "streamable_http" | "sse";
  close(): Promise<void>;
}

export const MCP_CLIENT_INFO = { name: "parley", version: "0.1.0" };

/** A listing longer than this is refused: the server is misbehaving or far beyond what a bot can use. */
export const MAX_TOOLS_PER_SERVER = 256;
const MAX_LIST_PAGES = 50;

/** No answer within the server's `timeout_ms` (connecting, listing or calling). */
export class McpTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "McpTimeoutError";
  }
}

/**
 * Connects to an MCP server with the official SDK. `auto` follows the SDK's advice for servers
 * of either generation: Streamable HTTP first, and the older HTTP+SSE transport when that is
 * answered with a 4xx other than 401/403 (an auth refusal is reported as it is, not hidden
 * behind a second attempt).
 */
export async function connectMcp(endpoint: McpEndpoint, fetch: FetchLike): Promise<McpConnection> {
  if (endpoint.transport !== "auto") return connectWith(endpoint.transport, endpoint, fetch);
  try {
    return await connectWith("streamable_http", endpoint, fetch);
  } catch (error) {
    if (!(error instanceof StreamableHTTPError) || !olderServerAnswer(error.code)) throw error;
    try {
      return await connectWith("sse", endpoint, fetch);
    } catch (sseError) {
      throw new Error(
        `Streamable HTTP failed (${errorText(error)}), and so did SSE (${errorText(sseError)})`,
      );
    }
  }
}

function olderServerAnswer(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
}

async function connectWith(
  kind: "streamable_http" | "sse",
  endpoint: McpEndpoint,
  fetch: FetchLike,
): Promise<McpConnection> {
  const url = new URL(endpoint.url);
  const requestInit: RequestInit = { headers: endpoint.headers };
  const transport: Transport =
    kind === "sse"
      ? new SSEClientTransport(url, { requestInit, fetch })
      : new StreamableHTTPClientTransport(url, { requestInit, fetch });
  const client = new Client(MCP_CLIENT_INFO, { capabilities: {} });
  const close = async () => {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  };
  try {
    // The SDK's timeout covers `initialize`; the deadline also covers opening the SSE stream.
    await withDeadline(client.connect(transport, { timeout: endpoint.timeoutMs }), endpoint.timeoutMs);
  } catch (error) {
    await close();
    throw error;
  }
  return { client, transport: kind, close };
}

/** Every tool the server lists, following `nextCursor` page by page. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, {
      timeout: timeoutMs,
    });
    tools.push(...result.tools);
    if (tools.length > MAX_TOOLS_PER_SERVER) {
      throw new Error(`the server lists more than ${MAX_TOOLS_PER_SERVER} tools`);
    }
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new Error(`the server's tool list goes on past ${MAX_LIST_PAGES} pages`);
}

export async function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new McpTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short, secret-free description of a failure: the SDK's and Node's messages name no headers. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  let text = error.message || error.name;
  if (typeof code === "string" && !text.includes(code)) text = `${code}: ${text}`;
  // The transports' HTTP errors carry the status apart from the message.
  const httpError = error instanceof StreamableHTTPError || error instanceof SseError;
  if (httpError && typeof code === "number") text = `HTTP ${code}: ${text}`;
  if (cause instanceof Error && cause.message && !text.includes(cause.message)) text += ` (${cause.message})`;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
