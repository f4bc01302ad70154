import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as a fake vendor received it. */
export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A vendor fake's HTTP plumbing on 127.0.0.1 (an ephemeral port): records every request,
 * hands it to `route`, and writes the JSON answer.
 */
export class LoopbackServer {
  readonly requests: RecordedRequest[] = [];
  baseUrl = "";
  private readonly server: Server;

  private constructor(route: (request: RecordedRequest) => FakeAnswer) {
    this.server = createServer((request, response) => {
      this.handle(request, response, route).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  }

  static async start(route: (request: RecordedRequest) => FakeAnswer): Promise<LoopbackServer> {
    const server = new LoopbackServer(route);
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    server.baseUrl = `http://127.0.0.1:${port}`;
    return server;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
    route: (request: RecordedRequest) => FakeAnswer,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake.local");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers[name.toLowerCase()] = value;
    }
    let body: unknown = text;
    if ((headers["content-type"] ?? "").includes("application/json")) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    };
    this.requests.push(recorded);
    const answer = route(recorded);
    response.writeHead(answer.status, {
      "content-type": "application/json; charset=utf-8",
      ...answer.headers,
    });
    response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  }
}
