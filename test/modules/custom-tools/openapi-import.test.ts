import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { customTools } from "../../../src/modules/custom-tools/custom-tool-provider.js";
import { uniqueName } from "../../../src/modules/custom-tools/import-tools.js";
import {
  ImportDocumentError,
  mapOpenApiDocument,
  snakeName,
} from "../../../src/modules/custom-tools/openapi-import.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeToolServer } from "./fake-tool-server.js";
import { shopOpenApi } from "./shop-openapi.js";

const BASE = "https://shop.example.com/api/v1";

describe("mapping an OpenAPI document to tools", () => {
  const mapped = mapOpenApiDocument(shopOpenApi(), {});
  const draft = (operation: string) => mapped.drafts.find((d) => d.operation === operation)!;

  it("a GET: path and query parameters (shared ones behind $ref) become the schema; the URL keeps {order_id}", () => {
    expect(draft("GET /orders/{order_id}")).toEqual({
      operation: "GET /orders/{order_id}",
      operation_id: "getOrder",
      baseName: "get_order",
      description: "Get an order\n\nReturns the order's status; with expand=items, its items too.",
      method: "GET",
      url: `${BASE}/orders/{order_id}`,
      input_schema: {
        type: "object",
        properties: {
          order_id: {
            type: "string",
            pattern: "^[A-Z]-\\d{4}$",
            description: "The order number, like A-1001.",
          },
          expand: { type: "string", enum: ["items"], description: "Include the items." },
        },
        required: ["order_id"],
        additionalProperties: false,
      },
    });
  });

  it("a POST: the JSON body's properties merged, readOnly and OpenAPI-only keywords dropped, 3.0 dialect converted", () => {
    const create = draft("POST /orders");
    expect(create.url).toBe(`${BASE}/orders?notify={notify}`);
    expect(create.input_schema).toEqual({
      type: "object",
      properties: {
        notify: { type: "boolean", description: "Send an email." },
        sku: { type: "string", minLength: 1 },
        quantity: { type: "integer", format: "int32", exclusiveMinimum: 0 },
        gift_wrap: { type: ["boolean", "null"], default: false },
        delivery: {
          type: "object",
          properties: { date: { type: "string", format: "date" }, phone: { type: "string" } },
        },
      },
      required: ["sku", "quantity"],
      additionalProperties: false,
    });
  });

  it("a PUT with an allOf body; an operation without operationId is named after its method and path", () => {
    expect(draft("PUT /orders/{order_id}").input_schema).toMatchObject({
      properties: {
        order_id: { type: "string" },
        status: { type: "string", enum: ["on_hold", "confirmed"] },
        note: { type: ["string", "null"], maxLength: 500 },
      },
      required: ["order_id", "status"],
    });
    expect(draft("DELETE /orders/{order_id}")).toMatchObject({
      operation_id: null,
      baseName: "delete_orders_order_id",
      description: "Cancel an order",
    });
  });

  it("refuses, with the reason, each operation it cannot map", () => {
    expect(mapped.refused).toEqual([
      { operation: "HEAD /orders", operation_id: "countOrders", reason: "the method HEAD is not supported" },
      {
        operation: "POST /orders/{order_id}/attachments",
        operation_id: "uploadAttachment",
        reason: "only JSON request bodies are supported (it takes multipart/form-data)",
      },
      {
        operation: "GET /reports/daily",
        operation_id: "getDailyReport",
        reason:
          "the required header parameter 'X-Report-Token' cannot come from the model; set it with `headers`",
      },
      {
        operation: "POST /categories",
        operation_id: "createCategory",
        reason: "the schema '#/components/schemas/Category' is recursive",
      },
    ]);
    expect(mapped.drafts.map((d) => d.baseName)).toEqual([
      "get_order",
      "update_order",
      "delete_orders_order_id",
      "create_order",
    ]);
  });

  it("picks operations by operationId or METHOD /path, and refuses a name the document lacks", () => {
    const picked = mapOpenApiDocument(shopOpenApi(), {
      operations: ["createOrder", "get /orders/{order_id}"],
    });
    expect(picked.drafts.map((d) => d.operation_id)).toEqual(["getOrder", "createOrder"]);
    expect(picked.refused).toEqual([]);
    expect(() => mapOpenApiDocument(shopOpenApi(), { operations: ["getOrder", "nope"] })).toThrow(
      "operations.1: no operation 'nope' in the document",
    );
  });

  it("a document that is not OpenAPI 3, or has no usable server, cannot be imported", () => {
    const fails = (document: Record<string, unknown>, serverUrl?: string) => {
      try {
        mapOpenApiDocument(document, { serverUrl });
      } catch (error) {
        expect(error).toBeInstanceOf(ImportDocumentError);
        return (error as ImportDocumentError).details;
      }
      throw new Error("no error");
    };
    expect(fails({ swagger: "2.0", paths: {} })[0]!.message).toContain("Swagger 2.0 is not supported");
    expect(fails({ title: "x" })[0]).toEqual({
      path: "document.openapi",
      message: "not an OpenAPI 3 document (no `openapi` version)",
    });
    expect(fails({ openapi: "4.0.0", paths: {} })[0]!.path).toBe("document.openapi");
    expect(fails({ openapi: "3.1.0", paths: {} })[0]).toEqual({
      path: "document.paths",
      message: "the document has no paths",
    });
    const relative = { ...shopOpenApi(), servers: [{ url: "/api/v3" }] };
    expect(fails(relative)[0]).toEqual({
      path: "document.servers",
      message: "the document's server URL '/api/v3' is not an absolute http(s) URL; send server_url",
    });
    expect(mapOpenApiDocument(relative, { serverUrl: "https://api.example.org/v3/" }).drafts[0]!.url).toBe(
      "https://api.example.org/v3/orders/{order_id}",
    );
  });

  it("a reference that does not resolve, or a chain of them too deep to inline, refuses its operation", () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++) schemas[`s${i}`] = { $ref: `#/components/schemas/s${i + 1}` };
    schemas.s3000 = { type: "object", properties: { a: { type: "string" } } };
    const body = (ref: string) => ({
      requestBody: { required: true, content: { "application/json": { schema: { $ref: ref } } } },
      responses: {},
    });
    const { refused } = mapOpenApiDocument(
      {
        openapi: "3.0.3",
        servers: [{ url: "https://api.example.org" }],
        paths: {
          "/deep": { post: { operationId: "deep", ...body("#/components/schemas/s0") } },
          "/proto": { post: { operationId: "proto", ...body("#/constructor") } },
          "/remote": { post: { operationId: "remote", ...body("https://example.org/schemas.json#/Pet") } },
        },
        components: { schemas },
      },
      {},
    );
    expect(refused).toEqual([
      { operation: "POST /deep", operation_id: "deep", reason: "the schema nests deeper than 64 levels" },
      {
        operation: "POST /proto",
        operation_id: "proto",
        reason: "the reference '#/constructor' does not resolve",
      },
      {
        operation: "POST /remote",
        operation_id: "remote",
        reason: "the external reference 'https://example.org/schemas.json#/Pet' is not supported",
      },
    ]);
  });

  it("OpenAPI 3.1 schemas are declared draft 2020-12", () => {
    const document = {
      openapi: "3.1.0",
      servers: [{ url: "https://api.example.org" }],
      paths: {
        "/things": {
          get: {
            operationId: "list-things.v2",
            parameters: [{ name: "limit", in: "query", schema: { type: ["integer", "null"] } }],
            responses: {},
          },
        },
      },
    };
    const [thing] = mapOpenApiDocument(document, {}).drafts;
    expect(thing).toMatchObject({
      baseName: "list_things_v2",
      input_schema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        properties: { limit: { type: ["integer", "null"] } },
      },
    });
  });

  it("names: snake_case of the operationId, unique against what the project has", () => {
    expect(snakeName("getHTTPResponseCode")).toBe("get_http_response_code");
    expect(snakeName("2fa.verify")).toBe("op_2fa_verify");
    expect(snakeName("Ünïcode!!")).toBe("n_code");
    expect(snakeName("x".repeat(80))).toHaveLength(64);
    expect(uniqueName("get_order", new Set(["get_order", "get_order_2"]))).toBe("get_order_3");
    expect(uniqueName("y".repeat(64), new Set(["y".repeat(64)]))).toBe(`${"y".repeat(62)}_2`);
  });
});

