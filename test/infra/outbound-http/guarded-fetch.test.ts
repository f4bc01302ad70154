import type http from "node:http";
import type { LookupFunction } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGuardedFetch, type GuardedFetch } from "../../../src/infra/outbound-http/guarded-fetch.js";
import { MAX_JSON_RESPONSE_BYTES, MCP_ADDRESS_ERROR_CODE } from "../../../src/modules/mcp/address-error.js";
import { type LoopbackServer, listenOnLoopback } from "../../helpers/loopback-server.js";

/** The limits MCP uses it with. */
const MCP_LIMITS = { refusalCode: MCP_ADDRESS_ERROR_CODE, maxBodyBytes: MAX_JSON_RESPONSE_BYTES };

/** Resolves every name to one address, as a DNS answer pointing at it would. */
const resolvingTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = address.includes(":") ? 6 : 4;
    if (options.all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };

describe("the guarded fetch (as MCP servers use it)", () => {
  let server: LoopbackServer | undefined;
  let guarded: GuardedFetch | undefined;
  let seen: string[] = [];
  afterEach(async () => {
    guarded?.close();
    await server?.close();
    server = undefined;
    seen = [];
  });

  async function listen(handler: http.RequestListener): Promise<number> {
    server = await listenOnLoopback(handler);
    seen = server.seen;
    return server.port;
  }

  it("refuses private addresses, literal or resolved, before anything is sent", async () => {
    const port = await listen((_req, res) => res.end("{}"));
    guarded = createGuardedFetch({ ...MCP_LIMITS, allowPrivate: false, lookup: resolvingTo("127.0.0.1") });
    for (const url of [
      `http://127.0.0.1:${port}/mcp`,
      `http://[::1]:${port}/mcp`,
      `http://169.254.169.254/latest`,
      `http://mcp.example.com:${port}/mcp`,
    ]) {
      const error = await guarded.fetch(url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
      expect((error as { code?: string }).code, url).toBe(MCP_ADDRESS_ERROR_CODE);
    }
    expect(seen).toEqual([]);
  });

  it("with private addresses allowed: sends method, headers and body, streams the answer, leaves redirects", async () => {
    const port = await listen((req, res) => {
      if (req.url === "/moved") return void res.writeHead(307, { location: "/mcp" }).end();
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        res.writeHead(200, {
          "content-type": "application/json",
          "x-seen": String(req.headers["x-api-key"]),
        });
        res.end(JSON.stringify({ method: req.method, body }));
      });
    });
    guarded = createGuardedFetch({ ...MCP_LIMITS, allowPrivate: true });
    const response = await guarded.fetch(`http://127.0.0.1:${port}/mcp`, {
      method: "POST",
      headers: { "X-Api-Key": "k1" },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-seen")).toBe("k1");
    expect(await response.json()).toEqual({ method: "POST", body: '{"a":1}' });
    const redirect = await guarded.fetch(`http://127.0.0.1:${port}/moved`);
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("location")).toBe("/mcp");
    expect(seen).toEqual(["POST /mcp", "GET /moved"]);
  });

  it("cuts off a JSON answer past the limit, and stops on abort", async () => {
    const port = await listen((req, res) => {
      if (req.url === "/hang")
        return void res.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.alloc(MAX_JSON_RESPONSE_BYTES + 1024, 0x20));
    });
    guarded = createGuardedFetch({ ...MCP_LIMITS, allowPrivate: true });
    const big = await guarded.fetch(`http://127.0.0.1:${port}/big`);
    await expect(big.text()).rejects.toThrow(`larger than ${MAX_JSON_RESPONSE_BYTES} bytes`);

    const controller = new AbortController();
    const stream = await guarded.fetch(`http://127.0.0.1:${port}/hang`, { signal: controller.signal });
    const reading = stream.text();
    controller.abort();
    await expect(reading).rejects.toThrow();
    await expect(
      guarded.fetch(`http://127.0.0.1:${port}/hang`, { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
  });
});
