import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { orderLookup } from "./fixtures.js";

const SHOP = "https://shop.example.com";
const API_KEY = "shop-api-key-123";

/**
 * The custom tools resource (docs/custom-tools.md): CRUD, secrets never returned nor logged,
 * the definition checked as a whole (422), names unique per project (409), other projects'
 * tools not found (404), operators refused (403).
 */
describe.each(DIALECTS)("custom tools API on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let t: TestApp | undefined;
  let logs = "";
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function app(): Promise<TestApp> {
    const logStream = new PassThrough();
    logs = "";
    logStream.on("data", (chunk: Buffer) => {
      logs += chunk.toString("utf8");
    });
    t = await createTestApp({ dialect, logStream, env: { LOG_LEVEL: "info" } });
    return t;
  }

  it_("creates, reads, updates, rotates and deletes a tool; values and secrets never come back", async () => {
    const t = await app();
    const created = await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP) });
    expect(created.statusCode, created.body).toBe(200);
    const tool = created.json();
    expect(tool).toMatchObject({
      id: expect.stringMatching(/^tool_/),
      name: "lookup_order",
      method: "GET",
      url: `${SHOP}/orders/{order_id}?expand={expand}`,
      header_names: ["X-Api-Key"],
      timeout_ms: 10_000,
      max_response_bytes: 16_384,
      max_calls_per_turn: null,
      status: "active",
      secret: expect.stringMatching(/^tsec_[A-Za-z0-9_-]{43}$/),
    });
    expect(created.body).not.toContain(API_KEY);

    const got = await t.call("GET", `/v1/tools/custom/${tool.id}`);
    expect(got.json()).toEqual({ ...tool, secret: undefined });
    const listed = await t.call("GET", "/v1/tools/custom");
    expect(listed.json()).toEqual([got.json()]);
    for (const body of [got.body, listed.body]) {
      expect(body).not.toContain(API_KEY);
      expect(body).not.toContain(tool.secret);
    }
    const row = await t.storage.db.selectFrom("custom_tools").selectAll().executeTakeFirstOrThrow();
    expect(row.headers_sealed).not.toContain(API_KEY);
    expect(row.secret_sealed).not.toContain(tool.secret);

    const updated = await t.call("POST", `/v1/tools/custom/${tool.id}`, {
      body: {
        description: "Finds an order.",
        headers: { "x-api-key": "rotated-key-456", "X-Tenant": "acme" },
        max_calls_per_turn: 3,
        status: "disabled",
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      description: "Finds an order.",
      header_names: ["x-api-key", "X-Tenant"],
      max_calls_per_turn: 3,
      status: "disabled",
      url: tool.url,
    });
    const removed = await t.call("POST", `/v1/tools/custom/${tool.id}`, {
      body: { headers: { "X-Tenant": null } },
    });
    expect(removed.json().header_names).toEqual(["x-api-key"]);
    expect(removed.body).not.toContain("rotated-key-456");

    const rotated = await t.call("POST", `/v1/tools/custom/${tool.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^tsec_/);
    expect(rotated.json().secret).not.toBe(tool.secret);
    expect((await t.call("GET", `/v1/tools/custom/${tool.id}`)).body).not.toContain(rotated.json().secret);

    const deleted = await t.call("DELETE", `/v1/tools/custom/${tool.id}`);
    expect(deleted.json()).toEqual({ id: tool.id, deleted: true });
    const gone = await t.call("GET", `/v1/tools/custom/${tool.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("custom_tool_not_found");

    for (const secret of [API_KEY, "rotated-key-456", tool.secret, rotated.json().secret]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).toContain("/v1/tools/custom");
  });

  it_("refuses what cannot make a callable tool with 422, naming the field", async () => {
    const t = await app();
    const refused = async (overrides: Record<string, unknown>) => {
      const response = await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP, overrides) });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe("validation_failed");
      return response.json().details as Array<{ path: string; message: string }>;
    };
    expect((await refused({ name: "LookupOrder" }))[0]!.path).toBe("name");
    expect((await refused({ name: "a".repeat(65) }))[0]!.path).toBe("name");
    expect(await refused({ name: "get_current_time" })).toEqual([
      { path: "name", message: "'get_current_time' is the name of a built-in tool" },
    ]);
    // Integrations' and MCP servers' tools keep their prefixes: a custom tool cannot hide one.
    expect(await refused({ name: "github_search_issues" })).toEqual([
      { path: "name", message: expect.stringMatching(/prefix reserved/) },
    ]);
    expect((await refused({ name: "mcp__shop__get_order" }))[0]!.path).toBe("name");
    expect((await refused({ method: "HEAD" }))[0]!.path).toBe("method");
    expect((await refused({ input_schema: { type: "array" } }))[0]).toMatchObject({ path: "input_schema" });
    expect(
      (await refused({ input_schema: { type: "object", properties: { order_id: { type: "strng" } } } }))[0],
    ).toMatchObject({ path: "input_schema", message: expect.stringContaining("schema is invalid") });
    expect(
      (
        await refused({
          input_schema: { type: "object", properties: { order_id: { type: "string", exmaple: 1 } } },
        })
      )[0],
    ).toMatchObject({ path: "input_schema", message: expect.stringContaining('unknown keyword: "exmaple"') });
    expect(
      (
        await refused({
          input_schema: { type: "object", properties: { a: { $ref: "https://evil.example/s.json" } } },
        })
      )[0],
    ).toMatchObject({ path: "input_schema" });
    expect(
      (
        await refused({
          input_schema: { type: "object", properties: { pad: { description: "x".repeat(17_000) } } },
        })
      )[0],
    ).toMatchObject({ path: "input_schema", message: expect.stringContaining("at most 16384 bytes") });
    expect((await refused({ url: "ftp://shop.example.com/orders/{order_id}" }))[0]!.path).toBe("url");
    expect((await refused({ url: "http://127.0.0.1:8080/orders/{order_id}" }))[0]).toMatchObject({
      path: "url",
      message: expect.stringContaining("PARLEY_WEBHOOKS_ALLOW_PRIVATE"),
    });
    expect((await refused({ url: "http://169.254.169.254/latest/{order_id}" }))[0]!.path).toBe("url");
    expect((await refused({ url: "https://{order_id}.example.com/orders" }))[0]!.message).toContain(
      "not in the host",
    );
    expect((await refused({ url: `${SHOP}/orders/{number}` }))[0]!.message).toContain(
      "{number} must be a required property",
    );
    expect((await refused({ url: `${SHOP}/orders/{expand}` }))[0]!.message).toContain(
      "must be a required property",
    );
    expect((await refused({ headers: { "X-Service-Signature": "forged" } }))[0]).toEqual({
      path: "headers.X-Service-Signature",
      message: "is set by Parley itself",
    });
    expect((await refused({ headers: { "Bad Header": "x" } }))[0]!.path).toMatch(/^headers/);
    expect((await refused({ headers: { "X-Api-Key": "line\nbreak" } }))[0]!.path).toBe("headers.X-Api-Key");
    expect((await refused({ timeout_ms: 30_001 }))[0]!.path).toBe("timeout_ms");
    expect((await refused({ max_response_bytes: 300_000 }))[0]!.path).toBe("max_response_bytes");
    expect((await refused({ max_calls_per_turn: 0 }))[0]!.path).toBe("max_calls_per_turn");
    expect((await refused({ colour: "red" }))[0]).toMatchObject({ path: "colour" });
    expect((await t.call("GET", "/v1/tools/custom")).json()).toEqual([]);
  });

  it_("an update is checked as a whole: a new URL must fit the stored schema", async () => {
    const t = await app();
    const tool = (await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP) })).json();
    const response = await t.call("POST", `/v1/tools/custom/${tool.id}`, {
      body: { url: `${SHOP}/customers/{customer_id}` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details[0].message).toContain("{customer_id} must be a required property");
    const both = await t.call("POST", `/v1/tools/custom/${tool.id}`, {
      body: {
        url: `${SHOP}/customers/{customer_id}`,
        input_schema: {
          type: "object",
          properties: { customer_id: { type: "integer" } },
          required: ["customer_id"],
        },
      },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().url).toBe(`${SHOP}/customers/{customer_id}`);
  });

  it_("names are unique in a project (409) and free in another", async () => {
    const t = await app();
    expect((await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP) })).statusCode).toBe(200);
    const again = await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("custom_tool_name_taken");
    const other = (
      await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP, { name: "other_tool" }) })
    ).json();
    const rename = await t.call("POST", `/v1/tools/custom/${other.id}`, { body: { name: "lookup_order" } });
    expect(rename.statusCode).toBe(409);

    const project = await t.otherProject();
    const theirs = await t.call("POST", "/v1/tools/custom", { key: project.key, body: orderLookup(SHOP) });
    expect(theirs.statusCode).toBe(200);
  });

  it_("another project's tool is not found, whatever the operation", async () => {
    const t = await app();
    const tool = (await t.call("POST", "/v1/tools/custom", { body: orderLookup(SHOP) })).json();
    const { key } = await t.otherProject();
    for (const [method, url, body] of [
      ["GET", `/v1/tools/custom/${tool.id}`, undefined],
      ["POST", `/v1/tools/custom/${tool.id}`, { description: "mine now" }],
      ["POST", `/v1/tools/custom/${tool.id}/rotate-secret`, undefined],
      ["DELETE", `/v1/tools/custom/${tool.id}`, undefined],
    ] as const) {
      const response = await t.call(method, url, { key, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe("custom_tool_not_found");
    }
    expect((await t.call("GET", "/v1/tools/custom", { key })).json()).toEqual([]);
    expect((await t.call("GET", `/v1/tools/custom/${tool.id}`)).json().description).toBe(tool.description);
  });

  it_("custom tools are for admins: a console operator is refused", async () => {
    const t = await app();
    const created = await t.call("POST", "/v1/operators", {
      body: { email: "op@example.com", name: "Op", password: "operator-password-1", role: "operator" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const operator = await signIn(t, "op@example.com", "operator-password-1");
    expect((await operator.call("GET", "/v1/tools/custom")).statusCode).toBe(403);
    expect((await operator.call("POST", "/v1/tools/custom", orderLookup(SHOP))).statusCode).toBe(403);
    const admin = await signIn(t);
    expect((await admin.call("POST", "/v1/tools/custom", orderLookup(SHOP))).statusCode).toBe(200);
  });
});
