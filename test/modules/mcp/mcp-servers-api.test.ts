import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeMcpServer } from "./fake-mcp-server.js";

const TOKEN = "mcp-bearer-token-4f1c9e";
const HEADER_SECRET = "header-secret-value-77aa";
const ALL_TOOLS = ["echo", "fail", "get_order", "large", "picture", "slow", "whoami"];

interface McpServerBody {
  id: string;
  name: string;
  url: string;
  transport: string;
  status: string;
  timeout_ms: number;
  auth: unknown;
  tools: Array<{
    name: string;
    title: string | null;
    description: string;
    input_schema: Record<string, unknown>;
  }>;
  tools_refreshed_at: string | null;
  connection: { status: string; error: string | null; transport: string | null; checked_at: string | null };
}

describe.each(DIALECTS)("/v1/mcp-servers on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let t: TestApp | undefined;
  let fake: FakeMcpServer | undefined;
  let logs: string[] = [];
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
    logs = [];
  });

  async function setUp(options: { allowPrivate?: boolean; requireAuth?: boolean } = {}) {
    fake = await FakeMcpServer.start({ token: TOKEN, requireAuth: options.requireAuth ?? false });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      dialect,
      env: {
        PARLEY_WEBHOOKS_ALLOW_PRIVATE: options.allowPrivate === false ? "false" : "true",
        LOG_LEVEL: "trace",
      },
      logStream: sink,
    });
    return { t, fake };
  }

  const create = (app: TestApp, body: Record<string, unknown>, key?: string) =>
    app.call("POST", "/v1/mcp-servers", { body, ...(key ? { key } : {}) });

  it_("create connects, lists the tools and never returns the credentials", async () => {
    const { t, fake } = await setUp();
    const response = await create(t, { name: "shop", url: fake.url, auth: { bearer_token: TOKEN } });
    expect(response.statusCode, response.body).toBe(200);
    const server = response.json() as McpServerBody;
    expect(server).toMatchObject({
      id: expect.stringMatching(/^mcp_/),
      name: "shop",
      url: fake.url,
      transport: "auto",
      status: "active",
      timeout_ms: 15000,
      auth: { type: "bearer" },
      tools_refreshed_at: expect.any(String),
      connection: {
        status: "connected",
        error: null,
        transport: "streamable_http",
        checked_at: expect.any(String),
      },
    });
    expect(server.tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS);
    expect(server.tools.find((tool) => tool.name === "get_order")).toMatchObject({
      title: "Get an order",
      description: "Looks up an order of the shop by its number.",
      input_schema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    });
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const got = await t.call("GET", `/v1/mcp-servers/${server.id}`);
    expect(got.json()).toEqual(server);
    const listed = await t.call("GET", "/v1/mcp-servers");
    expect(listed.json()).toEqual([server]);
    for (const body of [response.body, got.body, listed.body]) expect(body).not.toContain(TOKEN);
    const row = await t.storage.db
      .selectFrom("mcp_servers")
      .select(["auth", "auth_summary"])
      .where("id", "=", server.id)
      .executeTakeFirstOrThrow();
    expect(row.auth).toMatch(/^v1\./);
    expect(row.auth).not.toContain(TOKEN);
    expect(logs.join("")).toContain(server.id);
    expect(logs.join("")).not.toContain(TOKEN);
  });

  it_("header credentials: names are shown, values are sent and never returned or logged", async () => {
    const { t, fake } = await setUp();
    const response = await create(t, {
      name: "crm",
      url: fake.url,
      transport: "streamable_http",
      auth: { headers: { "X-Api-Key": HEADER_SECRET, "X-Tenant": "acme" } },
      timeout_ms: 5000,
    });
    const server = response.json() as McpServerBody;
    expect(server).toMatchObject({
      transport: "streamable_http",
      timeout_ms: 5000,
      auth: { type: "headers", header_names: ["X-Api-Key", "X-Tenant"] },
      connection: { status: "connected" },
    });
    expect(fake.requests.at(-1)!.headers["x-api-key"]).toBe(HEADER_SECRET);
    expect(fake.requests.at(-1)!.headers["x-tenant"]).toBe("acme");
    const all = [response.body, (await t.call("GET", "/v1/mcp-servers")).body, logs.join("")].join("");
    expect(all).not.toContain(HEADER_SECRET);
  });

  it_("update: credentials replaced or removed, rename, disable without connecting", async () => {
    const { t, fake } = await setUp({ requireAuth: true });
    const wrong = (
      await create(t, { name: "shop", url: fake.url, auth: { bearer_token: "bad-token-123" } })
    ).json();
    expect(wrong.connection).toMatchObject({ status: "failed", transport: null });
    expect(wrong.connection.error).toContain("HTTP 401");
    // The server echoed the header back; the token is cut out of the error and the log.
    expect(wrong.connection.error).toContain("(got: [redacted])");
    expect(logs.join("")).toContain("MCP tool listing failed");
    expect(logs.join("")).not.toContain("bad-token-123");
    expect(wrong.tools).toEqual([]);

    const fixed = await t.call("POST", `/v1/mcp-servers/${wrong.id}`, {
      body: { auth: { bearer_token: TOKEN } },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ connection: { status: "connected", error: null } });
    expect(fixed.json().tools).toHaveLength(ALL_TOOLS.length);

    const renamed = await t.call("POST", `/v1/mcp-servers/${wrong.id}`, { body: { name: "orders" } });
    expect(renamed.json()).toMatchObject({ name: "orders", auth: { type: "bearer" } });

    const requests = fake.requests.length;
    const disabled = await t.call("POST", `/v1/mcp-servers/${wrong.id}`, {
      body: { status: "disabled", auth: null },
    });
    expect(disabled.json()).toMatchObject({ status: "disabled", auth: null });
    expect(fake.requests.length).toBe(requests);
    expect(disabled.json().tools).toHaveLength(ALL_TOOLS.length);
    const row = await t.storage.db
      .selectFrom("mcp_servers")
      .select(["auth"])
      .where("id", "=", wrong.id)
      .executeTakeFirstOrThrow();
    expect(row.auth).toBeNull();
  });

  it_("refresh lists again; a failure keeps the last good list and records why", async () => {
    const { t, fake } = await setUp();
    const server = (await create(t, { name: "shop", url: fake.url })).json() as McpServerBody;
    const refreshed = await t.call("POST", `/v1/mcp-servers/${server.id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().connection.status).toBe("connected");
    expect(refreshed.json().tools_refreshed_at >= server.tools_refreshed_at!).toBe(true);

    await fake.close();
    const failed = (await t.call("POST", `/v1/mcp-servers/${server.id}/refresh`)).json() as McpServerBody;
    expect(failed.connection).toMatchObject({
      status: "failed",
      error: expect.stringContaining("ECONNREFUSED"),
    });
    expect(failed.tools).toEqual(server.tools);
    expect(failed.tools_refreshed_at).toBe(refreshed.json().tools_refreshed_at);
  });

  it_("the older SSE transport, named or found by auto", async () => {
    const { t, fake } = await setUp();
    const sse = (await create(t, { name: "legacy", url: fake.sseUrl, transport: "sse" })).json();
    expect(sse.connection).toMatchObject({ status: "connected", transport: "sse" });
    expect(sse.tools).toHaveLength(ALL_TOOLS.length);
    const auto = (await create(t, { name: "found", url: fake.sseUrl })).json();
    expect(auto.connection).toMatchObject({ status: "connected", transport: "sse" });
    const streamable = (
      await create(t, { name: "strict", url: fake.sseUrl, transport: "streamable_http" })
    ).json();
    expect(streamable.connection).toMatchObject({ status: "failed", transport: null });
    expect(streamable.connection.error).toContain("405");
  });

  it_("refuses what is not valid with 422 naming the field", async () => {
    const { t, fake } = await setUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "Shop", url: fake.url }, "name"],
      [{ name: "1shop", url: fake.url }, "name"],
      [{ name: "a".repeat(33), url: fake.url }, "name"],
      [{ name: "shop", url: "ftp://example.com/mcp" }, "url"],
      [{ name: "shop", url: "not a url" }, "url"],
      [{ name: "shop", url: "https://user:pw@example.com/mcp" }, "url"],
      [{ name: "shop", url: fake.url, transport: "websocket" }, "transport"],
      [{ name: "shop", url: fake.url, auth: { bearer_token: "" } }, "auth"],
      [{ name: "shop", url: fake.url, auth: { bearer_token: "two words" } }, "auth"],
      [{ name: "shop", url: fake.url, auth: { headers: { "Content-Type": "x" } } }, "auth"],
      [{ name: "shop", url: fake.url, auth: { headers: { "X-Key": "line\nbreak" } } }, "auth"],
      [{ name: "shop", url: fake.url, auth: { headers: {} } }, "auth"],
      [{ name: "shop", url: fake.url, auth: { bearer_token: "a", headers: { "X-Key": "b" } } }, "auth"],
      [{ name: "shop", url: fake.url, timeout_ms: 10 }, "timeout_ms"],
      [{ name: "shop", url: fake.url, timeout_ms: 600_000 }, "timeout_ms"],
      [{ name: "shop", url: fake.url, tools: [] }, "tools"],
    ];
    for (const [body, field] of cases) {
      const response = await create(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe("validation_failed");
      expect(JSON.stringify(response.json().details), JSON.stringify(body)).toContain(field);
    }
    expect((await t.call("GET", "/v1/mcp-servers")).json()).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it_("a name is unique in the project (409), on create and on rename", async () => {
    const { t, fake } = await setUp();
    await create(t, { name: "shop", url: fake.url, status: "disabled" });
    const other = (await create(t, { name: "crm", url: fake.url, status: "disabled" })).json();
    const again = await create(t, { name: "shop", url: fake.url });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("mcp_server_name_taken");
    const rename = await t.call("POST", `/v1/mcp-servers/${other.id}`, { body: { name: "shop" } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe("mcp_server_name_taken");
    // Another project may use the same name.
    const project = await t.otherProject();
    expect(
      (await create(t, { name: "shop", url: fake.url, status: "disabled" }, project.key)).statusCode,
    ).toBe(200);
  });

  it_("a project connects at most 50 servers", async () => {
    const { t, fake } = await setUp();
    for (let i = 0; i < 50; i++) {
      const response = await create(t, { name: `s${i}`, url: fake.url, status: "disabled" });
      expect(response.statusCode).toBe(200);
    }
    const over = await create(t, { name: "one_more", url: fake.url });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("mcp_server_limit_reached");
    expect(fake.requests).toEqual([]);
  });

  it_("a private address is refused unless allowed, also behind a host name", async () => {
    const { t, fake } = await setUp({ allowPrivate: false });
    const literal = await create(t, { name: "shop", url: fake.url });
    expect(literal.statusCode).toBe(422);
    expect(literal.json().details).toEqual([
      { path: "url", message: expect.stringContaining("private, loopback, link-local or reserved") },
    ]);
    const named = await create(t, { name: "named", url: `http://localhost:${fake.port}/mcp` });
    expect(named.statusCode).toBe(200);
    expect(named.json().connection).toMatchObject({ status: "failed" });
    expect(named.json().connection.error).toMatch(/localhost resolves to .*PARLEY_WEBHOOKS_ALLOW_PRIVATE/);
    expect(fake.requests).toEqual([]);
  });

  it_("another project's server is not found; operators may not manage servers", async () => {
    const { t, fake } = await setUp();
    const server = (await create(t, { name: "shop", url: fake.url })).json();
    const other = await t.otherProject();
    for (const [method, url] of [
      ["GET", `/v1/mcp-servers/${server.id}`],
      ["POST", `/v1/mcp-servers/${server.id}`],
      ["POST", `/v1/mcp-servers/${server.id}/refresh`],
      ["DELETE", `/v1/mcp-servers/${server.id}`],
    ] as const) {
      const response = await t.call(method, url, {
        key: other.key,
        ...(method === "POST" && !url.endsWith("refresh") ? { body: { status: "disabled" } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe("mcp_server_not_found");
    }
    expect((await t.call("GET", "/v1/mcp-servers", { key: other.key })).json()).toEqual([]);
    expect((await t.call("GET", `/v1/mcp-servers/${server.id}`)).json().status).toBe("active");

    const admin = await signIn(t);
    const added = await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
      role: "operator",
    });
    expect(added.statusCode).toBe(200);
    const operator = await signIn(t, "olga@example.com", "operator-password");
    expect((await operator.call("GET", "/v1/mcp-servers")).statusCode).toBe(403);
    expect((await operator.call("POST", `/v1/mcp-servers/${server.id}/refresh`)).statusCode).toBe(403);
    expect((await admin.call("GET", "/v1/mcp-servers")).statusCode).toBe(200);
  });

  it_("delete removes the server", async () => {
    const { t, fake } = await setUp();
    const server = (await create(t, { name: "shop", url: fake.url })).json();
    const deleted = await t.call("DELETE", `/v1/mcp-servers/${server.id}`);
    expect(deleted.json()).toEqual({ id: server.id, deleted: true });
    expect((await t.call("GET", `/v1/mcp-servers/${server.id}`)).statusCode).toBe(404);
    expect((await t.call("GET", "/v1/mcp-servers")).json()).toEqual([]);
    expect((await t.call("DELETE", `/v1/mcp-servers/${server.id}`)).statusCode).toBe(404);
  });
});
