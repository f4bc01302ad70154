import type { ErrorDetail } from "../../infra/errors.js";
import type { CustomToolMethod } from "../../storage/schema-custom-tools.js";
import {
  deref,
  isObject,
  type Json,
  type JsonObject,
  toJsonSchema,
  UnmappableError,
} from "./openapi-schema.js";

/**
 * An OpenAPI 3 document's operations as custom tool drafts (docs/custom-tools.md, "Import from
 * OpenAPI"), as Dify imports API-based tools: one tool per operation, named after its
 * operationId, described by its summary and description, its path and query parameters and
 * its JSON request body's properties merged into one object schema, its URL the server's and
 * the path (query parameters of a POST, PUT or PATCH become `?name={name}` placeholders). An
 * operation that cannot be mapped is refused with the reason; the others still are.
 */

const METHODS: Record<string, CustomToolMethod | null> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
  head: null,
  options: null,
  trace: null,
};
const ARGUMENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const JSON_MEDIA = /^application\/([\w.+-]*\+)?json$/i;
const DESCRIPTION_MAX = 2000;

export interface OperationDraft {
  operation: string;
  operation_id: string | null;
  /** snake_case of the operationId (or of the method and path); not yet unique. */
  baseName: string;
  description: string;
  method: CustomToolMethod;
  url: string;
  input_schema: Record<string, unknown>;
}

export interface RefusedOperation {
  operation: string;
  operation_id: string | null;
  reason: string;
}

/** A document that cannot be imported at all (422), with the path of the problem. */
export class ImportDocumentError extends Error {
  constructor(readonly details: ErrorDetail[]) {
    super(details.map((d) => `${d.path}: ${d.message}`).join("; "));
  }
}

/** `getPetById` → `get_pet_by_id`; always a valid custom tool name (before making it unique). */
export function snakeName(text: string): string {
  const snake = text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase()
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  const named = snake === "" ? "operation" : /^[a-z]/.test(snake) ? snake : `op_${snake}`;
  return named.slice(0, 64).replace(/_+$/, "");
}

function documentVersion(document: JsonObject): { openapi30: boolean; schemaUri: string | null } {
  const version = document.openapi;
  if (typeof version !== "string") {
    const detail =
      typeof document.swagger === "string"
        ? "Swagger 2.0 is not supported: convert the document to OpenAPI 3 first"
        : "not an OpenAPI 3 document (no `openapi` version)";
    throw new ImportDocumentError([{ path: "document.openapi", message: detail }]);
  }
  const match = /^3\.(\d+)\.\d+/.exec(version);
  if (!match) {
    throw new ImportDocumentError([
      { path: "document.openapi", message: `'${version}' is not an OpenAPI 3 version (3.0.x or 3.1.x)` },
    ]);
  }
  const openapi30 = match[1] === "0";
  return { openapi30, schemaUri: openapi30 ? null : "https://json-schema.org/draft/2020-12/schema" };
}

/** A server object's URL with its variables' defaults. */
function serverUrlOf(server: Json | undefined): string | undefined {
  if (!isObject(server) || typeof server.url !== "string") return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
}

function firstServer(servers: Json | undefined): string | undefined {
  return Array.isArray(servers) ? serverUrlOf(servers[0]) : undefined;
}

