/**
 * The "Connect a channel" form is generated from the server's own OpenAPI document, so a vendor
 * or a credential field added to the API appears in the console without a console change.
 *
 * Contract read from the document: the body of `POST /v1/integrations` is a `oneOf` (or `anyOf`)
 * of objects, one per vendor, each with `vendor` fixed to one value (`enum: [v]` or `const: v`)
 * and `auth_data` (often a `$ref` to `#/components/schemas/<Vendor>AuthDataInput`): a flat
 * object JSON Schema whose properties become inputs. A body that is a single object with a
 * `vendor` enum gives every listed vendor the same `auth_data` schema.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  title?: string;
  description?: string;
  default?: unknown;
  format?: string;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** The parts of an OpenAPI 3 document this module reads. */
export interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type AuthFieldKind = "text" | "secret" | "select" | "switch" | "number";

export interface AuthField {
  /** Property name in `auth_data`; API errors for it come as `auth_data.<key>`. */
  key: string;
  label: string;
  kind: AuthFieldKind;
  required: boolean;
  description?: string;
  /** Choices of an `enum` field. */
  options?: string[];
  /** Number fields: whole numbers only. */
  integer?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** The schema's `default`, put in the input at first. */
  defaultValue?: AuthValue;
}

export interface VendorForm {
  vendor: string;
  fields: AuthField[];
}

export type AuthValue = string | number | boolean;
export type AuthValues = Record<string, AuthValue>;

export const CREATE_INTEGRATION_PATH = "/v1/integrations";

/** Field names that hold a credential: typed into a password input, never echoed. */
const SECRET_NAME = /token|secret|password|key/i;

/** Follows local `$ref`s (`#/components/schemas/X`); an unknown or looping ref gives `{}`. */
export function resolveRef(doc: OpenApiDocument, schema: JsonSchema | undefined, seen = new Set<string>()) {
  let current: JsonSchema = schema ?? {};
  while (current.$ref) {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith("#/")) return {};
    seen.add(ref);
    let node: unknown = doc;
    for (const part of ref.slice(2).split("/")) {
      const name = part.replace(/~1/g, "/").replace(/~0/g, "~");
      node = node && typeof node === "object" ? (node as Record<string, unknown>)[name] : undefined;
    }
    current = (node as JsonSchema | undefined) ?? {};
  }
  return current;
}

/** `{anyOf: [X, {type: "null"}]}` and `type: ["string", "null"]` are X: the form leaves it empty instead. */
export function withoutNull(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  const resolved = resolveRef(doc, schema);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    const nonNull = variants.map((v) => resolveRef(doc, v)).filter((v) => v.type !== "null");
    if (nonNull.length === 1) {
      const { anyOf: _a, oneOf: _o, ...rest } = resolved;
      return { ...rest, ...nonNull[0] };
    }
  }
  if (Array.isArray(resolved.type)) {
    const types = resolved.type.filter((t) => t !== "null");
    return { ...resolved, type: types.length === 1 ? types[0] : types };
  }
  return resolved;
}

/** `access_token` → "Access token". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldKind(key: string, schema: JsonSchema): AuthFieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "select";
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "boolean") return "switch";
  if (type === "integer" || type === "number") return "number";
  if (schema.format === "password" || schema.writeOnly || SECRET_NAME.test(key)) return "secret";
  return "text";
}

/** The inputs for one `auth_data` object schema, in the schema's property order. */
export function authFields(doc: OpenApiDocument, authSchema: JsonSchema | undefined): AuthField[] {
  const schema = withoutNull(doc, authSchema);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, raw]) => {
    const property = withoutNull(doc, raw);
    const kind = fieldKind(key, property);
    const field: AuthField = {
      key,
      label: property.title ?? humanize(key),
      kind,
      required: required.has(key),
    };
    if (property.description) field.description = property.description;
    const fallback = property.default;
    if (typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean") {
      field.defaultValue = fallback;
    }
    if (kind === "select") field.options = (property.enum ?? []).map(String);
    if (kind === "number") {
      const integer = (Array.isArray(property.type) ? property.type[0] : property.type) === "integer";
      field.integer = integer;
      const step = integer ? 1 : 0;
      if (property.minimum !== undefined) field.min = property.minimum;
      else if (property.exclusiveMinimum !== undefined) field.min = property.exclusiveMinimum + step;
      if (property.maximum !== undefined) field.max = property.maximum;
      else if (property.exclusiveMaximum !== undefined) field.max = property.exclusiveMaximum - step;
    }
    if ((kind === "text" || kind === "secret") && property.maxLength !== undefined) {
      field.maxLength = property.maxLength;
    }
    return field;
  });
}

