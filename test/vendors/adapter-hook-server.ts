import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Channel, InboundRequest } from "../../src/vendors/contract/channel.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";

/**
 * A stand-in for Parley's hook route for adapter tests: keeps each request a fake vendor posts
 * and answers it with the adapter's parseInbound result (401 when rejected).
 */
export async function adapterHookServer<A>(
  adapter: Pick<Channel<A>, "parseInbound">,
  vendor: string,
  context: () => VendorContext<A>,
) {
  const captured: InboundRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const url = new URL(request.url ?? "/", "http://hook");
      const inbound: InboundRequest = {
        method: request.method ?? "POST",
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        query: Object.fromEntries(url.searchParams),
      };
      captured.push(inbound);
      const result = await adapter.parseInbound?.(context(), inbound);
      const reply =
        !result || result.kind === "rejected"
          ? { status: 401, contentType: "text/plain", body: "rejected" }
          : (result.reply ?? { status: 200, contentType: "application/json", body: '{"ok":true}' });
      response.writeHead(reply.status, { "content-type": reply.contentType });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${vendor}/int_test`;
  return { url, captured, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
