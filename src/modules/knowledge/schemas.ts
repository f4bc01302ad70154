import { z } from "zod";
import { MAX_CHUNK_SIZE_TOKENS, MIN_CHUNK_SIZE_TOKENS } from "./ingest/chunking-strategy.js";
import type { SearchFilter } from "./knowledge-api.js";

/**
 * Schemas of the knowledge API's two faces: the inputs both share (OpenAI's rules for metadata,
 * attributes, chunking strategies, expiry and search filters), Parley's `/v1` objects (registered
 * with ids, so they appear in the OpenAPI document) and the OpenAI mirror's objects (no ids: the
 * mirror is hidden from Parley's document and its shapes are OpenAI's, see openai-mirror-routes.ts).
 */

export const MAX_MAP_KEYS = 16;
export const MAX_KEY_LENGTH = 64;
export const MAX_VALUE_LENGTH = 512;
export const MAX_FILTER_DEPTH = 5;
export const MAX_FILE_IDS = 500;
export const FILE_PURPOSES = ["assistants", "batch", "fine-tune", "vision", "user_data", "evals"] as const;

const key = z
  .string()
  .min(1, "a key must not be empty")
  .max(MAX_KEY_LENGTH, `a key must be at most ${MAX_KEY_LENGTH} characters`);
const id = z.string().min(1, "must not be empty").max(128, "must be at most 128 characters");
const atMostKeys = (value: Record<string, unknown>) => Object.keys(value).length <= MAX_MAP_KEYS;

export const metadataSchema = z
  .record(key, z.string().max(MAX_VALUE_LENGTH, `a value must be at most ${MAX_VALUE_LENGTH} characters`))
  .refine(atMostKeys, `must have at most ${MAX_MAP_KEYS} keys`)
  .describe(
    `Up to ${MAX_MAP_KEYS} string pairs: keys of at most ${MAX_KEY_LENGTH} characters, values of at most ${MAX_VALUE_LENGTH}.`,
  )
  .meta({ id: "KnowledgeMetadata" });

export const attributeValueSchema = z.union([
  z.string().max(MAX_VALUE_LENGTH, `a string value must be at most ${MAX_VALUE_LENGTH} characters`),
  z.number(),
  z.boolean(),
]);

export const attributesSchema = z
  .record(key, attributeValueSchema)
  .refine(atMostKeys, `must have at most ${MAX_MAP_KEYS} keys`)
  .describe(
    `Up to ${MAX_MAP_KEYS} attributes for search filters: keys of at most ${MAX_KEY_LENGTH} characters; values strings ` +
      `(at most ${MAX_VALUE_LENGTH} characters), numbers or booleans.`,
  )
  .meta({ id: "FileAttributes" });

/** OpenAI's chunking strategies, with the rules of validateChunkingStrategy (ingest/chunking-strategy.ts). */
export const chunkingStrategySchema = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("auto") }),
    z.strictObject({
      type: z.literal("static"),
      static: z.strictObject({
        max_chunk_size_tokens: z
          .int("must be an integer")
          .min(MIN_CHUNK_SIZE_TOKENS, `must be at least ${MIN_CHUNK_SIZE_TOKENS}`)
          .max(MAX_CHUNK_SIZE_TOKENS, `must be at most ${MAX_CHUNK_SIZE_TOKENS}`),
        chunk_overlap_tokens: z.int("must be an integer").min(0, "must be 0 or more"),
      }),
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.type !== "static") return;
    const { max_chunk_size_tokens: max, chunk_overlap_tokens: overlap } = value.static;
    if (overlap > max / 2) {
      ctx.addIssue({
        code: "custom",
        path: ["static", "chunk_overlap_tokens"],
        message: `must not exceed half of max_chunk_size_tokens (${max / 2})`,
      });
    }
  })
  .describe(
    "`auto` (800-token chunks overlapping by 400) or `static` (max_chunk_size_tokens 100–4096, " +
      "chunk_overlap_tokens at most half of it).",
  )
  .meta({ id: "ChunkingStrategy" });

export const expiresAfterSchema = z
  .strictObject({
    anchor: z.literal("last_active_at"),
    days: z.int("must be an integer").min(1, "must be at least 1").max(365, "must be at most 365"),
  })
  .describe("The store expires this many days after it was last active.")
  .meta({ id: "ExpiresAfter" });

