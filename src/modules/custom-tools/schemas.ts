import { z } from "zod";
import { INPUT_SCHEMA_MAX_BYTES } from "./input-schema.js";

/** The API shapes of custom HTTP tools (docs/custom-tools.md). */

export const CUSTOM_TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const CUSTOM_TOOL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const TIMEOUT_MS = { min: 100, max: 30_000, default: 10_000 } as const;
export const MAX_RESPONSE_BYTES = { min: 1024, max: 256 * 1024, default: 16 * 1024 } as const;
export const MAX_HEADERS = 20;

/** An HTTP token (RFC 9110). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/** What Node sends as a header value: no control characters but tab. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const timestamp = z.string().describe("ISO 8601, UTC");

export const customToolStatusSchema = z.enum(["active", "disabled"]).meta({ id: "CustomToolStatus" });
export const customToolMethodSchema = z.enum(CUSTOM_TOOL_METHODS).meta({ id: "CustomToolMethod" });

const name = z
  .string()
  .regex(CUSTOM_TOOL_NAME, "must be 1–64 characters: a lowercase letter, then lowercase letters, digits or _")
  .describe(
    "The key of a bot's `ai.tools` and the name the model calls: `^[a-z][a-z0-9_]{0,63}$`, unique in the " +
      "project, not a built-in tool's name.",
  );
const description = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2000, "must be at most 2000 characters")
  .describe("What the tool does and when to use it, for the model.");
const inputSchema = z
  .record(z.string(), z.unknown(), { error: "must be a JSON object" })
  .describe(
    `JSON Schema of the arguments: \`"type": "object"\` at its root, draft-07 (default) or 2020-12 ` +
      `(\`$schema\`), compiled with Ajv in strict mode (unknown keywords and formats are refused), local ` +
      `\`$ref\`s only, at most ${INPUT_SCHEMA_MAX_BYTES} bytes.`,
  );
const url = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048, "must be at most 2048 characters")
  .describe(
    "http(s) URL template: `{arg}` placeholders in the path (required arguments) or as whole query values " +
      "(`?expand={expand}`, left out when absent), filled percent-encoded. A private, loopback or link-local " +
      "address is refused unless the server allows it.",
  );
const headerName = z.string().regex(HEADER_NAME, "must be an HTTP header name");
const headerValue = z
  .string()
  .min(1, "must not be empty")
  .max(4096, "must be at most 4096 characters")
  .regex(HEADER_VALUE, "must not contain control characters");
const maxHeaders = (value: Record<string, unknown>) => Object.keys(value).length <= MAX_HEADERS;
const headers = z
  .record(headerName, headerValue)
  .refine(maxHeaders, `at most ${MAX_HEADERS} headers`)
  .describe(
    "Headers sent with every call (an API key, say): name → value. Values are sealed at rest and never " +
      "returned; the API shows the names only.",
  );
const headersPatch = z
  .record(headerName, headerValue.nullable())
  .refine(maxHeaders, `at most ${MAX_HEADERS} headers`)
  .describe("Header changes: a value sets the header, `null` removes it; headers not named are unchanged.");
const timeoutMs = z
  .number()
  .int()
  .min(TIMEOUT_MS.min, `must be at least ${TIMEOUT_MS.min}`)
  .max(TIMEOUT_MS.max, `must be at most ${TIMEOUT_MS.max}`)
  .describe(`Whole call, connect to the end of the answer; default ${TIMEOUT_MS.default}.`);
const maxResponseBytes = z
  .number()
  .int()
  .min(MAX_RESPONSE_BYTES.min, `must be at least ${MAX_RESPONSE_BYTES.min}`)
  .max(MAX_RESPONSE_BYTES.max, `must be at most ${MAX_RESPONSE_BYTES.max}`)
  .describe(
    `Answer bytes the model is given; a longer answer is cut, with a note. Default ${MAX_RESPONSE_BYTES.default}.`,
  );
const maxCallsPerTurn = z
  .number()
  .int()
  .min(1, "must be at least 1")
  .max(100, "must be at most 100")
  .nullable()
  .describe("At most this many calls of the tool in one turn; null: only the engine's limit applies.");

export const customToolSchema = z
  .object({
    id: z.string().describe("`tool_…`"),
    name: z.string(),
    description: z.string(),
    input_schema: z.record(z.string(), z.unknown()),
    method: customToolMethodSchema,
    url: z.string(),
    header_names: z
      .array(z.string())
      .describe("The names of the tool's headers; their values are never returned."),
    timeout_ms: z.number().int(),
    max_response_bytes: z.number().int(),
    max_calls_per_turn: z.number().int().nullable(),
    status: customToolStatusSchema,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "CustomTool" });

export type CustomTool = z.infer<typeof customToolSchema>;

export const createdCustomToolSchema = customToolSchema
  .extend({
    secret: z
      .string()
      .describe("The signing secret (`tsec_…`) of every call. Returned only in this response: store it now."),
  })
  .meta({ id: "CreatedCustomTool" });

export type CreatedCustomTool = z.infer<typeof createdCustomToolSchema>;

export const createCustomToolBodySchema = z.strictObject({
  name,
  description,
  input_schema: inputSchema.optional().describe("Default: an object without properties (no arguments)."),
  method: customToolMethodSchema,
  url,
  headers: headers.optional(),
  timeout_ms: timeoutMs.optional(),
  max_response_bytes: maxResponseBytes.optional(),
  max_calls_per_turn: maxCallsPerTurn.optional(),
  status: customToolStatusSchema.optional().describe("Default `active`."),
});

export type CreateCustomToolInput = z.infer<typeof createCustomToolBodySchema>;

export const updateCustomToolBodySchema = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  input_schema: inputSchema.optional(),
  method: customToolMethodSchema.optional(),
  url: url.optional(),
  headers: headersPatch.optional(),
  timeout_ms: timeoutMs.optional(),
  max_response_bytes: maxResponseBytes.optional(),
  max_calls_per_turn: maxCallsPerTurn.optional(),
  status: customToolStatusSchema.optional(),
});

export type UpdateCustomToolInput = z.infer<typeof updateCustomToolBodySchema>;

export const customToolParamsSchema = z.object({ tool_id: z.string().max(128) });

export const importCustomToolsBodySchema = z.strictObject({
  document: z
    .record(z.string(), z.unknown(), { error: "must be a JSON object" })
    .describe("An OpenAPI 3.0 or 3.1 document, as JSON."),
  operations: z
    .array(z.string().trim().min(1, "must not be empty").max(300, "must be at most 300 characters"))
    .min(1, "must name at least one operation; leave it out for every operation")
    .max(500, "must name at most 500 operations")
    .optional()
    .describe("The operations to import, by `operationId` or as `METHOD /path`; default every operation."),
  server_url: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(2048, "must be at most 2048 characters")
    .optional()
    .describe(
      "The base URL of the paths; default the document's first server (with its variables' defaults).",
    ),
  headers: headers.optional().describe("Headers given to every tool created (sealed, never returned)."),
  dry_run: z.boolean().optional().describe("true: only show what would be created."),
});

export type ImportCustomToolsInput = z.infer<typeof importCustomToolsBodySchema>;

export const importCandidateSchema = z
  .object({
    operation: z.string().describe("`METHOD /path` in the document."),
    operation_id: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    method: customToolMethodSchema,
    url: z.string(),
    input_schema: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "CustomToolImportCandidate" });

export type ImportCandidate = z.infer<typeof importCandidateSchema>;

export const importRefusalSchema = z
  .object({
    operation: z.string().describe("`METHOD /path` in the document."),
    operation_id: z.string().nullable(),
    reason: z.string().describe("Why the operation cannot become a tool."),
  })
  .meta({ id: "CustomToolImportRefusal" });

export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const importResultSchema = z
  .object({
    dry_run: z.boolean(),
    candidates: z.array(importCandidateSchema).describe("The tools the chosen operations map to."),
    created: z
      .array(createdCustomToolSchema)
      .describe("The tools created, each with its secret (shown only here); empty on a dry run."),
    refused: z.array(importRefusalSchema).describe("Operations that cannot become tools, and why."),
  })
  .meta({ id: "CustomToolImportResult" });

export type ImportResult = z.infer<typeof importResultSchema>;
