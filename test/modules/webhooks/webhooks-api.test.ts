import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../../../src/modules/webhooks/event-schemas.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const ALLOW_PRIVATE = { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" };
const URL_A = "http://127.0.0.1:9/hooks/a";

describe.each(DIALECTS)("webhook endpoints API on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect, env: ALLOW_PRIVATE });
  });
  afterEach(async () => {
    await t?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function create(body: Record<string, unknown> = { url: URL_A }) {
    const response = await t.call("POST", "/v1/webhook-endpoints", { body });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it_("creates an endpoint, returning its secret once; lists and gets it without", async () => {
    const created = await create({ url: URL_A });
    expect(created).toEqual({
      id: expect.stringMatching(/^whe_[A-Za-z0-9]{22}$/),
      url: URL_A,
      status: "active",
      events: null,
      ordered: true,
      disabled_reason: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: created.created_at,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const { secret, ...endpoint } = created;
    expect((await t.call("GET", "/v1/webhook-endpoints")).json()).toEqual([endpoint]);
    const got = await t.call("GET", `/v1/webhook-endpoints/${created.id}`);
    expect(got.json()).toEqual(endpoint);
    expect(got.body).not.toContain(secret);

    // At rest the secret is sealed, never in clear.
    const row = await t.storage.db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret);
    expect(row.secret).not.toContain(secret.slice("whsec_".length));
  });

  it_("keeps a chosen secret, an events filter and ordered false", async () => {
    const created = await create({
      url: URL_A,
      secret: "my-own-secret",
      events: ["thread.created", "thread.mode.changed", "thread.created"],
      ordered: false,
    });
    expect(created).toMatchObject({
      secret: "my-own-secret",
      events: ["thread.created", "thread.mode.changed"],
      ordered: false,
    });
    const row = await t.storage.db
      .selectFrom("webhook_endpoints")
      .select("secret")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain("my-own-secret");
  });

  it_("refuses invalid bodies with 422 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{}, "url"],
      [{ url: "ftp://example.com/x" }, "url"],
      [{ url: "not a url" }, "url"],
      [{ url: "https://user:pw@example.com/x" }, "url"],
      [{ url: URL_A, secret: "short" }, "secret"],
      [{ url: URL_A, secret: "x".repeat(201) }, "secret"],
      [{ url: URL_A, events: [] }, "events"],
      [{ url: URL_A, events: ["thread.deleted"] }, "events.0"],
      [{ url: URL_A, ordered: "yes" }, "ordered"],
      [{ url: URL_A, colour: "red" }, "colour"],
    ];
    for (const [body, path] of cases) {
      const response = await t.call("POST", "/v1/webhook-endpoints", { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().details[0].path, JSON.stringify(body)).toBe(path);
    }
    expect((await t.call("GET", "/v1/webhook-endpoints")).json()).toEqual([]);
  });

  it_("updates the fields sent; re-enabling clears the reason; secret changes are not echoed", async () => {
    const created = await create({ url: URL_A, secret: "first-secret" });
    const disabled = await t.call("PUT", `/v1/webhook-endpoints/${created.id}`, {
      body: { status: "disabled" },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: "disabled", disabled_reason: null, url: URL_A });

    const changed = await t.call("PUT", `/v1/webhook-endpoints/${created.id}`, {
      body: {
        status: "active",
        secret: "second-secret",
        url: "http://127.0.0.1:9/b",
        events: ["billing.balance.low"],
        ordered: false,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: created.id,
      url: "http://127.0.0.1:9/b",
      status: "active",
      events: ["billing.balance.low"],
      ordered: false,
      disabled_reason: null,
      created_at: created.created_at,
      updated_at: expect.any(String),
    });
    expect(changed.body).not.toContain("second-secret");
    const back = await t.call("PUT", `/v1/webhook-endpoints/${created.id}`, { body: { events: null } });
    expect(back.json().events).toBeNull();

    const bad = await t.call("PUT", `/v1/webhook-endpoints/${created.id}`, { body: { status: "paused" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].path).toBe("status");
    const badUrl = await t.call("PUT", `/v1/webhook-endpoints/${created.id}`, {
      body: { url: "gopher://x" },
    });
    expect(badUrl.statusCode).toBe(422);
    expect(badUrl.json().details[0].path).toBe("url");
  });

  it_("deletes an endpoint", async () => {
    const created = await create();
    const deleted = await t.call("DELETE", `/v1/webhook-endpoints/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id, deleted: true });
    expect((await t.call("GET", `/v1/webhook-endpoints/${created.id}`)).statusCode).toBe(404);
    expect((await t.call("DELETE", `/v1/webhook-endpoints/${created.id}`)).statusCode).toBe(404);
  });

  it_("answers 404 for unknown endpoints and 403 for another project's", async () => {
    const missing = await t.call("GET", "/v1/webhook-endpoints/whe_nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("webhook_endpoint_not_found");

    const created = await create();
    const other = await t.otherProject();
    const asOther = { key: other.key };
    expect((await t.call("GET", "/v1/webhook-endpoints", asOther)).json()).toEqual([]);
    for (const [method, url, body] of [
      ["GET", `/v1/webhook-endpoints/${created.id}`, undefined],
      ["PUT", `/v1/webhook-endpoints/${created.id}`, { status: "disabled" }],
      ["DELETE", `/v1/webhook-endpoints/${created.id}`, undefined],
      ["GET", `/v1/webhook-endpoints/${created.id}/deliveries`, undefined],
      ["POST", `/v1/webhook-endpoints/${created.id}/deliveries/dlv_x/retry`, undefined],
    ] as const) {
      const response = await t.call(method, url, { ...asOther, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    expect((await t.call("GET", `/v1/webhook-endpoints/${created.id}`)).json().status).toBe("active");
    const unknownDelivery = await t.call(
      "POST",
      `/v1/webhook-endpoints/${created.id}/deliveries/dlv_x/retry`,
    );
    expect(unknownDelivery.statusCode).toBe(404);
    expect(unknownDelivery.json().code).toBe("webhook_delivery_not_found");
  });

  it_("needs an API key", async () => {
    expect((await t.call("GET", "/v1/webhook-endpoints", { key: null })).statusCode).toBe(401);
  });

  it_("lists the event types with the JSON Schema of their data, and documents them in OpenAPI", async () => {
    const response = await t.call("GET", "/v1/webhook-events/types");
    expect(response.statusCode).toBe(200);
    const types = response.json();
    expect(types.map((entry: { type: string }) => entry.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    const created = types.find((entry: { type: string }) => entry.type === "thread.created");
    expect(created.description).toBe("A new conversation started.");
    expect(created.data_schema).toMatchObject({
      type: "object",
      required: ["thread_id", "chat_id", "bot_id", "mode", "created_at"],
    });
    expect(created.data_schema.properties.mode.enum).toContain("manual");
    const message = types.find((entry: { type: string }) => entry.type === "thread.message.created");
    expect(Object.keys(message.data_schema.properties.message.properties)).toEqual([
      "id",
      "role",
      "author",
      "content",
      "created_at",
      "attachments",
      "delivery",
      "operator",
      "buttons",
      "files",
      "choice",
      "tool_calls",
      "tool_results",
    ]);
    expect(message.data_schema.properties.message.required).toEqual([
      "id",
      "role",
      "author",
      "content",
      "created_at",
    ]);

    const openapi = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    for (const name of ["WebhookEvent", "WebhookEndpoint", "WebhookDelivery", "WebhookThreadCreatedData"]) {
      expect(openapi.components.schemas[name], name).toBeDefined();
    }
    expect(openapi.paths["/v1/webhook-endpoints"].post).toBeDefined();
    expect(openapi.paths["/v1/webhook-events/types"].get).toBeDefined();
  });
});

describe("webhook URL guard", () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it("refuses private, loopback and link-local URLs unless PARLEY_WEBHOOKS_ALLOW_PRIVATE=true", async () => {
    t = await createTestApp();
    for (const url of [
      "http://127.0.0.1/x",
      "http://10.1.2.3/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:8080/x",
    ]) {
      const response = await t.call("POST", "/v1/webhook-endpoints", { body: { url } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().details[0].path).toBe("url");
    }
    const created = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "https://hooks.example.com/parley" },
    });
    expect(created.statusCode).toBe(200);
    const moved = await t.call("PUT", `/v1/webhook-endpoints/${created.json().id}`, {
      body: { url: "http://192.168.1.10/x" },
    });
    expect(moved.statusCode).toBe(422);
  });
});