const comparisonFilterSchema = z.strictObject({
  type: z.enum(["eq", "ne", "gt", "gte", "lt", "lte"]),
  key,
  value: attributeValueSchema,
});
const membershipFilterSchema = z.strictObject({
  type: z.enum(["in", "nin"]),
  key,
  value: z.array(attributeValueSchema).max(100, "must have at most 100 values"),
});

/** OpenAI's attribute filters, recursive; the depth is checked where they are used (filterDepth). */
export const searchFilterSchema: z.ZodType<SearchFilter> = z
  .discriminatedUnion("type", [
    comparisonFilterSchema,
    membershipFilterSchema,
    z.strictObject({
      type: z.enum(["and", "or"]),
      get filters() {
        return z.array(searchFilterSchema).min(1, "must have at least one filter").max(32);
      },
    }),
  ])
  .meta({ id: "SearchFilter" });

/** Levels of a filter: a comparison is 1, a compound one more than its deepest member. */
export function filterDepth(filter: SearchFilter): number {
  let deepest = 0;
  const stack: Array<{ filter: SearchFilter; depth: number }> = [{ filter, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    deepest = Math.max(deepest, next.depth);
    if ("filters" in next.filter)
      for (const child of next.filter.filters) stack.push({ filter: child, depth: next.depth + 1 });
  }
  return deepest;
}

const queryText = z
  .string()
  .max(4000, "must be at most 4000 characters")
  .refine((text) => text.trim() !== "", "must not be empty");

export const searchBodySchema = z
  .strictObject({
    query: z.union([
      queryText,
      z.array(queryText).min(1, "must have at least one query").max(10, "must have at most 10 queries"),
    ]),
    max_num_results: z
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(50, "must be at most 50")
      .default(10),
    filters: searchFilterSchema.optional(),
    ranking_options: z
      .strictObject({
        score_threshold: z.number().min(0, "must be at least 0").max(1, "must be at most 1").optional(),
        ranker: z.enum(["none", "auto", "default-2024-11-15"]).optional(),
      })
      .optional(),
    rewrite_query: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.filters && filterDepth(body.filters) > MAX_FILTER_DEPTH) {
      ctx.addIssue({
        code: "custom",
        path: ["filters"],
        message: `must not nest more than ${MAX_FILTER_DEPTH} levels`,
      });
    }
  });
export type SearchBody = z.infer<typeof searchBodySchema>;

const fileIds = z
  .array(id)
  .max(MAX_FILE_IDS, `must have at most ${MAX_FILE_IDS} file ids`)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a file id");

// ---- Request bodies, params and queries -------------------------------------------------------

export const createStoreBodySchema = z.strictObject({
  name: z.string().max(256, "must be at most 256 characters").optional(),
  file_ids: fileIds.optional().describe("Files (uploaded through POST /files) to add at once."),
  metadata: metadataSchema.optional(),
  chunking_strategy: chunkingStrategySchema.optional().describe("For file_ids; default auto."),
  expires_after: expiresAfterSchema.optional(),
});
export type CreateStoreBody = z.infer<typeof createStoreBodySchema>;

export const updateStoreBodySchema = z.strictObject({
  name: z.string().max(256, "must be at most 256 characters").nullable().optional(),
  metadata: metadataSchema.nullable().optional().describe("Replaces the metadata; null clears it."),
  expires_after: expiresAfterSchema.nullable().optional().describe("null removes the expiry."),
});
export type UpdateStoreBody = z.infer<typeof updateStoreBodySchema>;

export const addStoreFileBodySchema = z.strictObject({
  file_id: id,
  attributes: attributesSchema.optional(),
  chunking_strategy: chunkingStrategySchema.optional(),
});
export type AddStoreFileBody = z.infer<typeof addStoreFileBodySchema>;

export const updateStoreFileBodySchema = z.strictObject({ attributes: attributesSchema });

export const createFileBatchBodySchema = z.strictObject({
  file_ids: fileIds.refine((ids) => ids.length > 0, "must have at least one file id"),
  attributes: attributesSchema.optional().describe("Given to every file of the batch."),
  chunking_strategy: chunkingStrategySchema.optional(),
});
export type CreateFileBatchBody = z.infer<typeof createFileBatchBodySchema>;

export const fileParamsSchema = z.object({ file_id: id });
export const storeParamsSchema = z.object({ id });
export const storeFileParamsSchema = z.object({ id, file_id: id });
export const batchParamsSchema = z.object({ id, batch_id: id });

const order = z.enum(["asc", "desc"]).default("desc").describe("By creation time; default desc.");
const cursor = id.optional();

