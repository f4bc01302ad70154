import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  raw: Buffer;
  body: { id: string; type: string; created_at: string; data: Record<string, unknown> };
  /** What the receiver answered. */
  status: number;
}

/** Decides the answer to a request: its status (and optionally a body). `n` counts requests from 1. */
export type Responder = (
  request: Omit<ReceivedWebhook, "status">,
  n: number,
) => number | { status: number; body?: string };

/** A real HTTP server on 127.0.0.1 that records every webhook request it gets. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respond: Responder = () => 200;
  private server: Server | undefined;
  private port = 0;

  static async start(respond?: Responder): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    if (respond) receiver.respond = respond;
    await receiver.listen();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Requests answered 2xx. */
  get accepted(): ReceivedWebhook[] {
    return this.received.filter((r) => r.status >= 200 && r.status < 300);
  }

  /** Event ids of accepted requests, duplicates dropped as a receiver would (first wins). */
  acceptedEventIds(): string[] {
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const request of this.accepted) {
      const id = String(request.headers["x-service-event-id"]);
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
    return ids;
  }

  async waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline)
        throw new Error(
          `webhook receiver: condition not met within ${timeoutMs} ms (${this.received.length} received)`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        let body: ReceivedWebhook["body"];
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          body = { id: "", type: "", created_at: "", data: {} };
        }
        const request = { headers: req.headers, raw, body };
        const answer = this.respond(request, this.received.length + 1);
        const { status, body: responseBody } =
          typeof answer === "number" ? { status: answer, body: undefined } : answer;
        this.received.push({ ...request, status });
        res.writeHead(status, { "content-type": "text/plain" });
        res.end(responseBody ?? (status < 300 ? "ok" : `no (${status})`));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }
}
