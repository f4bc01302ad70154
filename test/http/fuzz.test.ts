import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { listen } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Bad input over every route of the OpenAPI document, on both databases: a bounded,
 * deterministic (seeded) set of malformed requests, none of which may yield a 5xx.
 */

type Json = unknown;
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: Json[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  const?: Json;
  additionalProperties?: SchemaNode | boolean;
}
interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: SchemaNode }>;
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
}
interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
}

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function deeplyNested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

const forgedCursors = [
  '{"o":1e20}',
  '{"o":-1}',
  '{"o":1.5}',
  '{"k":[123,"x"]}',
  '{"k":["not a date","x"]}',
  '{"k":[null]}',
  '{"o":1,"k":[null,"x"]}',
  "[]",
  "null",
  '"x"',
].map((json) => Buffer.from(json).toString("base64url"));

/** Values that have broken servers: wrong types, extremes, NUL, lone surrogates, prototype keys. */
const BAD_VALUES: Json[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  1e20,
  9007199254740993,
  0.5,
  "",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x".repeat(40_000),
  "😀".repeat(100),
  "../../etc/passwd",
  "' or 1=1 --",
  "%00",
  [],
  [null],
  ["a\u0000"],
  {},
  { "a\u0000": 1 },
  { constructor: { prototype: { x: 1 } } },
  "2026-13-45T99:99:99Z",
];

const BAD_QUERY_VALUES = [
  "a%00b",
  "%00",
  "-1",
  "1e20",
  "99999999999999999999",
  "0x10",
  "NaN",
  "abc",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "x".repeat(5000),
  ...forgedCursors,
];

const BAD_PATH_VALUES = [
  "a%00b",
  "%00",
  "x".repeat(2000),
  "%2e%2e",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "bot_000000000000000000000",
  "thr%20x",
  "'",
];

function resolve(schema: SchemaNode | undefined, components: Record<string, SchemaNode>): SchemaNode {
  let node = schema ?? {};
  for (let i = 0; node.$ref && i < 10; i++) node = components[node.$ref.split("/").at(-1) ?? ""] ?? {};
  return node;
}

