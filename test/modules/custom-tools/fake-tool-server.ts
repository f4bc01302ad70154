import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../../../src/modules/webhooks/index.js";

export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  raw: string;
  /** Whether `x-service-signature` is the HMAC of the raw body under the current secret. */
  signatureValid: boolean;
}

interface Order {
  id: string;
  status: string;
  items: Array<{ sku: string; quantity: number }>;
}

/**
 * An order-lookup service on 127.0.0.1, as a project would register it: it verifies every
 * request's signature as docs/custom-tools.md tells receivers to (401 otherwise), checks its
 * arguments (400 with a reason) and the API key header, and has routes that misbehave on
 * purpose: an error status, a slow answer, HTML, an oversized JSON answer, a redirect, no body.
 */
export class FakeToolServer {
  readonly calls: ReceivedCall[] = [];
  /** The tool's signing secret; set it from the create answer. */
  secret = "";
  /** The API key the service expects in `x-api-key` (none checked when empty). */
  apiKey = "";
  readonly orders = new Map<string, Order>([
    ["A-1001", { id: "A-1001", status: "shipped", items: [{ sku: "PIZZA-L", quantity: 2 }] }],
  ]);
  private server: Server | undefined;
  private port = 0;
  private readonly hanging: ServerResponse[] = [];

  static async start(): Promise<FakeToolServer> {
    const fake = new FakeToolServer();
    fake.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const url = new URL(request.url ?? "/", "http://fake");
        const call: ReceivedCall = {
          method: request.method ?? "",
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          raw,
          signatureValid: verifyWebhookSignature(fake.secret, raw, request.headers["x-service-signature"]),
        };
        fake.calls.push(call);
        fake.answer(call, response);
      });
    });
    await new Promise<void>((resolve) => fake.server!.listen(0, "127.0.0.1", resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The same service under a host name that resolves to loopback. */
  get localhostUrl(): string {
    return `http://localhost:${this.port}`;
  }

  private answer(call: ReceivedCall, response: ServerResponse): void {
    if (call.path === "/slow") {
      this.hanging.push(response);
      return;
    }
    const { status, body, headers } = this.reply(call);
    response.writeHead(status, headers ?? (body === undefined ? {} : { "content-type": "application/json" }));
    response.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
  }

  private reply(call: ReceivedCall): { status: number; body?: unknown; headers?: Record<string, string> } {
    if (!call.signatureValid) return { status: 401, body: { error: "bad signature" } };
    if (this.apiKey && call.headers["x-api-key"] !== this.apiKey)
      return { status: 403, body: { error: "bad api key" } };
    const order = /^\/orders\/([^/]+)$/.exec(call.path);
    if (call.method === "GET" && order) {
      const id = decodeURIComponent(order[1]!);
      if (!/^[A-Z]-\d{4}$/.test(id))
        return { status: 400, body: { error: `'${id}' is not an order number` } };
      const found = this.orders.get(id);
      if (!found) return { status: 404, body: { error: `no order ${id}` } };
      return {
        status: 200,
        body: call.query.get("expand") === "items" ? found : { id: found.id, status: found.status },
      };
    }
    if (call.method === "POST" && call.path === "/orders") {
      const body = JSON.parse(call.raw || "{}") as { sku?: unknown; quantity?: unknown };
      if (typeof body.sku !== "string" || typeof body.quantity !== "number") {
        return { status: 400, body: { error: "sku and quantity are required" } };
      }
      const id = `A-${1000 + this.orders.size + 1}`;
      this.orders.set(id, { id, status: "new", items: [{ sku: body.sku, quantity: body.quantity }] });
      return { status: 201, body: { id, status: "new" } };
    }
    switch (call.path) {
      case "/fail/500":
        return { status: 500, body: { error: "database is down" } };
      case "/html":
        return {
          status: 200,
          body: "<html><body>Maintenance</body></html>",
          headers: { "content-type": "text/html" },
        };
      case "/big": {
        const items = Array.from({ length: 5000 }, (_, i) => ({
          sku: `SKU-${i}`,
          name: "A rather long product name",
        }));
        return { status: 200, body: { items } };
      }
      case "/moved":
        return { status: 302, headers: { location: `${this.baseUrl}/orders/A-1001` } };
      case "/empty":
        return { status: 204, headers: {} };
      default:
        return { status: 404, body: { error: "no such route" } };
    }
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
