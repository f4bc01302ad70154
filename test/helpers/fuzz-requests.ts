/**
 * Generators of bad requests, shared by the fuzz tests (test/http/fuzz.test.ts,
 * public-endpoints-fuzz.test.ts) and the liveness sweep (liveness-sweep.test.ts): a bounded,
 * deterministic (seeded) set of malformed requests over every route of the OpenAPI document,
 * and bodies a stranger might post to the public endpoints outside it.
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
export interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
}

export function deeplyNested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

export const forgedCursors = [
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
  // The shape of the webhook deliveries' cursors.
  '{"s":1e20}',
  '{"s":-1}',
  '{"s":"1"}',
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
  2 ** 53 + 2,
  -(2 ** 63),
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
  { toString: 1, hasOwnProperty: "x", valueOf: null },
  "2026-13-45T99:99:99Z",
];

const RAW_NUMBERS = ["1e400", "-1e400", "123456789012345678901234567890", "-0", "1E-400", "9007199254740993"];

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

/**
 * `perOperation` seeded bad requests for every operation of the document (a bad path id, query
 * value or body), plus every forged cursor on each operation that takes one; the destructive
 * ones (deletes, clones) apart, to be sent last.
 */
export function generate(
  doc: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, SchemaNode> };
  },
  ids: Record<string, string>,
  /** Real ids of this and another project, tried in every path slot. */
  foreignIds: string[],
  random: () => number,
  perOperation: number,
): { safe: FuzzRequest[]; destructive: FuzzRequest[] } {
  const components = doc.components?.schemas ?? {};
  const pathValues = [...BAD_PATH_VALUES, ...foreignIds.map(encodeURIComponent)];
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
      // Every forged cursor on every operation that takes one, whatever the draws.
      if (queryParams.some((p) => p.name === "cursor"))
        for (const cursor of forgedCursors)
          requests.push({ method: upper, url: `${realPath()}?cursor=${cursor}` });
      for (let n = 0; n < perOperation; n++) {
        const strategy = Math.floor(random() * 4);
        let url = realPath();
        let body: string | undefined = base === undefined ? undefined : JSON.stringify(base);
        if (strategy === 0 && pathParams.length > 0) {
          url = realPath({ [pick(pathParams)]: pick(pathValues) });
        } else if (strategy === 1) {
          // A known parameter with a bad value, repeated, or an unknown (NUL) key.
          const name = queryParams.length > 0 ? pick(queryParams).name : "x";
          const value = pick(BAD_QUERY_VALUES);
          url = `${url}?${pick([
            `${name}=${value}`,
            `${name}=${value}`,
            `${name}=1&${name}=${value}`,
            `${name}%00=1`,
            `${name}[a]=${value}`,
          ])}`;
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
            '{"name":{"__proto__":{"admin":true}}}',
            '{"a\\u0000b":1}',
            deeplyNested(5000),
            `{"settings":${deeplyNested(5000)}}`,
            `{"extra_field":1${base && typeof base === "object" ? `,${JSON.stringify(base).slice(1)}` : "}"}`,
            '{"a":"\\u0000"}',
            `{"${"k".repeat(300)}":1}`,
          ]);
        } else if (fieldPaths.length > 0 && random() < 0.25) {
          // Numbers JSON can spell but JavaScript cannot hold (Infinity, beyond 2^64, -0).
          const marker = "\u0001raw\u0001";
          body = JSON.stringify(withValue(base, pick(fieldPaths), marker)).replace(
            JSON.stringify(marker),
            pick(RAW_NUMBERS),
          );
        } else if (fieldPaths.length > 0) {
          body = JSON.stringify(withValue(base, pick(fieldPaths), pick(BAD_VALUES)));
        }
        // An endless stream must fail before it opens: a bad last_event_id (a repeated one is a
        // list, also refused) whatever else the query holds.
        if (endless && !url.includes("no-such-thread")) {
          url = `${url}${url.includes("?") ? "&" : "?"}last_event_id=${pick(["abc", "-1", "1e5", "%00"])}`;
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
  return { safe: requests.filter((r) => !destructive(r)), destructive: requests.filter(destructive) };
}

/** The routes outside /v1 (not in the OpenAPI document): the same guard covers them. */
export const HIDDEN_ROUTES: FuzzRequest[] = ["/healthz", "/readyz", "/metrics", "/openapi.json"].flatMap(
  (path) => [
    { method: "GET", url: `${path}?x=a%00b` },
    { method: "GET", url: `${path}?x%00=1` },
    { method: "GET", url: `${path}?x=${"y".repeat(5000)}` },
    { method: "POST", url: path, body: deeplyNested(5000) },
  ],
);

/** Vendors named in public hook URLs, one of them unknown. */
export const HOOK_VENDORS = [
  "telegram",
  "vk",
  "whatsapp",
  "facebook",
  "instagram",
  "avito",
  "parley",
  "github",
  "nope",
];

/** Bodies a stranger might post: not JSON, wrong JSON, huge numbers, deep nesting, NUL, forms. */
export function garbage(random: () => number): { body: string; contentType: string } {
  const samples = [
    ["", "application/json"],
    ["not json", "application/json"],
    ["[]", "application/json"],
    ["null", "application/json"],
    ['{"update_id": 1e309, "message": {"chat": {"id": "x"}}}', "application/json"],
    ['{"object": "page", "entry": [{"messaging": [{"message": {"mid": null}}]}]}', "application/json"],
    ['{"type": "confirmation", "group_id": -1, "secret": ["a"]}', "application/json"],
    ['{"payload": {"type": "message", "value": {"id": {}}}}', "application/json"],
    [`${"[".repeat(3000)}${"]".repeat(3000)}`, "application/json"],
    ['{"text": "a\\u0000b"}', "application/json"],
    ["a=1&b[]=2&__proto__[x]=1", "application/x-www-form-urlencoded"],
    ['{"TerminalKey": 1, "OrderId": {"$ne": 1}, "Token": true}', "application/json"],
    [String.fromCharCode(...Array.from({ length: 200 }, () => Math.floor(random() * 65536))), "text/plain"],
  ] as const;
  const [body, contentType] = samples[Math.floor(random() * samples.length)] ?? samples[0];
  return { body, contentType };
}