/** A plausible value for a schema (the mutations then break one part of it). */
function sample(schema: SchemaNode | undefined, components: Record<string, SchemaNode>, depth = 0): Json {
  const node = resolve(schema, components);
  if (depth > 6) return null;
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  const variant = node.anyOf?.[0] ?? node.oneOf?.[0] ?? node.allOf?.[0];
  if (variant) return sample(variant, components, depth + 1);
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  switch (type) {
    case "object": {
      const value: Record<string, Json> = {};
      for (const [key, child] of Object.entries(node.properties ?? {}))
        value[key] = sample(child, components, depth + 1);
      return value;
    }
    case "array":
      return [sample(node.items, components, depth + 1)];
    case "string":
      return "x";
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** Every property path of a sample object (a.b.c), to break them one at a time. */
function paths(value: Json, prefix: string[] = []): string[][] {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return prefix.length ? [prefix] : [];
  const found: string[][] = prefix.length ? [prefix] : [];
  for (const [key, child] of Object.entries(value)) found.push(...paths(child, [...prefix, key]));
  return found;
}

function withValue(base: Json, path: string[], value: Json): Json {
  const copy = structuredClone(base) as Record<string, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path.at(-1)!] = value;
  return copy;
}

function generate(
  doc: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, SchemaNode> };
  },
  ids: Record<string, string>,
  random: () => number,
  perOperation: number,
): FuzzRequest[] {
  const components = doc.components?.schemas ?? {};
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const requests: FuzzRequest[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      // Streams that never end by themselves get only requests that fail before they open.
      const endless = template.startsWith("/v1/threads/events");
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === "query");
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const base = bodySchema ? sample(bodySchema, components) : undefined;
      const fieldPaths = paths(base);
      const realPath = (overrides: Record<string, string> = {}) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => {
          if (overrides[name] !== undefined) return overrides[name];
          if (endless && name === "thread_id") return "no-such-thread";
          return encodeURIComponent(ids[`${template}:${name}`] ?? ids[name] ?? "missing");
        });
      for (let n = 0; n < perOperation; n++) {
        const strategy = Math.floor(random() * 4);
        let url = realPath();
        let body: string | undefined = base === undefined ? undefined : JSON.stringify(base);
        if (strategy === 0 && pathParams.length > 0) {
          url = realPath({ [pick(pathParams)]: pick(BAD_PATH_VALUES) });
        } else if (strategy === 1 && queryParams.length > 0) {
          const param = pick(queryParams);
          url = `${url}?${param.name}=${pick(BAD_QUERY_VALUES)}`;
        } else if (strategy === 2 || base === undefined) {
          // The body as a whole: not JSON, not an object, hostile shapes; also on routes without one.
          body = pick([
            "{",
            "[1,2]",
            '"text"',
            "42",
            "null",
            "",
            '{"__proto__":{"admin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
            deeplyNested(5000),
            `{"settings":${deeplyNested(5000)}}`,
            `{"extra_field":1${base && typeof base === "object" ? `,${JSON.stringify(base).slice(1)}` : "}"}`,
            '{"a":"\\u0000"}',
            `{"${"k".repeat(300)}":1}`,
          ]);
        } else if (fieldPaths.length > 0) {
          body = JSON.stringify(withValue(base, pick(fieldPaths), pick(BAD_VALUES)));
        }
        if (endless && !url.includes("no-such-thread") && !url.includes("?")) {
          url = `${url}?last_event_id=${pick(["abc", "-1", "1e5", "%00"])}`;
        }
        // fetch sends no body with GET: those requests vary their path and query only.
        if (upper === "GET") body = undefined;
        requests.push({ method: upper, url, ...(body !== undefined ? { body } : {}) });
      }
    }
  }
  // Destructive operations last, so that the others still find their resources.
  const destructive = (r: FuzzRequest) =>
    r.method === "DELETE" || /\/(delete|clone)$/.test(r.url.split("?")[0]!);
  return [...requests.filter((r) => !destructive(r)), ...requests.filter(destructive)];
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`fuzzing every route (${dialect})`, () => {
    let t: TestApp;
    let base: string;
    let ids: Record<string, string>;

    beforeAll(async () => {
      const mock = scriptedModel(() => ({ text: "fine" }));
      t = await createTestApp({ dialect, modelOverride: () => mock.model });
      base = await listen(t);
      const { bot, integration, chat } = await activeChat(t);
      await streamTurn(t, chat.id, "fuzz-thread", "hello");
      const key = (
        await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "k" } })
      ).json();
      const other = await t.otherProject();
      ids = {
        bot_id: bot.id,
        chat_id: chat.id,
        thread_id: "fuzz-thread",
        key_id: key.id,
        approval_id: "apr_missing",
        delivery_id: "whd_missing",
        id: integration.id,
        "/v1/projects/{id}/api-keys:id": t.projectId,
        "/v1/projects/{id}/api-keys/{key_id}:id": t.projectId,
        "/v1/webhook-endpoints/{id}:id": "whe_missing",
        "/v1/webhook-endpoints/{id}/deliveries:id": "whe_missing",
        "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry:id": "whe_missing",
        other_project: other.projectId,
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    it("refuses NUL anywhere with 422, and stores nothing", async () => {
      const search = await t.call("GET", "/v1/threads?search=a%00b");
      expect(search.statusCode).toBe(422);
      expect(search.json().details[0].path).toBe("query.search");
      const bot = await t.call("POST", "/v1/bots", { body: { name: "Evil\u0000Bot" } });
      expect(bot.statusCode).toBe(422);
      expect(bot.json()).toMatchObject({ code: "validation_failed", details: [{ path: "name" }] });
      const bots = (await t.call("GET", "/v1/bots")).json() as Array<{ name: string }>;
      expect(bots.some((b) => b.name.startsWith("Evil"))).toBe(false);
      const key = await t.call("POST", "/v1/bots", { body: { name: "x", "a\u0000": 1 } });
      expect(key.statusCode).toBe(422);
    });

    it("a stream request with NUL leaves no thread behind", async () => {
      const response = await t.call("POST", `/v1/chats/${ids.chat_id}/threads/nul-thread/stream`, {
        body: { messages: [{ role: "user", content: "a\u0000b" }] },
      });
      expect(response.statusCode).toBe(422);
      expect((await t.call("GET", "/v1/threads/nul-thread")).statusCode).toBe(404);
    });

    it("refuses forged cursors with 422", async () => {
      for (const cursor of forgedCursors) {
        for (const search of ["", "&search=hello"]) {
          const response = await t.call("GET", `/v1/threads?cursor=${cursor}${search}`);
          expect(response.statusCode, `${cursor}${search}`).toBe(422);
          expect(response.json().code).toBe("validation_failed");
        }
      }
    });

    it("refuses free-form maps nested too deep or too large with 422", async () => {
      const deep = await t.call("POST", `/v1/integrations/${ids.id}/chats`, {
        body: `{"bot_id":"${ids.bot_id}","name":"deep","settings":${deeplyNested(5000)}}`,
      });
      expect(deep.statusCode).toBe(422);
      const eleven = JSON.parse(deeplyNested(11));
      const tooDeep = await t.call("POST", `/v1/integrations/${ids.id}`, { body: { settings: eleven } });
      expect(tooDeep.statusCode).toBe(422);
      expect(tooDeep.json().details[0].path).toBe("settings");
      const large = await t.call("POST", `/v1/integrations/${ids.id}`, {
        body: { settings: { blob: "x".repeat(40_000) } },
      });
      expect(large.statusCode).toBe(422);
      const fine = await t.call("POST", `/v1/integrations/${ids.id}`, {
        body: { settings: JSON.parse(deeplyNested(9)) },
      });
      expect(fine.statusCode).toBe(200);
    });

    it("answers no generated bad request with a 5xx (destructive ones last)", async () => {
      const doc = (await t.call("GET", "/openapi.json")).json();
      const requests = generate(doc, ids, prng(dialect === "sqlite" ? 20261124 : 4242), 40);
      expect(requests.length).toBeGreaterThan(1500);
      const failures: string[] = [];
      let answered = 0;
      for (const request of requests) {
        const response = await fetch(`${base}${request.url}`, {
          method: request.method,
          headers: {
            authorization: `Bearer ${t.adminKey}`,
            ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
          },
          ...(request.body !== undefined ? { body: request.body } : {}),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        answered += 1;
        if (response.status >= 500) {
          failures.push(
            `${request.method} ${request.url.slice(0, 200)} ${String(request.body).slice(0, 200)} -> ${response.status} ${text.slice(0, 300)}`,
          );
        }
      }
      expect(answered).toBe(requests.length);
      expect(failures).toEqual([]);
    }, 240_000);
  });
}
