/**
 * OpenAPI schemas made self-contained JSON Schemas for a tool's arguments (docs/custom-tools.md,
 * "Import from OpenAPI"): local `$ref`s inlined (external ones and cycles refused), OpenAPI 3.0's
 * dialect turned into JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`),
 * what only documents a response dropped (`readOnly` properties, `example`, `xml`,
 * `discriminator`, `externalDocs`, `x-…` extensions) and formats Ajv does not know removed.
 */

/** Why part of a document cannot be used; the message names what. */
export class UnmappableError extends Error {}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const DROPPED_KEYWORDS = new Set(["example", "xml", "externalDocs", "discriminator", "nullable"]);
/** ajv-formats' formats: any other `format` is an annotation Ajv would refuse in strict mode. */
const KNOWN_FORMATS = new Set([
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
]);
/** Keywords whose value is a map of schemas, not a schema. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Most nodes a schema may expand to once its `$ref`s are inlined, and how deep it may nest. */
const MAX_NODES = 5000;
const MAX_DEPTH = 64;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a local reference (`#/components/schemas/Pet`). */
export function resolvePointer(document: JsonObject, ref: string): Json {
  if (!ref.startsWith("#/")) throw new UnmappableError(`the external reference '${ref}' is not supported`);
  let node: Json = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node))
      throw new UnmappableError(`the reference '${ref}' does not resolve`);
    const next: Json | undefined = Array.isArray(node)
      ? node[Number(key)]
      : Object.hasOwn(node, key)
        ? node[key]
        : undefined;
    if (next === undefined) throw new UnmappableError(`the reference '${ref}' does not resolve`);
    node = next;
  }
  return node;
}

/** A component (parameter, request body, path item) with its `$ref` followed, chains included. */
export function deref(document: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === "string") {
    if (seen.has(current.$ref)) throw new UnmappableError(`the reference '${current.$ref}' refers to itself`);
    seen.add(current.$ref);
    current = resolvePointer(document, current.$ref);
  }
  return current;
}

export interface SchemaDialect {
  /** OpenAPI 3.0: `nullable` and boolean exclusive bounds. */
  openapi30: boolean;
}

/** The schema, inlined and converted (see the file's comment). */
export function toJsonSchema(document: JsonObject, schema: Json, dialect: SchemaDialect): Json {
  let nodes = 0;
  const expanding: string[] = [];

  const convert = (node: Json, depth = 0): Json => {
    if (++nodes > MAX_NODES) throw new UnmappableError("the schema is too large once its $refs are expanded");
    if (depth > MAX_DEPTH) throw new UnmappableError(`the schema nests deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(node)) return node.map((item) => convert(item, depth + 1));
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (expanding.includes(ref)) throw new UnmappableError(`the schema '${ref}' is recursive`);
      expanding.push(ref);
      const { $ref: _ref, ...siblings } = node;
      const target = convert(resolvePointer(document, ref), depth + 1);
      expanding.pop();
      if (Object.keys(siblings).length === 0) return target;
      return isObject(target) ? { ...target, ...(convertKeywords(siblings, depth) as JsonObject) } : target;
    }
    return convertKeywords(node, depth);
  };

  const convertKeywords = (node: JsonObject, depth: number): Json => {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key) || key.startsWith("x-")) continue;
      if (key === "format" && typeof value === "string" && !KNOWN_FORMATS.has(value)) continue;
      if (SCHEMA_MAPS.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, convert(sub, depth + 1)]),
        );
      } else if (key === "examples" || key === "default" || key === "const" || key === "enum") {
        out[key] = value;
      } else {
        out[key] = convert(value, depth + 1);
      }
    }
    dropReadOnly(out);
    if (dialect.openapi30) openapi30Keywords(node, out);
    return out;
  };

  return convert(schema);
}

/** A request never sends `readOnly` properties. */
function dropReadOnly(schema: JsonObject): void {
  const properties = schema.properties;
  if (!isObject(properties)) return;
  const readOnly = Object.keys(properties).filter((name) => {
    const property = properties[name];
    return isObject(property) && property.readOnly === true;
  });
  if (readOnly.length === 0) return;
  for (const name of readOnly) delete properties[name];
  if (Array.isArray(schema.required)) {
    schema.required = schema.required.filter((name) => !readOnly.includes(name as string));
    if (schema.required.length === 0) delete schema.required;
  }
}

/** OpenAPI 3.0's `nullable: true` and boolean exclusive bounds, as JSON Schema says them. */
function openapi30Keywords(source: JsonObject, out: JsonObject): void {
  if (source.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && !out.type.includes("null")) out.type = [...out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === "number") {
      out[flag] = out[bound];
      delete out[bound];
    } else if (typeof out[flag] === "boolean") {
      delete out[flag];
    }
  }
}