function contextOf(projectId: string): ToolContext {
  const unused = () => Promise.reject(new Error("unused"));
  return {
    projectId,
    threadId: "thr-import",
    chatId: "chat_x",
    clock: systemClock,
    setMode: unused,
    scheduleMessage: unused,
    writeWorkingMemory: unused,
    readWorkingMemory: unused,
    searchKnowledge: unused,
  };
}

describe.each(DIALECTS)("POST /v1/tools/custom/import on %s", (dialect: TestDialect) => {
  const describe_ = shouldSkip(dialect) ? describe.skip : describe;
  describe_("the API", () => {
    let t: TestApp;
    let fake: FakeToolServer;
    const secrets = createSecretBox(randomBytes(32));
    beforeAll(async () => {
      fake = await FakeToolServer.start();
      t = await createTestApp({ dialect, secrets, env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" } });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it("a dry run shows the candidates and the refused operations and creates nothing", async () => {
      const response = await t.call("POST", "/v1/tools/custom/import", {
        body: { document: shopOpenApi(), dry_run: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      expect(result.dry_run).toBe(true);
      expect(result.created).toEqual([]);
      expect(result.candidates.map((c: { name: string }) => c.name)).toEqual([
        "get_order",
        "update_order",
        "delete_orders_order_id",
        "create_order",
      ]);
      expect(result.refused.map((r: { operation_id: string }) => r.operation_id)).toEqual([
        "countOrders",
        "uploadAttachment",
        "getDailyReport",
        "createCategory",
      ]);
      expect((await t.call("GET", "/v1/tools/custom")).json()).toEqual([]);
    });

    it("imports picked operations against the real service; their calls are signed and arrive as documented", async () => {
      const existing = await t.call("POST", "/v1/tools/custom", {
        body: {
          name: "get_order",
          description: "Made by hand.",
          method: "GET",
          url: "https://shop.example.com/x",
        },
      });
      expect(existing.statusCode).toBe(200);
      const response = await t.call("POST", "/v1/tools/custom/import", {
        body: {
          document: shopOpenApi(),
          operations: ["getOrder", "createOrder", "uploadAttachment"],
          server_url: fake.baseUrl,
          headers: { "X-Api-Key": "imported-key-789" },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      expect(response.body.match(/imported-key-789/g)).toBeNull();
      expect(result.refused).toEqual([
        expect.objectContaining({
          operation_id: "uploadAttachment",
          reason: expect.stringContaining("only JSON"),
        }),
      ]);
      expect(result.created).toEqual([
        expect.objectContaining({
          name: "get_order_2",
          url: `${fake.baseUrl}/orders/{order_id}`,
          header_names: ["X-Api-Key"],
          secret: expect.stringMatching(/^tsec_/),
          status: "active",
        }),
        expect.objectContaining({
          name: "create_order",
          method: "POST",
          url: `${fake.baseUrl}/orders?notify={notify}`,
        }),
      ]);
      const listed = (await t.call("GET", "/v1/tools/custom")).json() as Array<{ name: string }>;
      expect(listed.map((tool) => tool.name).sort()).toEqual(["create_order", "get_order", "get_order_2"]);

      fake.apiKey = "imported-key-789";
      const provider = customTools({
        repos: createRepos(t.storage.db),
        secrets,
        clock: systemClock,
        newId,
        log: { info: () => {} },
        allowPrivate: true,
      });
      const tools = await provider.tools(t.projectId);
      const [getOrder, createOrder] = result.created as Array<{ name: string; secret: string }>;
      fake.secret = getOrder!.secret;
      const order = await tools
        .find((tool) => tool.name === "get_order_2")!
        .execute({ order_id: "A-1001", expand: "items" }, contextOf(t.projectId));
      expect(order).toMatchObject({ id: "A-1001", items: [{ sku: "PIZZA-L", quantity: 2 }] });
      fake.secret = createOrder!.secret;
      const placed = await tools
        .find((tool) => tool.name === "create_order")!
        .execute({ sku: "PIZZA-S", quantity: 1, notify: true }, contextOf(t.projectId));
      expect(placed).toMatchObject({ status: "new" });
      const call = fake.calls.at(-1)!;
      expect(call).toMatchObject({ method: "POST", path: "/orders", signatureValid: true });
      expect(call.query.get("notify")).toBe("true");
      expect(JSON.parse(call.raw)).toEqual({ sku: "PIZZA-S", quantity: 1 });
      expect(fake.calls.every((c) => c.signatureValid)).toBe(true);
    });

    it("refuses a document that is not OpenAPI 3 and a choice naming no operation (422)", async () => {
      const swagger = await t.call("POST", "/v1/tools/custom/import", {
        body: { document: { swagger: "2.0", info: {}, paths: {} } },
      });
      expect(swagger.statusCode).toBe(422);
      expect(swagger.json().details[0]).toMatchObject({ path: "document.openapi" });
      const missing = await t.call("POST", "/v1/tools/custom/import", {
        body: { document: shopOpenApi(), operations: ["deleteEverything"] },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().details).toEqual([
        {
          path: "operations.0",
          message: "no operation 'deleteEverything' in the document (name an operationId or METHOD /path)",
        },
      ]);
      const header = await t.call("POST", "/v1/tools/custom/import", {
        body: { document: shopOpenApi(), headers: { "Content-Type": "text/plain" } },
      });
      expect(header.statusCode).toBe(422);
      expect(header.json().details[0].path).toBe("headers.Content-Type");
    });

    it("refuses a server on a private address when the server does not allow it", async () => {
      const strict = await createTestApp({ dialect });
      try {
        const response = await strict.call("POST", "/v1/tools/custom/import", {
          body: { document: shopOpenApi(), operations: ["getOrder"], server_url: "http://10.0.0.7" },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().created).toEqual([]);
        expect(response.json().refused[0].reason).toContain("url: 10.0.0.7 is a private");
      } finally {
        await strict.close();
      }
    });
  });
});
