import { randomBytes } from "node:crypto";
import { asSchema } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { customTools } from "../../../src/modules/custom-tools/custom-tool-provider.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import type { ProvidedTool, ToolProvider } from "../../../src/tools/tool-provider.js";
import { ToolRefusal } from "../../../src/tools/tool-refusal.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeToolServer } from "./fake-tool-server.js";
import { fixedPath, orderLookup, placeOrder } from "./fixtures.js";

const API_KEY = "shop-api-key-123";

function contextOf(projectId: string): ToolContext {
  const unused = () => Promise.reject(new Error("not used by custom tools"));
  return {
    projectId,
    threadId: "thr-calls",
    chatId: "chat_x",
    clock: systemClock,
    setMode: unused,
    scheduleMessage: unused,
    writeWorkingMemory: unused,
    readWorkingMemory: unused,
    searchKnowledge: unused,
  };
}

/** Log lines the provider wrote, as the app's logger would get them. */
class CapturedLog {
  readonly lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  info(fields: object, message: string): void {
    this.lines.push({ fields: fields as Record<string, unknown>, message });
  }
  get text(): string {
    return JSON.stringify(this.lines);
  }
}

/**
 * Calls through the provider (docs/custom-tools.md) against a loopback service that verifies
 * each request's signature and checks its arguments: success, the failures the model must see
 * as a refusal (4xx, 5xx, timeout, HTML, redirect, invalid arguments), a truncated answer, the
 * address guard, and one log line per call without secrets.
 */
describe.each(DIALECTS)("custom tool calls on %s", (dialect: TestDialect) => {
  const describe_ = shouldSkip(dialect) ? describe.skip : describe;
  describe_("through the provider", () => {
    let t: TestApp;
    let fake: FakeToolServer;
    const secrets = createSecretBox(randomBytes(32));
    const secretsOf = new Map<string, string>();
    const log = new CapturedLog();
    let provider: ToolProvider;
    let strictProvider: ToolProvider;

    beforeAll(async () => {
      fake = await FakeToolServer.start();
      fake.apiKey = API_KEY;
      t = await createTestApp({ dialect, secrets, env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" } });
      const deps = { repos: createRepos(t.storage.db), secrets, clock: systemClock, newId, log };
      provider = customTools({ ...deps, allowPrivate: true });
      strictProvider = customTools({ ...deps, allowPrivate: false });
      const headers = { headers: { "X-Api-Key": API_KEY } };
      for (const body of [
        orderLookup(fake.baseUrl, { max_calls_per_turn: 2 }),
        placeOrder(fake.baseUrl, headers),
        fixedPath(fake.baseUrl, "fail_500", "/fail/500", headers),
        fixedPath(fake.baseUrl, "slow", "/slow", { ...headers, timeout_ms: 300 }),
        fixedPath(fake.baseUrl, "html", "/html", headers),
        fixedPath(fake.baseUrl, "big", "/big", { ...headers, max_response_bytes: 2048 }),
        fixedPath(fake.baseUrl, "moved", "/moved", headers),
        fixedPath(fake.baseUrl, "empty", "/empty", headers),
        orderLookup(fake.localhostUrl, { name: "by_host_name" }),
        fixedPath(fake.baseUrl, "switched_off", "/empty", { status: "disabled" }),
      ]) {
        const created = await t.call("POST", "/v1/tools/custom", { body });
        expect(created.statusCode, created.body).toBe(200);
        secretsOf.set(created.json().name, created.json().secret);
      }
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    async function toolOf(name: string, from = provider): Promise<ProvidedTool> {
      const found = (await from.tools(t.projectId)).find((tool) => tool.name === name);
      if (!found) throw new Error(`no tool ${name}`);
      fake.secret = secretsOf.get(name)!;
      return found;
    }

    async function refusalOf(name: string, input: unknown = {}, from = provider): Promise<string> {
      const tool = await toolOf(name, from);
      const error = await tool.execute(input, contextOf(t.projectId)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ToolRefusal);
      return (error as ToolRefusal).message;
    }

    it("offers the active tools with their schema, source and call limit; knows the disabled ones too", async () => {
      const tools = await provider.tools(t.projectId);
      expect(tools.map((tool) => tool.name)).not.toContain("switched_off");
      const lookup = tools.find((tool) => tool.name === "lookup_order")!;
      expect(lookup.source).toEqual({ kind: "custom", tool_id: expect.stringMatching(/^tool_/) });
      expect(lookup.maxCallsPerTurn).toBe(2);
      expect(tools.find((tool) => tool.name === "place_order")!.maxCallsPerTurn).toBeUndefined();
      const schema = asSchema(lookup.inputSchema);
      expect(await schema.jsonSchema).toMatchObject({ type: "object", required: ["order_id"] });
      expect(await schema.validate!({ order_id: "A-1001" })).toEqual({
        success: true,
        value: { order_id: "A-1001" },
      });
      const invalid = await schema.validate!({ order_id: "1001", extra: true });
      expect(invalid.success).toBe(false);
      expect(invalid.success ? "" : invalid.error.message).toContain("order_id: must match pattern");
      expect(await provider.knownNames!(t.projectId)).toContain("switched_off");
      const { projectId } = await t.otherProject();
      expect(await provider.tools(projectId)).toEqual([]);
    });

    it("a GET fills the path, sends the rest as the query, signs the empty body; the JSON answer is the result", async () => {
      const before = fake.calls.length;
      const tool = await toolOf("lookup_order");
      const result = await tool.execute({ order_id: "A-1001", expand: "items" }, contextOf(t.projectId));
      expect(result).toEqual({ id: "A-1001", status: "shipped", items: [{ sku: "PIZZA-L", quantity: 2 }] });
      const call = fake.calls[before]!;
      expect(call).toMatchObject({ method: "GET", path: "/orders/A-1001", raw: "", signatureValid: true });
      expect(call.query.get("expand")).toBe("items");
      expect(call.headers["x-api-key"]).toBe(API_KEY);
      expect(call.headers["x-service-call-id"]).toMatch(/^tcall_/);
      expect(Number(call.headers["x-service-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);
      expect(call.headers["content-type"]).toBeUndefined();

      // An optional query placeholder without its argument leaves its pair out.
      await tool.execute({ order_id: "A-1001" }, contextOf(t.projectId));
      expect(fake.calls.at(-1)!.query.has("expand")).toBe(false);
      expect(fake.calls.at(-1)!.path).toBe("/orders/A-1001");
    });

    it("a POST sends the arguments as the signed JSON body", async () => {
      const tool = await toolOf("place_order");
      const result = await tool.execute({ sku: "PIZZA-M", quantity: 3 }, contextOf(t.projectId));
      expect(result).toEqual({ id: expect.stringMatching(/^A-\d{4}$/), status: "new" });
      const call = fake.calls.at(-1)!;
      expect(call).toMatchObject({ method: "POST", path: "/orders", signatureValid: true });
      expect(JSON.parse(call.raw)).toEqual({ sku: "PIZZA-M", quantity: 3 });
      expect(call.headers["content-type"]).toBe("application/json");
    });

    it("invalid arguments are refused before any request", async () => {
      const before = fake.calls.length;
      expect(await refusalOf("lookup_order", { order_id: "../admin" })).toContain(
        "order_id: must match pattern",
      );
      expect(await refusalOf("place_order", { sku: "X" })).toContain(
        "must have required property 'quantity'",
      );
      expect(await refusalOf("lookup_order", { order_id: "A-1001", admin: true })).toContain(
        "must NOT have additional properties ('admin')",
      );
      expect(fake.calls.length).toBe(before);
    });

    it("a path argument cannot climb out of its segment: it is percent-encoded", async () => {
      await t
        .call("POST", "/v1/tools/custom", {
          body: orderLookup(fake.baseUrl, {
            name: "loose_lookup",
            input_schema: {
              type: "object",
              properties: { order_id: { type: "string" } },
              required: ["order_id"],
            },
            url: `${fake.baseUrl}/orders/{order_id}`,
          }),
        })
        .then((response) => secretsOf.set("loose_lookup", response.json().secret));
      expect(await refusalOf("loose_lookup", { order_id: ".." })).toContain("must not be empty, '.' or '..'");
      const message = await refusalOf("loose_lookup", { order_id: "A-1001/../../fail/500" });
      expect(message).toContain("HTTP 400");
      expect(fake.calls.at(-1)!.path).toBe("/orders/A-1001%2F..%2F..%2Ffail%2F500");
    });

    it("a 4xx reaches the model as a refusal with the status and the start of the body", async () => {
      expect(await refusalOf("lookup_order", { order_id: "Z-9999" })).toBe(
        `127.0.0.1:${new URL(fake.baseUrl).port} answered HTTP 404: {"error":"no order Z-9999"}`,
      );
    });

    it("a 5xx too, and the service's other failures", async () => {
      expect(await refusalOf("fail_500")).toMatch(/answered HTTP 500: \{"error":"database is down"\}$/);
      expect(await refusalOf("slow")).toMatch(/did not answer within 300 ms\.$/);
      expect(await refusalOf("html")).toMatch(
        /answered HTTP 200 with a body that is not JSON \(text\/html\): <html>/,
      );
      expect(await refusalOf("moved")).toMatch(/answered HTTP 302 \(a redirect, not followed\)\.$/);
      expect(
        fake.calls.filter((call) => call.path === "/orders/A-1001" && call.query.size === 0).length,
      ).toBe(1);
    });

    it("an answer over max_response_bytes is cut, with a note for the model", async () => {
      const tool = await toolOf("big");
      const result = (await tool.execute({}, contextOf(t.projectId))) as Record<string, unknown>;
      expect(result.truncated).toBe(true);
      expect(result.note).toContain("longer than 2048 bytes");
      expect(result.body_start).toMatch(/^\{"items":\[\{"sku":"SKU-0"/);
      expect(Buffer.byteLength(String(result.body_start))).toBe(2048);
    });

    it("an answer without a body is a success", async () => {
      const tool = await toolOf("empty");
      expect(await tool.execute({}, contextOf(t.projectId))).toEqual({
        ok: true,
        status: 204,
        note: "The service answered without a body.",
      });
    });

    it("private addresses are refused unless allowed, also behind a host name", async () => {
      const before = fake.calls.length;
      expect(await refusalOf("lookup_order", { order_id: "A-1001" }, strictProvider)).toContain(
        "is not an address this server may call",
      );
      expect(await refusalOf("by_host_name", { order_id: "A-1001" }, strictProvider)).toMatch(
        /localhost:\d+ is not an address this server may call \(localhost resolves to (127\.0\.0\.1|::1), a private/,
      );
      expect(fake.calls.length).toBe(before);
      const allowed = await toolOf("by_host_name");
      expect(await allowed.execute({ order_id: "A-1001" }, contextOf(t.projectId))).toMatchObject({
        id: "A-1001",
      });
    });

    it("a tool disabled, deleted or of another project is refused at call time", async () => {
      const tool = await toolOf("empty");
      const { projectId } = await t.otherProject();
      await expect(tool.execute({}, contextOf(projectId))).rejects.toThrow("is no longer available");
      const id = (tool.source as { tool_id: string }).tool_id;
      await t.call("POST", `/v1/tools/custom/${id}`, { body: { status: "disabled" } });
      await expect(tool.execute({}, contextOf(t.projectId))).rejects.toThrow("is no longer available");
      await t.call("POST", `/v1/tools/custom/${id}`, { body: { status: "active" } });
      expect(await tool.execute({}, contextOf(t.projectId))).toMatchObject({ ok: true });
    });

    it("a rotated secret signs the next call; the service refuses the old one", async () => {
      const tool = await toolOf("place_order");
      const id = (tool.source as { tool_id: string }).tool_id;
      const rotated = (await t.call("POST", `/v1/tools/custom/${id}/rotate-secret`)).json();
      expect(await refusalOf("place_order", { sku: "A", quantity: 1 })).toContain("HTTP 401");
      fake.secret = rotated.secret;
      secretsOf.set("place_order", rotated.secret);
      expect(await tool.execute({ sku: "A", quantity: 1 }, contextOf(t.projectId))).toMatchObject({
        status: "new",
      });
    });

    it("logs every call at info with its outcome, never a header value, secret or query", async () => {
      const lines = log.lines.filter((line) => line.message === "custom tool call");
      expect(lines.length).toBeGreaterThanOrEqual(15);
      const ok = lines.find((line) => line.fields.tool === "lookup_order" && line.fields.outcome === "ok")!;
      expect(ok.fields).toEqual({
        tool_id: expect.stringMatching(/^tool_/),
        tool: "lookup_order",
        project_id: t.projectId,
        thread_id: "thr-calls",
        call_id: expect.stringMatching(/^tcall_/),
        method: "GET",
        host: `127.0.0.1:${new URL(fake.baseUrl).port}`,
        status: 200,
        duration_ms: expect.any(Number),
        bytes: expect.any(Number),
        outcome: "ok",
      });
      const outcomes = new Set(lines.map((line) => line.fields.outcome));
      for (const outcome of [
        "ok",
        "truncated",
        "invalid_arguments",
        "http_error",
        "redirect",
        "non_json",
        "timeout",
        "refused_address",
      ]) {
        expect(outcomes, outcome).toContain(outcome);
      }
      expect(log.text).not.toContain(API_KEY);
      expect(log.text).not.toContain("expand");
      for (const secret of secretsOf.values()) expect(log.text).not.toContain(secret);
    });
  });
});
