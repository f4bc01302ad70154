import type { CustomToolMethod } from "../../storage/schema-custom-tools.js";

/**
 * A custom tool's URL template (docs/custom-tools.md, "The request"): `{arg}` placeholders in
 * the path (`/orders/{order_id}`) and as whole query values (`?expand={expand}`), filled from
 * the call's arguments, percent-encoded. Never in the scheme, host or port: the tool's owner
 * chooses where calls go, not the model.
 */

const PLACEHOLDER = /\{([A-Za-z0-9_.-]{1,64})\}/g;
const QUERY_PLACEHOLDER = /^\{([A-Za-z0-9_.-]{1,64})\}$/;

export interface UrlPlaceholders {
  /** Filled into the path; the argument is required. */
  path: string[];
  /** Whole query values `key={arg}`; the pair is left out when the argument is absent. */
  query: string[];
}

export type TemplateCheck = { ok: true; placeholders: UrlPlaceholders } | { ok: false; reason: string };

/** Splits a template at its query string and fragment (placeholders contain neither `?` nor `#`). */
function split(template: string): { base: string; query: string | null; fragment: boolean } {
  const hash = template.indexOf("#");
  const withoutFragment = hash === -1 ? template : template.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  return question === -1
    ? { base: withoutFragment, query: null, fragment: hash !== -1 }
    : {
        base: withoutFragment.slice(0, question),
        query: withoutFragment.slice(question + 1),
        fragment: hash !== -1,
      };
}

/** Where the path starts: after `scheme://authority`. */
function pathStart(base: string): number {
  const scheme = base.indexOf("://");
  if (scheme === -1) return -1;
  const slash = base.indexOf("/", scheme + 3);
  return slash === -1 ? base.length : slash;
}

/** Checks the shape of a template and lists its placeholders (the URL itself is checked by the caller). */
export function parseUrlTemplate(template: string): TemplateCheck {
  const { base, query, fragment } = split(template);
  if (fragment) return { ok: false, reason: "must not have a fragment (#…)" };
  const start = pathStart(base);
  if (start === -1) return { ok: false, reason: "not a valid URL" };
  const origin = base.slice(0, start);
  if (/[{}]/.test(origin)) {
    return {
      ok: false,
      reason: "placeholders are allowed in the path and the query string only, not in the host",
    };
  }
  const path = [...base.slice(start).matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (/[{}]/.test(base.slice(start).replace(PLACEHOLDER, ""))) {
    return { ok: false, reason: "a placeholder is {name}: letters, digits, _ . - (at most 64)" };
  }
  const queryNames: string[] = [];
  for (const pair of query ? query.split("&") : []) {
    const equals = pair.indexOf("=");
    const key = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? "" : pair.slice(equals + 1);
    if (/[{}]/.test(key))
      return { ok: false, reason: "a placeholder may only be a whole query value: key={arg}" };
    const whole = QUERY_PLACEHOLDER.exec(value);
    if (whole) queryNames.push(whole[1]!);
    else if (/[{}]/.test(value)) {
      return { ok: false, reason: "a placeholder may only be a whole query value: key={arg}" };
    }
  }
  const all = [...path, ...queryNames];
  const repeated = all.find((name, index) => all.indexOf(name) !== index);
  if (repeated) return { ok: false, reason: `the placeholder {${repeated}} appears twice` };
  return { ok: true, placeholders: { path, query: queryNames } };
}

/** The template with every placeholder replaced by a sample value, to check it as a URL. */
export function sampleUrl(template: string): string {
  return template.replace(PLACEHOLDER, "x");
}

/** Why a call cannot be made from these arguments (reaches the model as the tool's error). */
export class ArgumentMappingError extends Error {}

const encode = (value: string) => encodeURIComponent(value);

function scalar(name: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new ArgumentMappingError(`argument '${name}' must be a string, number or boolean to go into the URL`);
}

/** Query pairs of one argument: arrays repeat the key, objects go as JSON. */
function queryPairs(name: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  const text = typeof value === "object" ? JSON.stringify(value) : scalar(name, value);
  return [`${encode(name)}=${encode(text)}`];
}

function queryValues(name: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryValues(name, item));
  return [encode(typeof value === "object" ? JSON.stringify(value) : scalar(name, value))];
}

export interface FilledRequest {
  url: string;
  /** The arguments no placeholder took: the JSON body (POST, PUT, PATCH); already in the query otherwise. */
  body: Record<string, unknown> | null;
}

/**
 * The request for one call: path placeholders filled (a missing, empty, `.` or `..` value is
 * refused: it would name another resource), query placeholders filled or their pair left out,
 * and the other arguments sent as the query string (GET, DELETE) or as the JSON body.
 */
export function fillUrlTemplate(
  template: string,
  method: CustomToolMethod,
  args: Record<string, unknown>,
): FilledRequest {
  const { base, query } = split(template);
  const used = new Set<string>();
  const start = pathStart(base);
  // Values cannot contain "/" (it is encoded), so template and filled path have the same segments.
  const path = base
    .slice(start)
    .split("/")
    .map((segment) => {
      const names: string[] = [];
      const filled = segment.replace(PLACEHOLDER, (_match, name: string) => {
        used.add(name);
        names.push(name);
        const value = args[name];
        if (value === undefined || value === null)
          throw new ArgumentMappingError(`argument '${name}' is required`);
        return encode(scalar(name, value));
      });
      if (names.length > 0 && (filled === "" || filled === "." || filled === "..")) {
        throw new ArgumentMappingError(`argument '${names.join("', '")}' must not be empty, '.' or '..'`);
      }
      return filled;
    })
    .join("/");
  const pairs: string[] = [];
  for (const pair of query ? query.split("&") : []) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = equals === -1 ? pair : pair.slice(0, equals);
    const whole = QUERY_PLACEHOLDER.exec(equals === -1 ? "" : pair.slice(equals + 1));
    if (!whole) {
      pairs.push(pair);
      continue;
    }
    const name = whole[1]!;
    used.add(name);
    for (const value of queryValues(name, args[name])) pairs.push(`${key}=${value}`);
  }
  const rest = Object.fromEntries(Object.entries(args).filter(([name]) => !used.has(name)));
  const inQuery = method === "GET" || method === "DELETE";
  if (inQuery) for (const [name, value] of Object.entries(rest)) pairs.push(...queryPairs(name, value));
  const url = `${base.slice(0, start)}${path}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
  return { url, body: inQuery ? null : rest };
}
