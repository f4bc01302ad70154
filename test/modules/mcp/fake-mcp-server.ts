import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface RecordedMcpRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface FakeMcpOptions {
  /** The bearer token `whoami` needs (and every request, with `requireAuth`). */
  token?: string;
  /** Refuse (401) every request without `Authorization: Bearer <token>`. */
  requireAuth?: boolean;
  /** Extra tools, for tests of listings. */
  extraTools?: string[];
}

export const LARGE_TEXT_BYTES = 40 * 1024;

/**
 * An MCP server built with the official SDK (McpServer) on loopback, speaking Streamable HTTP
 * at `/mcp` (stateful sessions) and the older HTTP+SSE transport at `/sse` + `/messages`. Its
 * tools: `get_order` (structured content), `echo` (text), `whoami` (needs the bearer token,
 * checked from the Authorization header), `fail` (isError), `slow` (waits `ms`), `large`
 * (40 KB of text), `picture` (an image and a text part).
 */
export class FakeMcpServer {
  readonly requests: RecordedMcpRequest[] = [];
  readonly calls: Array<{ tool: string; args: unknown }> = [];
  private readonly sessions = new Map<string, StreamableHTTPServerTransport>();
  private readonly sseSessions = new Map<string, SSEServerTransport>();
  private readonly servers = new Set<McpServer>();
  /** Unset by `stop()`: requests are then refused before reaching MCP. */
  private up = true;

  private constructor(
    private readonly http: http.Server,
    private readonly options: FakeMcpOptions,
  ) {}

  static async start(options: FakeMcpOptions = {}): Promise<FakeMcpServer> {
    let fake: FakeMcpServer | undefined;
    const server = http.createServer((req, res) => {
      void fake!.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    fake = new FakeMcpServer(server, options);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return fake;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** The Streamable HTTP endpoint. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  /** The SSE endpoint of the older transport. */
  get sseUrl(): string {
    return `http://127.0.0.1:${this.port}/sse`;
  }

  /** Streamable HTTP sessions closed by the server (as after a restart): old session ids get 404. */
  async forgetSessions(): Promise<void> {
    const transports = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(transports.map((t) => t.close()));
  }

  async close(): Promise<void> {
    this.up = false;
    await Promise.all([...this.servers].map((s) => s.close().catch(() => undefined)));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private buildServer(): McpServer {
    const mcp = new McpServer({ name: "fake-shop", version: "1.0.0" });
    this.servers.add(mcp);
    const record = (tool: string, args: unknown) => this.calls.push({ tool, args });
    mcp.registerTool(
      "get_order",
      {
        title: "Get an order",
        description: "Looks up an order of the shop by its number.",
        inputSchema: { order_id: z.string().regex(/^\d+$/).describe("The order number") },
        outputSchema: { order_id: z.string(), status: z.string(), total: z.number() },
      },
      async ({ order_id }) => {
        record("get_order", { order_id });
        const order = { order_id, status: "shipped", total: 1490.5 };
        return { content: [{ type: "text", text: JSON.stringify(order) }], structuredContent: order };
      },
    );
    mcp.registerTool(
      "echo",
      { description: "Repeats the text.", inputSchema: { text: z.string() } },
      async ({ text }) => {
        record("echo", { text });
        return { content: [{ type: "text", text: `echo: ${text}` }] };
      },
    );
    mcp.registerTool("whoami", { description: "Says who the caller is authenticated as." }, async (extra) => {
      record("whoami", {});
      if (!this.options.token || extra.authInfo?.token !== this.options.token) {
        return { content: [{ type: "text", text: "unauthorized: no valid bearer token" }], isError: true };
      }
      return { content: [{ type: "text", text: `client ${extra.authInfo.clientId}` }] };
    });
    mcp.registerTool("fail", { description: "Always fails." }, async () => {
      record("fail", {});
      return { content: [{ type: "text", text: "the order system is down" }], isError: true };
    });
    mcp.registerTool(
      "slow",
      { description: "Answers after a while.", inputSchema: { ms: z.number().int() } },
      async ({ ms }) => {
        record("slow", { ms });
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { content: [{ type: "text", text: `waited ${ms} ms` }] };
      },
    );
    mcp.registerTool("large", { description: "Answers with a lot of text." }, async () => {
      record("large", {});
      return { content: [{ type: "text", text: "x".repeat(LARGE_TEXT_BYTES) }] };
    });
    mcp.registerTool("picture", { description: "Answers with a picture." }, async () => {
      record("picture", {});
      return {
        content: [
          { type: "text", text: "Here is the parcel:" },
          { type: "image", data: Buffer.alloc(300).toString("base64"), mimeType: "image/png" },
        ],
      };
    });
    for (const name of this.options.extraTools ?? []) {
      mcp.registerTool(name, { description: `Extra tool ${name}.` }, async () => ({
        content: [{ type: "text", text: name }],
      }));
    }
    return mcp;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    this.requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers });
    if (!this.up) return void res.writeHead(503).end();
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const authenticated = this.options.token !== undefined && bearer === this.options.token;
    if (this.options.requireAuth && !authenticated) {
      // Echoes what it got, as careless servers do: Parley must not pass it on.
      return void res
        .writeHead(401, { "content-type": "text/plain" })
        .end(`missing or wrong bearer token (got: ${req.headers.authorization ?? "nothing"})`);
    }
    const withAuth = Object.assign(req, {
      auth: authenticated ? { token: bearer!, clientId: "parley-test", scopes: [] } : undefined,
    });
    const body = req.method === "POST" ? await readJson(req) : undefined;

    if (url.pathname === "/mcp") return this.streamable(withAuth, res, body);
    if (url.pathname === "/sse" && req.method === "GET") {
      const transport = new SSEServerTransport("/messages", res);
      this.sseSessions.set(transport.sessionId, transport);
      res.on("close", () => this.sseSessions.delete(transport.sessionId));
      await this.buildServer().connect(transport);
      return;
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const transport = this.sseSessions.get(url.searchParams.get("sessionId") ?? "");
      if (!transport) return void res.writeHead(404).end("unknown session");
      return transport.handlePostMessage(withAuth, res, body);
    }
    // An SSE-only server: Streamable HTTP's POST to the SSE endpoint is not allowed.
    res.writeHead(url.pathname === "/sse" ? 405 : 404).end();
  }

  private async streamable(
    req: IncomingMessage & { auth?: { token: string; clientId: string; scopes: string[] } },
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = this.sessions.get(sessionId);
      if (!transport) return void res.writeHead(404).end(JSON.stringify({ error: "session not found" }));
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== "POST") return void res.writeHead(400).end("no session");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, transport);
      },
    });
    await this.buildServer().connect(transport);
    await transport.handleRequest(req, res, body);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : JSON.parse(text);
}
