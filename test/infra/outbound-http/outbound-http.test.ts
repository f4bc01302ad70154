import type http from "node:http";
import type { LookupFunction } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ADDRESS_REFUSED_CODE, isAddressRefusal } from "../../../src/infra/outbound-http/address-refusal.js";
import { createOutboundHttp, type OutboundHttp } from "../../../src/infra/outbound-http/outbound-http.js";
import { type BufferedRequest, sendBuffered } from "../../../src/infra/outbound-http/send-buffered.js";
import { answerEndlessly, type LoopbackServer, listenOnLoopback } from "../../helpers/loopback-server.js";

/** Resolves every name to one address, as a DNS answer pointing at it would. */
const resolvingTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) =>
    setImmediate(() =>
      options.all
        ? (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
            { address, family: 4 },
          ])
        : callback(null, address, 4),
    );

describe("the outbound HTTP guard", () => {
  let server: LoopbackServer | undefined;
  let outbound: OutboundHttp | undefined;
  let seen: string[] = [];
  afterEach(async () => {
    outbound?.close();
    await server?.close();
    server = undefined;
    outbound = undefined;
    seen = [];
  });

  async function listen(handler: http.RequestListener): Promise<number> {
    server = await listenOnLoopback(handler);
    seen = server.seen;
    return server.port;
  }

  function guard(options: { allowPrivate: boolean; keepAlive?: boolean; lookup?: LookupFunction }) {
    outbound = createOutboundHttp({ keepAlive: false, ...options });
    return outbound;
  }

  const get = (url: string, more: Partial<BufferedRequest> = {}): BufferedRequest => ({
    url,
    method: "GET",
    headers: {},
    timeoutMs: 60_000,
    maxResponseBytes: 1024,
    ...more,
  });

  it("refuses a private address, as an IP literal or behind a name, before anything is sent", async () => {
    const port = await listen((_req, res) => res.end("ok"));
    const strict = guard({ allowPrivate: false, lookup: resolvingTo("127.0.0.1") });

    const literal = await sendBuffered(strict, get(`http://127.0.0.1:${port}/`));
    expect(literal).toMatchObject({ kind: "refused", stage: "url" });
    if (literal.kind === "refused") {
      expect(literal.message).toBe(
        "127.0.0.1 is a private, loopback, link-local or reserved address (allowed only with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true)",
      );
    }
    expect(strict.check("http://169.254.169.254/latest/meta-data/").ok).toBe(false);

    const named = await sendBuffered(strict, get(`http://internal.test:${port}/`));
    expect(named).toMatchObject({ kind: "refused", stage: "dns" });
    if (named.kind === "refused") {
      expect(named.message).toBe(
        "internal.test resolves to 127.0.0.1, a private, loopback, link-local or reserved address (allowed only with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true)",
      );
    }

    // A request opened directly fails with the refusal too, for streaming callers.
    const opened = strict.open(new URL(`http://internal.test:${port}/`), { method: "GET", headers: {} });
    const error = await new Promise<unknown>((resolve) => opened.on("error", resolve));
    expect(isAddressRefusal(error)).toBe(true);
    expect((error as { code?: string }).code).toBe(ADDRESS_REFUSED_CODE);

    expect(seen).toEqual([]);
  });

  it("reaches private addresses when the configuration allows them", async () => {
    const port = await listen((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => res.writeHead(201, { "content-type": "text/plain" }).end(`${req.method} ${body}`));
    });
    const open = guard({ allowPrivate: true, lookup: resolvingTo("127.0.0.1") });
    const result = await sendBuffered(open, {
      ...get(`http://internal.test:${port}/in?x=1`),
      method: "POST",
      headers: { "content-length": "2" },
      body: Buffer.from("hi"),
    });
    expect(result).toMatchObject({ kind: "response", status: 201, truncated: false });
    if (result.kind === "response") {
      expect(result.body.toString()).toBe("POST hi");
      expect(result.headers["content-type"]).toBe("text/plain");
    }
    expect(seen).toEqual(["POST /in?x=1"]);
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    const port = await listen((req, res) => {
      if (req.url === "/moved") return void res.writeHead(302, { location: "/target" }).end("moved");
      res.end("target");
    });
    const result = await sendBuffered(guard({ allowPrivate: true }), get(`http://127.0.0.1:${port}/moved`));
    expect(result).toMatchObject({ kind: "response", status: 302, truncated: false });
    if (result.kind === "response") {
      expect(result.headers.location).toBe("/target");
      expect(result.body.toString()).toBe("moved");
    }
    expect(seen).toEqual(["GET /moved"]);
  });

  it("cuts a body over the limit off and does not wait for the rest", async () => {
    const port = await listen((_req, res) => answerEndlessly(res));
    // The timeout is longer than the test's own: waiting for the endless rest would fail it.
    const result = await sendBuffered(
      guard({ allowPrivate: true }),
      get(`http://127.0.0.1:${port}/`, { maxResponseBytes: 1000 }),
    );
    expect(result).toMatchObject({ kind: "response", status: 200, truncated: true });
    if (result.kind === "response") expect(result.body.toString()).toBe("x".repeat(1000));
  });

  it("gives up after the timeout, before an answer or in the middle of its body", async () => {
    const port = await listen((req, res) => {
      if (req.url === "/trickle") {
        res.writeHead(200);
        res.write("a");
      }
    });
    const client = guard({ allowPrivate: true });
    for (const path of ["/silent", "/trickle"]) {
      const result = await sendBuffered(client, get(`http://127.0.0.1:${port}${path}`, { timeoutMs: 200 }));
      expect(result.kind, path).toBe("timeout");
      expect(result.durationMs, path).toBeGreaterThanOrEqual(190);
    }
  });

  it("reports an answer broken off before its end, and a connection refused", async () => {
    const port = await listen((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("partial", () => res.socket?.destroy());
    });
    const client = guard({ allowPrivate: true });
    const broken = await sendBuffered(client, get(`http://127.0.0.1:${port}/`));
    expect(broken).toMatchObject({ kind: "broken", status: 200 });

    const closed = await listenOnLoopback(() => {});
    const closedPort = closed.port;
    await closed.close();
    const refused = await sendBuffered(client, get(`http://127.0.0.1:${closedPort}/`));
    expect(refused).toMatchObject({ kind: "failed" });
    if (refused.kind === "failed") expect(refused.message).toMatch(/ECONNREFUSED/);
  });

  it("keeps sockets alive between requests when pooled", async () => {
    const ports: number[] = [];
    const port = await listen((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      res.end("ok");
    });
    const pooled = guard({ allowPrivate: true, keepAlive: true });
    expect((await sendBuffered(pooled, get(`http://127.0.0.1:${port}/a`))).kind).toBe("response");
    expect((await sendBuffered(pooled, get(`http://127.0.0.1:${port}/b`))).kind).toBe("response");
    expect(ports[1]).toBe(ports[0]);
  });
});
