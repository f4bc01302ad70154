import type { GbnfJsonSchema } from "node-llama-cpp";

/**
 * A tool's JSON Schema as the subset node-llama-cpp turns into a grammar (its GBNF JSON
 * schema): the structure (objects, arrays, enums, consts, unions, strings, numbers, booleans,
 * null) is kept; what it cannot express (formats it lacks, patterns, numeric bounds, `$schema`)
 * is dropped — the tool still validates its input against the full schema when it runs.
 */
export function toGrammarSchema(schema: unknown): GbnfJsonSchema {
  return convert(schema, 0) as GbnfJsonSchema;
}

const MAX_DEPTH = 32;
const STRING_FORMATS = new Set(["date", "time", "date-time"]);

function convert(schema: unknown, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH || typeof schema !== "object" || schema === null) return {};
  const s = schema as Record<string, unknown>;
  const description = typeof s.description === "string" ? { description: s.description } : {};
  if ("const" in s) return { const: s.const, ...description };
  if (Array.isArray(s.enum)) return { enum: s.enum, ...description };
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return { oneOf: union.map((item) => convert(item, depth + 1)), ...description };
  const type = s.type;
  if (Array.isArray(type)) {
    return { oneOf: type.map((t) => convert({ ...s, type: t }, depth + 1)), ...description };
  }
  switch (type) {
    case "object": {
      const properties: Record<string, unknown> = {};
      for (const [key, value] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
        properties[key] = convert(value, depth + 1);
      }
      const required = Array.isArray(s.required) ? s.required.filter((key) => key in properties) : [];
      return { type: "object", properties, required, additionalProperties: false, ...description };
    }
    case "array":
      return {
        type: "array",
        items: convert(s.items, depth + 1),
        ...(typeof s.minItems === "number" ? { minItems: s.minItems } : {}),
        ...(typeof s.maxItems === "number" ? { maxItems: s.maxItems } : {}),
        ...description,
      };
    case "string":
      return {
        type: "string",
        ...(typeof s.format === "string" && STRING_FORMATS.has(s.format) ? { format: s.format } : {}),
        ...(typeof s.minLength === "number" ? { minLength: s.minLength } : {}),
        ...(typeof s.maxLength === "number" ? { maxLength: s.maxLength } : {}),
        ...description,
      };
    case "number":
    case "integer":
    case "boolean":
    case "null":
      return { type, ...description };
    default:
      // No type: any JSON value the grammar knows.
      return {
        oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }],
        ...description,
      };
  }
}