/** The base of every tool's URL; a relative or unfilled one makes the whole import fail (422). */
function absoluteBase(url: string, given: boolean): string {
  const refuse = (message: string) => {
    throw new ImportDocumentError([{ path: given ? "server_url" : "document.servers", message }]);
  };
  const which = given ? "server_url" : `the document's server URL '${url}'`;
  if (!/^https?:\/\//i.test(url))
    refuse(`${which} is not an absolute http(s) URL${given ? "" : "; send server_url"}`);
  if (/[{}]/.test(url))
    refuse(`${which} has a variable without a default${given ? "" : "; send server_url"}`);
  return url.replace(/\/+$/, "");
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Json;
  description: string | undefined;
}

function parametersOf(document: JsonObject, list: Json | undefined): Parameter[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new UnmappableError("`parameters` is not a list");
  return list.map((raw) => {
    const parameter = deref(document, raw);
    if (!isObject(parameter) || typeof parameter.name !== "string" || typeof parameter.in !== "string") {
      throw new UnmappableError("a parameter has no `name` or `in`");
    }
    const content = isObject(parameter.content) ? parameter.content : undefined;
    const jsonContent = content
      ? Object.entries(content).find(([media]) => JSON_MEDIA.test(media.split(";")[0]!.trim()))?.[1]
      : undefined;
    const schema = parameter.schema ??
      (isObject(jsonContent) ? jsonContent.schema : undefined) ?? { type: "string" };
    if (content && !jsonContent) {
      throw new UnmappableError(
        `the parameter '${parameter.name}' is not described by a schema or JSON content`,
      );
    }
    const style = parameter.style;
    if (typeof style === "string" && style !== "form" && style !== "simple") {
      throw new UnmappableError(
        `the parameter '${parameter.name}' uses style '${style}' (only form and simple are supported)`,
      );
    }
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true || parameter.in === "path",
      schema,
      description: typeof parameter.description === "string" ? parameter.description : undefined,
    };
  });
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function mergedParameters(document: JsonObject, pathItem: JsonObject, operation: JsonObject): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const parameter of [
    ...parametersOf(document, pathItem.parameters),
    ...parametersOf(document, operation.parameters),
  ]) {
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/** The JSON request body's schema, or null when the operation sends none. */
function jsonBodyOf(document: JsonObject, operation: JsonObject): { schema: Json; required: boolean } | null {
  const body = deref(document, operation.requestBody);
  if (body === undefined) return null;
  if (!isObject(body) || !isObject(body.content))
    throw new UnmappableError("the request body has no `content`");
  const required = body.required === true;
  const media = Object.keys(body.content).find((type) => JSON_MEDIA.test(type.split(";")[0]!.trim()));
  if (media === undefined) {
    if (!required) return null;
    throw new UnmappableError(
      `only JSON request bodies are supported (it takes ${Object.keys(body.content).join(", ") || "no media type"})`,
    );
  }
  const content = body.content[media];
  return {
    schema: isObject(content) && content.schema !== undefined ? content.schema : { type: "object" },
    required,
  };
}

/** The properties and required names of an object schema (an `allOf` of object schemas is merged). */
function objectParts(schema: Json): { properties: JsonObject; required: string[] } {
  if (!isObject(schema)) throw new UnmappableError("the JSON body's schema is not an object schema");
  const parts = { properties: {} as JsonObject, required: [] as string[] };
  const members = Array.isArray(schema.allOf) ? [schema, ...schema.allOf] : [schema];
  for (const member of members) {
    if (!isObject(member)) throw new UnmappableError("the JSON body's schema is not an object schema");
    const type = member.type;
    const isObjectType = type === undefined || type === "object";
    if (!isObjectType || member.oneOf !== undefined || member.anyOf !== undefined) {
      throw new UnmappableError(
        "the JSON body is not an object with properties (arrays, scalars, oneOf and anyOf cannot become arguments)",
      );
    }
    if (isObject(member.properties)) Object.assign(parts.properties, member.properties);
    if (Array.isArray(member.required)) {
      parts.required.push(...member.required.filter((name): name is string => typeof name === "string"));
    }
  }
  return parts;
}

function describeOperation(operation: JsonObject, label: string): string {
  const text = [operation.summary, operation.description]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .map((part) => part.trim())
    .join("\n\n");
  const description = text === "" ? label : text;
  return description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1)}…` : description;
}

function withDescription(schema: Json, description: string | undefined): Json {
  return description && isObject(schema) && schema.description === undefined
    ? { ...schema, description }
    : schema;
}

function mapOperation(
  document: JsonObject,
  context: { openapi30: boolean; schemaUri: string | null; base: string },
  path: string,
  pathItem: JsonObject,
  method: CustomToolMethod,
  operation: JsonObject,
): Omit<OperationDraft, "operation" | "operation_id"> {
  const dialect = { openapi30: context.openapi30 };
  const properties: JsonObject = {};
  const required: string[] = [];
  const queryPlaceholders: string[] = [];
  for (const parameter of mergedParameters(document, pathItem, operation)) {
    if (parameter.in === "header" || parameter.in === "cookie") {
      if (parameter.required) {
        throw new UnmappableError(
          `the required ${parameter.in} parameter '${parameter.name}' cannot come from the model; set it with \`headers\``,
        );
      }
      continue;
    }
    if (parameter.in !== "path" && parameter.in !== "query") {
      throw new UnmappableError(`the parameter '${parameter.name}' is in '${parameter.in}'`);
    }
    if (!ARGUMENT_NAME.test(parameter.name)) {
      throw new UnmappableError(`the parameter name '${parameter.name}' is not usable as an argument name`);
    }
    const schema = toJsonSchema(document, parameter.schema, dialect);
    if (parameter.in === "query" && isObject(schema) && schema.type === "object") {
      throw new UnmappableError(`the query parameter '${parameter.name}' is an object`);
    }
    properties[parameter.name] = withDescription(schema, parameter.description);
    if (parameter.required) required.push(parameter.name);
    if (parameter.in === "query" && method !== "GET" && method !== "DELETE")
      queryPlaceholders.push(parameter.name);
  }
  for (const placeholder of path.matchAll(/\{([^}]*)\}/g)) {
    if (!(placeholder[1]! in properties)) {
      throw new UnmappableError(`the path parameter '${placeholder[1]}' is not declared`);
    }
  }
  const body = jsonBodyOf(document, operation);
  if (body) {
    const parts = objectParts(toJsonSchema(document, body.schema, dialect));
    if (Object.keys(parts.properties).length > 0 && (method === "GET" || method === "DELETE")) {
      throw new UnmappableError(
        `a ${method} request body cannot be sent (its arguments go in the query string)`,
      );
    }
    for (const [name, schema] of Object.entries(parts.properties)) {
      if (name in properties) {
        throw new UnmappableError(`the body property '${name}' has the name of a parameter`);
      }
      properties[name] = schema;
    }
    if (body.required) required.push(...parts.required.filter((name) => name in parts.properties));
  }
  const query = queryPlaceholders.map((name) => `${encodeURIComponent(name)}={${name}}`).join("&");
  return {
    baseName: "",
    description: "",
    method,
    url: `${context.base}${path}${query ? `?${query}` : ""}`,
    input_schema: {
      ...(context.schemaUri ? { $schema: context.schemaUri } : {}),
      type: "object",
      properties,
      ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
      additionalProperties: false,
    },
  };
}

/**
 * Maps the chosen operations (`operationId` or `METHOD /path`; all by default). A document that
 * is not OpenAPI 3, or a choice naming no operation, is an ImportDocumentError.
 */
export function mapOpenApiDocument(
  raw: Record<string, unknown>,
  options: { operations?: string[] | undefined; serverUrl?: string | undefined },
): { drafts: OperationDraft[]; refused: RefusedOperation[] } {
  const document = raw as JsonObject;
  const version = documentVersion(document);
  if (!isObject(document.paths) || Object.keys(document.paths).length === 0) {
    throw new ImportDocumentError([{ path: "document.paths", message: "the document has no paths" }]);
  }
  const wanted = options.operations?.map((entry) => entry.trim());
  const matched = new Set<number>();
  const drafts: OperationDraft[] = [];
  const refused: RefusedOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    let pathItem: Json | undefined;
    try {
      pathItem = deref(document, rawItem);
    } catch (error) {
      refused.push({ operation: `* ${path}`, operation_id: null, reason: messageOf(error) });
      continue;
    }
    if (!isObject(pathItem)) continue;
    for (const [key, method] of Object.entries(METHODS)) {
      const operation = pathItem[key];
      if (!isObject(operation)) continue;
      const label = `${key.toUpperCase()} ${path}`;
      const operationId = typeof operation.operationId === "string" ? operation.operationId : null;
      if (wanted) {
        const hits = wanted.flatMap((entry, index) =>
          entry === operationId || entry.toUpperCase() === label.toUpperCase() ? [index] : [],
        );
        if (hits.length === 0) continue;
        for (const index of hits) matched.add(index);
      }
      if (method === null) {
        refused.push({
          operation: label,
          operation_id: operationId,
          reason: `the method ${key.toUpperCase()} is not supported`,
        });
        continue;
      }
      try {
        const serverUrl =
          options.serverUrl ??
          firstServer(operation.servers) ??
          firstServer(pathItem.servers) ??
          firstServer(document.servers);
        if (serverUrl === undefined) {
          throw new ImportDocumentError([
            { path: "server_url", message: "the document names no server; send server_url" },
          ]);
        }
        const base = absoluteBase(serverUrl, options.serverUrl !== undefined);
        const mapped = mapOperation(document, { ...version, base }, path, pathItem, method, operation);
        drafts.push({
          ...mapped,
          operation: label,
          operation_id: operationId,
          baseName: snakeName(operationId ?? `${key}_${path}`),
          description: describeOperation(operation, label),
        });
      } catch (error) {
        if (!(error instanceof UnmappableError)) throw error;
        refused.push({ operation: label, operation_id: operationId, reason: error.message });
      }
    }
  }
  const missing = (wanted ?? [])
    .map((entry, index) => ({ entry, index }))
    .filter(({ index }) => !matched.has(index));
  if (missing.length > 0) {
    throw new ImportDocumentError(
      missing.map(({ entry, index }) => ({
        path: `operations.${index}`,
        message: `no operation '${entry}' in the document (name an operationId or METHOD /path)`,
      })),
    );
  }
  return { drafts, refused };
}

function messageOf(error: unknown): string {
  if (error instanceof UnmappableError) return error.message;
  throw error;
}
