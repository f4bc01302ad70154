import { type FlexibleSchema, jsonSchema } from "ai";
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsPlugin from "ajv-formats";

/**
 * The JSON Schema of a custom tool's arguments (docs/custom-tools.md, "Fields"): an object
 * schema that compiles with Ajv 8 — draft-07 by default, draft 2020-12 when its `$schema` says
 * so — with the standard formats (ajv-formats). Strict: an unknown keyword or format is an
 * error, so a typo never passes silently. Only local `$ref`s resolve.
 */

export const INPUT_SCHEMA_MAX_BYTES = 16 * 1024;

const DRAFT_07 = new Set([
  "http://json-schema.org/draft-07/schema#",
  "http://json-schema.org/draft-07/schema",
]);
const DRAFT_2020 = new Set([
  "https://json-schema.org/draft/2020-12/schema",
  "https://json-schema.org/draft/2020-12/schema#",
]);

const OPTIONS: Options = {
  strict: true,
  // These three only warn about legal schemas (and would write to the console).
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  allErrors: true,
  // Never fetch or look up anything outside the schema.
  loadSchema: undefined,
};

// ajv-formats is CommonJS: its default export is the plugin itself at runtime.
const addFormats = formatsPlugin as unknown as (ajv: Ajv | Ajv2020) => unknown;

/** A fresh Ajv per schema: two tools' schemas may declare the same `$id`. */
function ajvFor(schema: Record<string, unknown>): Ajv | Ajv2020 | string {
  const declared = schema.$schema;
  if (declared === undefined || (typeof declared === "string" && DRAFT_07.has(declared))) {
    const ajv = new Ajv(OPTIONS);
    addFormats(ajv);
    return ajv;
  }
  if (typeof declared === "string" && DRAFT_2020.has(declared)) {
    const ajv = new Ajv2020(OPTIONS);
    addFormats(ajv);
    return ajv;
  }
  return "$schema: only draft-07 (http://json-schema.org/draft-07/schema#) and draft 2020-12 (https://json-schema.org/draft/2020-12/schema) are supported";
}

export type CompiledInputSchema =
  | { ok: true; validate: ValidateFunction }
  | { ok: false; problems: string[] };

/** Checks a schema a client sent and compiles it; `problems` say what is wrong, for a 422. */
export function compileInputSchema(schema: Record<string, unknown>): CompiledInputSchema {
  const size = Buffer.byteLength(JSON.stringify(schema));
  if (size > INPUT_SCHEMA_MAX_BYTES) {
    return {
      ok: false,
      problems: [`must be at most ${INPUT_SCHEMA_MAX_BYTES} bytes as JSON (it is ${size})`],
    };
  }
  if (schema.type !== "object") {
    return { ok: false, problems: ['must be an object schema: `"type": "object"` at its root'] };
  }
  if ("$async" in schema) return { ok: false, problems: ["$async schemas are not supported"] };
  const ajv = ajvFor(schema);
  if (typeof ajv === "string") return { ok: false, problems: [ajv] };
  try {
    const validate = ajv.compile(schema);
    // A schema whose `$async` hides in a sub-schema still compiles to a function returning a Promise.
    if ((validate as { $async?: unknown }).$async) {
      return { ok: false, problems: ["$async schemas are not supported"] };
    }
    return { ok: true, validate };
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
  }
}

/** Ajv's errors as one sentence a model can act on: `order_id: must be string; …`. */
export function describeValidationErrors(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return "the arguments do not match the tool's schema";
  return errors
    .slice(0, 10)
    .map((error) => {
      const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
      const extra =
        error.keyword === "additionalProperties"
          ? ` ('${String((error.params as { additionalProperty?: unknown }).additionalProperty)}')`
          : "";
      return `${path || "(arguments)"}: ${error.message ?? "is invalid"}${extra}`;
    })
    .join("; ");
}

/** Compiled validators by schema text, so a turn does not compile every tool's schema again. */
const compiled = new Map<string, ValidateFunction>();
const COMPILED_MAX = 500;

/** The validator of a stored schema (already checked when it was saved). */
export function validatorOf(schemaJson: string): ValidateFunction {
  const cached = compiled.get(schemaJson);
  if (cached) return cached;
  const result = compileInputSchema(JSON.parse(schemaJson) as Record<string, unknown>);
  // A stored schema compiled when it was saved; one that no longer does refuses every call.
  const validate: ValidateFunction = result.ok
    ? result.validate
    : (Object.assign(() => false, {
        errors: [
          {
            instancePath: "",
            schemaPath: "#",
            keyword: "schema",
            params: {},
            message: `the tool's input schema is invalid (${result.problems.join("; ")})`,
          },
        ],
      }) as unknown as ValidateFunction);
  if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value as string);
  compiled.set(schemaJson, validate);
  return validate;
}

/** Validates arguments: the value itself, or an Error naming each problem. */
export function validateArguments(
  schemaJson: string,
  input: unknown,
): { success: true; value: unknown } | { success: false; error: Error } {
  const validate = validatorOf(schemaJson);
  if (validate(input)) return { success: true, value: input };
  return {
    success: false,
    error: new Error(`Invalid arguments: ${describeValidationErrors(validate.errors)}`),
  };
}

/** The AI SDK schema of a stored input schema: JSON Schema for the model, Ajv for validation. */
export function toolInputSchema(schemaJson: string): FlexibleSchema<unknown> {
  const schema = JSON.parse(schemaJson) as Parameters<typeof jsonSchema>[0];
  return jsonSchema<unknown>(schema, { validate: (value) => validateArguments(schemaJson, value) });
}
