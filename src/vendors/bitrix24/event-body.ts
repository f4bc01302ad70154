import { type JsonRecord, parseJsonObject } from "../shared/json-fields.js";

/** Deeper keys than this are dropped: Bitrix24 events nest four levels (`data[BOT][<id>][AUTH][…]`). */
const MAX_DEPTH = 8;
/** More fields than this are ignored: a real event has about a hundred. */
const MAX_FIELDS = 2000;
/** Names that would reach an object's prototype; never used as keys. */
const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);

/**
 * `data[PARAMS][MESSAGE]` → `["data", "PARAMS", "MESSAGE"]`; `a[]` gives an empty segment
 * (appended). Undefined for a key that is not of that shape (`a[b`, `[x]`, `a]b[`).
 */
function keyPath(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  const rest = match[2] ?? "";
  const path = [match[1] ?? ""];
  for (const segment of rest.matchAll(/\[([^[\]]*)\]/g)) path.push(segment[1] ?? "");
  return path;
}

function assign(target: JsonRecord, path: string[], value: string): void {
  let node = target;
  for (let index = 0; index < path.length; index += 1) {
    let segment = path[index] ?? "";
    if (segment === "") segment = String(Object.keys(node).length);
    if (FORBIDDEN.has(segment)) return;
    if (index === path.length - 1) {
      // A value never replaces a nested object already there (`a[b]=1&a=2` keeps `a.b`).
      if (!(segment in node) || typeof node[segment] === "string") node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next === "object" && next !== null) {
      node = next as JsonRecord;
    } else {
      const child: JsonRecord = Object.create(null) as JsonRecord;
      node[segment] = child;
      node = child;
    }
  }
}

/**
 * A Bitrix24 event body as an object (docs/channels.md, "Bitrix24"). Bitrix24 posts events
 * form-encoded with PHP-style nested keys (`event=ONIMBOTMESSAGEADD&data[PARAMS][MESSAGE]=…&
 * auth[application_token]=…`); JSON is read too. Every leaf is a string; objects are built
 * without prototypes, keys that could reach one are dropped, and nesting and field count are
 * bounded, so no body can make it throw or pollute anything. Undefined when empty.
 */
export function parseEventBody(rawBody: string, contentType: string | undefined): JsonRecord | undefined {
  const trimmed = rawBody.trim();
  if (trimmed === "") return undefined;
  if (contentType?.toLowerCase().includes("json") || trimmed.startsWith("{")) {
    return parseJsonObject(trimmed);
  }
  const root: JsonRecord = Object.create(null) as JsonRecord;
  let fields = 0;
  for (const [key, value] of new URLSearchParams(trimmed)) {
    fields += 1;
    if (fields > MAX_FIELDS) break;
    const path = keyPath(key);
    if (!path || path.length > MAX_DEPTH) continue;
    assign(root, path, value);
  }
  return Object.keys(root).length > 0 ? root : undefined;
}