export const listFilesQuerySchema = z.object({
  purpose: z.string().max(64).optional(),
  limit: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(10_000, "must be at most 10000")
    .default(10_000),
  order,
  after: cursor.describe("A file id: the page starts after it."),
});

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
  order,
  after: cursor.describe("An object id: the page starts after it."),
  before: cursor.describe("An object id: the page ends before it."),
});

export const storeFileStatusSchema = z
  .enum(["pending", "processed", "error", "cancelled"])
  .describe("pending: being parsed and embedded; processed: searchable; error: see last_error.")
  .meta({ id: "VectorStoreFileStatus" });

export const listStoreFilesQuerySchema = pageQuerySchema.extend({
  filter: storeFileStatusSchema.optional().describe("Only files with this status."),
});

/** The multipart fields of POST /files (documentation only: the handler reads the stream). */
export const uploadFileFormSchema = z
  .object({
    file: z.string().meta({ format: "binary" }).describe("The file's bytes, with its filename."),
    purpose: z.enum(FILE_PURPOSES).describe("`assistants` for files meant for vector stores."),
  })
  .optional();

/** JSON `{file_id…}`, or a multipart upload (documented in the route's description). */
export const addStoreFileRequestSchema = addStoreFileBodySchema.optional();

// ---- Parley's /v1 objects ----------------------------------------------------------------------

const isoTimestamp = z.string().describe("ISO 8601, UTC");

export const fileCountsSchema = z
  .object({
    in_progress: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    total: z.number().int(),
  })
  .describe(
    "Files by status, in OpenAI's names: in_progress = pending, completed = processed, failed = error.",
  )
  .meta({ id: "VectorStoreFileCounts" });

export const fileObjectSchema = z
  .object({
    id: z.string(),
    object: z.literal("file"),
    bytes: z.number().int(),
    filename: z.string(),
    purpose: z.string(),
    created_at: isoTimestamp,
  })
  .meta({ id: "File" });

export const fileListSchema = listOf(fileObjectSchema, "FileList");

export const vectorStoreSchema = z
  .object({
    id: z.string(),
    object: z.literal("vector_store"),
    name: z.string().nullable(),
    status: z
      .enum(["indexing", "ready", "error"])
      .describe("indexing: files are being processed; ready: every file is searchable or failed."),
    file_count: z.number().int().describe("= file_counts.total"),
    file_counts: fileCountsSchema,
    usage_bytes: z.number().int(),
    metadata: z.record(z.string(), z.string()),
    expires_after: expiresAfterSchema.nullable(),
    expires_at: isoTimestamp.nullable(),
    last_active_at: isoTimestamp.nullable(),
    created_at: isoTimestamp,
  })
  .meta({ id: "VectorStore" });

export const vectorStoreListSchema = listOf(vectorStoreSchema, "VectorStoreList");

const lastErrorSchema = z
  .object({
    code: z
      .enum([
        "server_error",
        "unsupported_file",
        "invalid_file",
        "document_too_complex",
        "parse_timeout",
        "parse_out_of_memory",
        "parse_crashed",
      ])
      .describe(
        "unsupported_file: not a format that can be read; invalid_file: damaged, empty or over a size limit; " +
          "document_too_complex: nested too deeply, or a PDF page tree that repeats a page; parse_timeout, " +
          "parse_out_of_memory: parsing passed its time or memory limit; parse_crashed: the parser died on it; " +
          "server_error: anything else, after retries.",
      ),
    message: z.string(),
  })
  .meta({ id: "VectorStoreFileError" });

/** OpenAI's codes only: the mirror maps Parley's own to them (serialize-openai.ts). */
const openAiLastErrorSchema = z.object({
  code: z.enum(["server_error", "unsupported_file", "invalid_file"]),
  message: z.string(),
});

export const vectorStoreFileSchema = z
  .object({
    id: z.string().describe("The file's id."),
    object: z.literal("vector_store.file"),
    filename: z.string(),
    status: storeFileStatusSchema,
    last_error: lastErrorSchema.nullable(),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    chunking_strategy: chunkingStrategySchema,
    usage_bytes: z.number().int(),
    vector_store_id: z.string(),
    created_at: isoTimestamp,
  })
  .meta({ id: "VectorStoreFile" });

export const vectorStoreFileListSchema = listOf(vectorStoreFileSchema, "VectorStoreFileList");