/** The vendor values a body variant accepts: `const`, or its `enum`. */
function vendorsOf(doc: OpenApiDocument, variant: JsonSchema): string[] {
  const vendor = withoutNull(doc, variant.properties?.vendor);
  if (typeof vendor.const === "string") return [vendor.const];
  return (vendor.enum ?? []).filter((v): v is string => typeof v === "string");
}

/** The JSON body schema of `POST /v1/integrations`, if the document has one. */
export function createIntegrationSchema(doc: OpenApiDocument): JsonSchema | undefined {
  const content = doc.paths?.[CREATE_INTEGRATION_PATH]?.post?.requestBody?.content;
  const schema = content?.["application/json"]?.schema;
  return schema ? resolveRef(doc, schema) : undefined;
}

/** One form per vendor, in the document's order; empty when the document has no such body. */
export function vendorForms(doc: OpenApiDocument): VendorForm[] {
  const body = createIntegrationSchema(doc);
  if (!body) return [];
  const variants = body.oneOf ?? body.anyOf ?? [body];
  const forms: VendorForm[] = [];
  const seen = new Set<string>();
  for (const raw of variants) {
    let variant = resolveRef(doc, raw);
    // zod-style `allOf: [base, {vendor, auth_data}]` merges into one object.
    if (variant.allOf) {
      const parts = variant.allOf.map((part) => resolveRef(doc, part));
      variant = { properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) };
    }
    for (const vendor of vendorsOf(doc, variant)) {
      if (seen.has(vendor)) continue;
      seen.add(vendor);
      forms.push({ vendor, fields: authFields(doc, variant.properties?.auth_data) });
    }
  }
  return forms;
}

/** Empty inputs for a vendor's fields (a schema `default` where there is one). */
export function initialValues(fields: AuthField[]): AuthValues {
  const values: AuthValues = {};
  for (const field of fields)
    values[field.key] = field.defaultValue ?? (field.kind === "switch" ? false : "");
  return values;
}

function isEmpty(field: AuthField, value: AuthValue | undefined): boolean {
  if (field.kind === "switch") return false;
  if (value === undefined) return true;
  return typeof value === "string" && value.trim() === "";
}

/** Keys of required fields left empty. */
export function missingRequired(fields: AuthField[], values: AuthValues): string[] {
  return fields.filter((f) => f.required && isEmpty(f, values[f.key])).map((f) => f.key);
}

/**
 * The `auth_data` object to send: strings trimmed (credential patterns allow no surrounding
 * spaces), numbers as numbers, empty optional fields left out (the API refuses `""` for most).
 */
export function toAuthData(fields: AuthField[], values: AuthValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (isEmpty(field, value)) continue;
    if (field.kind === "switch") out[field.key] = value === true;
    else if (field.kind === "number") {
      const n = typeof value === "number" ? value : Number(String(value).trim());
      // Not a number: send what was typed so the API's 422 names the field.
      out[field.key] = Number.isFinite(n) ? n : value;
    } else out[field.key] = String(value).trim();
  }
  return out;
}

/**
 * Splits `ApiError.fieldErrors()` of a create/update into errors shown at known inputs (paths
 * like `name`, `vendor`, `auth_data.token`) and the rest (shown above the form).
 */
export function splitFieldErrors(
  errors: Record<string, string>,
  knownPaths: string[],
): { fields: Record<string, string>; other: Array<{ path: string; message: string }> } {
  const known = new Set(knownPaths);
  const fields: Record<string, string> = {};
  const other: Array<{ path: string; message: string }> = [];
  for (const [path, message] of Object.entries(errors)) {
    if (known.has(path)) fields[path] = message;
    else other.push({ path, message });
  }
  return { fields, other };
}
