import { get } from "node:http";
import { connect } from "node:net";
import { PassThrough, Writable } from "node:stream";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

type OpenApiOperation = {
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  summary?: string;
};

describe("operations", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("serves an OpenAPI 3.1 document of /v1 with request and response schemas for every route", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => p.startsWith("/v1/") || p.startsWith("/widget/v1/"))).toBe(true);
    const operations: Array<[string, string, OpenApiOperation]> = [];
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, OpenApiOperation>>,
    )) {
      for (const [method, operation] of Object.entries(item)) operations.push([method, path, operation]);
    }
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const [method, path, operation] of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, label).toBeTruthy();
      if (operation.responses["204"]) {
        expect(operation.responses["200"], label).toBeUndefined();
      } else {
        // 200, or 202 for a route whose whole answer is an accepted job (a reply retry).
        const success = (operation.responses["200"] ?? operation.responses["202"])?.content ?? {};
        expect(Object.values(success)[0]?.schema, label).toBeDefined();
      }
      // 422 wherever something is validated (parameters or a body); 500 everywhere (docs/api.md).
      if ((operation.parameters?.length ?? 0) > 0 || operation.requestBody) {
        expect(operation.responses["422"], label).toBeDefined();
      }
      expect(operation.responses["500"], label).toBeDefined();
      if (
        method === "post" &&
        !/\/(delete|discard|clone|retry|cancel|sign-out|identity-secret|oauth\/start|rotate-secret|refresh|sync)$/.test(
          path,
        )
      ) {
        // JSON bodies, or a multipart upload (files) described as such.
        const content = operation.requestBody?.content ?? {};
        expect((content["application/json"] ?? content["multipart/form-data"])?.schema, label).toBeDefined();
      }
    }
    expect(paths).toContain("/v1/bots/{bot_id}/settings");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({
      in: "cookie",
      name: "parley_session",
    });
    expect(doc.paths["/v1/sessions"].post.security).toEqual([]);
    expect(doc.components.schemas).toHaveProperty("BotSettings");
    expect(doc.components.schemas).toHaveProperty("Error");
  });

  it("renders the API reference at /docs", async () => {
    t = await createTestApp();
    const page = await t.app.inject({ url: "/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("swagger");
    const spec = await t.app.inject({ url: "/docs/json" });
    expect(spec.json().openapi).toBe("3.1.0");
  });

  it("reports health and readiness", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
    await sql`delete from parley_migrations`.execute(t.storage.db);
    const pending = await t.app.inject({ url: "/readyz" });
    expect(pending.statusCode).toBe(503);
    expect(pending.json().reason).toBe("migrations pending");
  });

  it("is not ready when the database is unreachable", async () => {
    t = await createTestApp();
    await t.storage.close();
    const response = await t.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "not_ready", reason: "database unreachable" });
    await t.app.close();
    t = undefined;
  });

  it("exposes Prometheus metrics by route pattern and status, with latency and process metrics", async () => {
    t = await createTestApp();
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "m" } })).json();
    await t.call("GET", `/v1/bots/${bot.id}`);
    await t.call("GET", "/v1/bots/bot_missing");
    const metrics = await t.app.inject({ url: "/metrics" });
    expect(metrics.headers["content-type"]).toContain("text/plain");
    const text = metrics.body;
    expect(text).toMatch(
      /parley_http_requests_total\{method="GET",route="\/v1\/bots\/:bot_id",status_code="200"\} 1/,
    );
    expect(text).toMatch(
      /parley_http_requests_total\{method="GET",route="\/v1\/bots\/:bot_id",status_code="404"\} 1/,
    );
    expect(text).toContain("parley_http_request_duration_seconds_bucket");
    expect(text).toContain("parley_process_resident_memory_bytes");
    expect(text).not.toContain(bot.id);
  });

  it("logs JSON lines without secrets", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: "trace" }, logStream: sink });
    const key = (
      await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "log" } })
    ).json();
    await t.call("GET", "/v1/bots", { key: key.key });
    await t.call("GET", "/v1/bots", { key: "prl_wrong_key_that_is_long_enough" });
    t.app.log.info({ auth_data: { token: "vendor-token-1" }, secret: "whsec_1" }, "object with secrets");
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const all = lines.join("");
    expect(all).not.toContain(t.adminKey);
    expect(all).not.toContain(key.key);
    expect(all).not.toContain("prl_wrong_key_that_is_long_enough");
    expect(all).not.toContain("vendor-token-1");
    expect(all).not.toContain("whsec_1");
    expect(all).toContain("[redacted]");
  });

  it("closing lets in-flight requests finish and answers later ones 503 in the API's format", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Shutdown must begin while /slow is in its handler: wait for that, not for a fixed time.
    let entered: () => void = () => {};
    const inSlow = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // Shutdown has begun once the app's preClose hooks run (this one runs after the app's own).
    let closingBegan: () => void = () => {};
    const shutdownBegun = new Promise<void>((resolve) => {
      closingBegan = resolve;
    });
    // The late request has been refused once its 503 is on its way (before /slow's answer, which
    // the keep-alive connection must send first).
    let lateRefused: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      lateRefused = resolve;
    });
    t = await createTestApp({
      beforeReady: (app) => {
        app.get("/slow", async () => {
          entered();
          await gate;
          return { finished: true };
        });
        app.addHook("preClose", async () => closingBegan());
        app.addHook("onSend", async (request, reply) => {
          if (request.url === "/healthz" && reply.statusCode === 503) lateRefused();
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    // A keep-alive connection busy with a slow request sends another one after shutdown began.
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.on("close", resolve));
    socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await inSlow;
    const closing = t.app.close();
    await shutdownBegun;
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await refused;
    release();
    await closing;
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(received).toContain('{"finished":true}');
    expect(received).toContain("HTTP/1.1 503 Service Unavailable");
    expect(received).toContain('"code":"shutting_down"');
    await expect(getOnFreshConnection(port, "/healthz")).rejects.toThrow(/ECONNREFUSED/);
    await t.storage.close();
    t = undefined;
  });
});

describe("shutdown with a keep-alive connection busy", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("closes a connection whose answer ends after the server stopped listening: app.close() does not wait for the keep-alive timeout", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    t = await createTestApp({
      beforeReady: (app) => {
        // A download under way: its headers and first bytes are out before shutdown begins.
        app.get("/download", (_request, reply) => {
          const body = new PassThrough();
          void reply.header("content-type", "text/plain").header("content-length", "10").send(body);
          body.write("first");
          void gate.then(() => body.end("-last"));
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const server = t.app.server;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    // The download ends only once the server has stopped listening (and closed what was idle
    // then), so the connection turns idle after that.
    const close = server.close.bind(server);
    server.close = ((callback?: (error?: Error) => void) => {
      close(callback);
      release();
      return server;
    }) as typeof server.close;
    // The client keeps the connection open and sends nothing more: only the server can close it
    // (Fastify's keep-alive timeout is 72 s, beyond the test's time).
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let firstBytes: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      firstBytes = resolve;
    });
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.includes("first")) firstBytes();
    });
    const ended = new Promise((resolve) => socket.on("close", resolve));
    socket.write("GET /download HTTP/1.1\r\nHost: x\r\n\r\n");
    await started;
    await t.app.close();
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(received).toMatch(/first-last$/);
    await t.storage.close();
    t = undefined;
  });
});

/** A GET on its own connection (no keep-alive pool), so closing the server is observable. */
function getOnFreshConnection(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}