export const fileBatchSchema = z
  .object({
    id: z.string(),
    object: z.literal("vector_store.files_batch"),
    vector_store_id: z.string(),
    status: z.enum(["in_progress", "completed", "cancelled", "failed"]),
    file_counts: fileCountsSchema,
    created_at: isoTimestamp,
  })
  .meta({ id: "VectorStoreFileBatch" });

export const fileContentPageSchema = z
  .object({
    object: z.literal("vector_store.file_content.page"),
    data: z.array(z.object({ type: z.literal("text"), text: z.string() })),
    has_more: z.literal(false),
    next_page: z.null(),
  })
  .meta({ id: "VectorStoreFileContent" });

export const searchResultsSchema = z
  .object({
    object: z.literal("vector_store.search_results.page"),
    search_query: z.array(z.string()),
    data: z.array(
      z.object({
        file_id: z.string(),
        filename: z.string(),
        score: z.number().describe("0..1, higher is better."),
        attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
        content: z.array(z.object({ type: z.literal("text"), text: z.string() })),
      }),
    ),
    has_more: z.literal(false),
    next_page: z.null(),
  })
  .meta({ id: "VectorStoreSearchResults" });

function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      first_id: z.string().nullable(),
      last_id: z.string().nullable(),
      has_more: z.boolean(),
    })
    .meta({ id: name });
}

// ---- The OpenAI mirror: inputs where OpenAI allows more, objects in OpenAI's shapes ----------

export const openAiStoreFileStatusSchema = z.enum(["in_progress", "completed", "failed", "cancelled"]);

export const openAiListStoreFilesQuerySchema = pageQuerySchema.extend({
  filter: openAiStoreFileStatusSchema.optional(),
});

export const openAiCreateStoreBodySchema = createStoreBodySchema.extend({
  metadata: metadataSchema.nullable().optional(),
  /** Sent by OpenAI's client; Parley's stores have no description, so it is accepted and not kept. */
  description: z.string().max(512).optional(),
});

export const openAiAddStoreFileBodySchema = addStoreFileBodySchema.extend({
  attributes: attributesSchema.nullable().optional(),
});

export const openAiUpdateStoreFileBodySchema = z.strictObject({ attributes: attributesSchema.nullable() });

export const openAiCreateFileBatchBodySchema = z.strictObject({
  file_ids: fileIds.optional(),
  /** OpenAI's per-file variant; refused with a 400 by the route (KnowledgeApi has no per-file batch). */
  files: z.array(z.unknown()).optional(),
  attributes: attributesSchema.nullable().optional(),
  chunking_strategy: chunkingStrategySchema.optional(),
});

const openAiFileCounts = z.object({
  in_progress: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
});

export const openAiFileSchema = z.object({
  id: z.string(),
  object: z.literal("file"),
  bytes: z.number().int(),
  created_at: z.number().int(),
  filename: z.string(),
  purpose: z.string(),
  status: z.literal("processed"),
  status_details: z.null(),
});

export const openAiVectorStoreSchema = z.object({
  id: z.string(),
  object: z.literal("vector_store"),
  created_at: z.number().int(),
  name: z.string(),
  usage_bytes: z.number().int(),
  file_counts: openAiFileCounts,
  status: z.enum(["expired", "in_progress", "completed"]),
  expires_after: expiresAfterSchema.optional(),
  expires_at: z.number().int().nullable(),
  last_active_at: z.number().int().nullable(),
  metadata: z.record(z.string(), z.string()),
});

const staticChunking = z.object({
  type: z.literal("static"),
  static: z.object({ max_chunk_size_tokens: z.number().int(), chunk_overlap_tokens: z.number().int() }),
});

export const openAiVectorStoreFileSchema = z.object({
  id: z.string(),
  object: z.literal("vector_store.file"),
  usage_bytes: z.number().int(),
  created_at: z.number().int(),
  vector_store_id: z.string(),
  status: openAiStoreFileStatusSchema,
  last_error: openAiLastErrorSchema.nullable(),
  chunking_strategy: staticChunking,
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const openAiFileBatchSchema = z.object({
  id: z.string(),
  object: z.literal("vector_store.files_batch"),
  created_at: z.number().int(),
  vector_store_id: z.string(),
  status: z.enum(["in_progress", "completed", "cancelled", "failed"]),
  file_counts: openAiFileCounts,
});

export function openAiListOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    first_id: z.string().nullable(),
    last_id: z.string().nullable(),
    has_more: z.boolean(),
  });
}

export const openAiDeletedSchema = <T extends string>(object: T) =>
  z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });
