import { type FlexibleSchema, jsonSchema } from "ai";
import { Ajv, type ValidateFunction } from "ajv";

/**
 * One Ajv for every MCP tool schema, configured as the MCP SDK's own validator is: lenient
 * about keywords it does not know (servers add their own), every error reported. Formats are
 * not checked here; the server checks its own input as well.
 */
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });

/** Compiled validators by schema text; Ajv keeps every compiled schema, so this bounds it. */
const MAX_CACHED = 2000;
const compiled = new Map<string, { schema: object; validate?: ValidateFunction; error?: Error }>();

function compile(text: string) {
  const hit = compiled.get(text);
  if (hit) {
    // Most recently used last, so the oldest is the first to go.
    compiled.delete(text);
    compiled.set(text, hit);
    return hit;
  }
  const schema = JSON.parse(text) as object;
  let entry: { schema: object; validate?: ValidateFunction; error?: Error };
  try {
    entry = { schema, validate: ajv.compile(schema) };
  } catch (error) {
    entry = {
      schema,
      error: new Error(
        `the tool's input schema from the MCP server is not valid JSON Schema: ${(error as Error).message}`,
      ),
    };
  }
  compiled.set(text, entry);
  if (compiled.size > MAX_CACHED) {
    const [oldestText, oldest] = compiled.entries().next().value as [string, { schema: object }];
    compiled.delete(oldestText);
    ajv.removeSchema(oldest.schema);
  }
  return entry;
}

/**
 * A tool's input schema for the engine: the JSON Schema the server listed (what the model is
 * shown) and an Ajv validator the engine runs before the call. A schema Ajv cannot compile
 * refuses every call with the reason, so the model and the operator see what is wrong.
 */
export function mcpInputSchema(schema: Record<string, unknown>): FlexibleSchema<unknown> {
  const text = JSON.stringify(schema);
  return jsonSchema(schema as Parameters<typeof jsonSchema>[0], {
    validate: (value) => {
      const { validate, error } = compile(text);
      if (!validate) return { success: false, error: error ?? new Error("the input schema did not compile") };
      if (validate(value)) return { success: true, value };
      return { success: false, error: new Error(`invalid arguments: ${ajv.errorsText(validate.errors)}`) };
    },
  });
}
