import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

type Responses = Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
interface Operation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  security?: unknown[];
  responses: Responses;
}
interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  info: { license?: { name: string; identifier?: string } };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/**
 * Redocly's `recommended` ruleset, with the rules this API breaks on purpose turned off:
 * - no-ambiguous-paths: `/v1/threads/events/{thread_id}` and `/v1/threads/{thread_id}/…` can
 *   match the same URL (a thread named `events`); Fastify's router takes the static segment, so
 *   `/v1/threads/events/…` is always the event stream (docs/api.md#the-openapi-document).
 */
const LINT_CONFIG = { extends: ["recommended"], rules: { "no-ambiguous-paths": "off" as const } };

const OPERATION_ID = /^[a-z][A-Za-z0-9]+$/;

function operationsOf(document: OpenApiDocument): Array<[string, Operation]> {
  const operations: Array<[string, Operation]> = [];
  for (const [group, items] of [
    ["paths", document.paths],
    ["webhooks", document.webhooks ?? {}],
  ] as const) {
    for (const [path, item] of Object.entries(items)) {
      for (const [method, operation] of Object.entries(item)) {
        operations.push([`${group}: ${method.toUpperCase()} ${path}`, operation]);
      }
    }
  }
  return operations;
}

const statusesOf = (operation: Operation) => Object.keys(operation.responses).sort();

describe("the OpenAPI document", () => {
  let t: TestApp;
  let source: string;
  let document: OpenApiDocument;
  let operation: (method: string, path: string) => Operation;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    source = response.body;
    document = response.json();
    operation = (method, path) => {
      const found = document.paths[path]?.[method];
      if (!found) throw new Error(`no ${method} ${path} in the document`);
      return found;
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes Redocly's recommended ruleset without errors or warnings", async () => {
    const config = await createConfig(LINT_CONFIG);
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const report = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`,
    );
    expect(report).toEqual([]);
  });

  it("gives every operation a unique, stable camelCase operationId", () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(90);
    const seen = new Map<string, string>();
    for (const [label, { operationId }] of operations) {
      expect(operationId, label).toMatch(OPERATION_ID);
      expect(seen.get(operationId!), `${label} repeats the operationId ${operationId}`).toBeUndefined();
      seen.set(operationId!, label);
    }
    // A few that clients are generated with: renaming one is a breaking change (docs/api.md).
    expect(operation("get", "/v1/bots").operationId).toBe("listBots");
    expect(operation("post", "/v1/bots").operationId).toBe("createBot");
    expect(operation("post", "/v1/bots/{bot_id}/delete").operationId).toBe("deleteBot");
    expect(operation("post", "/v1/chats/{chat_id}/threads/{thread_id}/stream").operationId).toBe(
      "streamThreadReply",
    );
    expect(operation("get", "/v1/threads/events/{thread_id}").operationId).toBe("streamThreadEvents");
  });

  it("names its servers and license", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(document.info.license).toEqual({ name: "MIT", identifier: "MIT" });
  });

  it("keeps only component schemas that something references", () => {
    const schemas = document.components.schemas;
    const refs = (value: unknown) =>
      new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
    const fromOutside = refs({ ...document, components: {} });
    const fromSchemas = refs(schemas);
    const unused = Object.keys(schemas).filter((name) => !fromOutside.has(name) && !fromSchemas.has(name));
    expect(unused).toEqual([]);
    for (const name of [...fromOutside, ...fromSchemas]) expect(schemas[name], name).toBeDefined();
    // Kept through the `webhooks` section: what receivers get.
    expect(schemas.WebhookEvent).toBeDefined();
    expect(document.webhooks?.event?.post?.operationId).toBe("receiveWebhookEvent");
  });

  it("declares event streams as text/event-stream, the reply stream with its JSON alternative", () => {
    const ok = (method: string, path: string) => operation(method, path).responses["200"]?.content ?? {};
    const reply = ok("post", "/v1/chats/{chat_id}/threads/{thread_id}/stream");
    expect(Object.keys(reply).sort()).toEqual(["application/json", "text/event-stream"]);
    expect(reply["text/event-stream"]!.schema).toEqual({ $ref: "#/components/schemas/ReplyStreamEvent" });
    expect(reply["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/ReplyResult" });
    for (const [method, path, events] of [
      ["get", "/v1/threads/events", "ThreadEvent"],
      ["get", "/v1/threads/events/{thread_id}", "ThreadEvent"],
      ["post", "/widget/v1/messages", "ReplyStreamEvent"],
      ["get", "/widget/v1/events", "WidgetEvent"],
    ] as const) {
      expect(ok(method, path), `${method} ${path}`).toEqual({
        "text/event-stream": { schema: { $ref: `#/components/schemas/${events}` } },
      });
    }
    // No stream is passed off as a JSON string any more.
    for (const [label, { responses }] of operationsOf(document)) {
      for (const response of Object.values(responses)) {
        const json = response.content?.["application/json"]?.schema as { type?: string } | undefined;
        expect(json?.type, label).not.toBe("string");
      }
    }
  });

  it("lists the error statuses each operation can answer, by the rule and the route's own", () => {
    // Guarded, no parameters, no body: authentication, rate limit, faults only.
    expect(statusesOf(operation("get", "/v1/bots"))).toEqual(["200", "401", "403", "429", "500", "503"]);
    // A path parameter: 404 and 422; no body, so no 400 or 413.
    expect(statusesOf(operation("get", "/v1/bots/{bot_id}"))).toEqual([
      "200",
      "401",
      "403",
      "404",
      "422",
      "429",
      "500",
      "503",
    ]);
    // A body and the POST's Idempotency-Key: 400, 409, 413, 422.
    expect(statusesOf(operation("post", "/v1/bots"))).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    // Outside the API guard (sign-in): no idempotency 409; its own 401/403/429.
    expect(statusesOf(operation("post", "/v1/sessions"))).toEqual([
      "200",
      "400",
      "401",
      "403",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    const stream = operation("post", "/v1/chats/{chat_id}/threads/{thread_id}/stream").responses;
    for (const status of ["402", "502", "504"]) expect(stream[status], status).toBeDefined();
    // The route's own description first, then the rule's.
    expect(stream["409"]!.description).toMatch(/^`thread_in_other_chat`.*idempotency_key_reused/);
    expect(operation("post", "/v1/billing/invoices").responses["502"]!.description).toContain(
      "provider_unavailable",
    );
    for (const [label, op] of operationsOf(document).filter(([label]) => label.startsWith("paths"))) {
      expect(op.responses["500"], label).toBeDefined();
      expect(op.responses["503"], label).toBeDefined();
      const hasPathParameter = (op.parameters ?? []).some((parameter) => parameter.in === "path");
      // The rule's 404 only where the path names a resource (a route declares its own, e.g. an id in the body).
      if (!hasPathParameter)
        expect(op.responses["404"]?.description ?? "", label).not.toContain("named in the path");
      if (op.requestBody === undefined) {
        expect(op.responses["413"], label).toBeUndefined();
        expect(op.responses["400"]?.description ?? "", label).not.toContain("The body cannot be read");
      }
    }
  });
});
