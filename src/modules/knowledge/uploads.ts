import type { z } from "zod";
import { ApiError, type ErrorDetail, validationFailed } from "../../infra/errors.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import type { AttributeValue, FileRecord, KnowledgeApi, StoreFileRecord } from "./knowledge-api.js";
import { attributesSchema, chunkingStrategySchema, FILE_PURPOSES } from "./schemas.js";
import type { UploadForm } from "./upload-form.js";

/** The two upload operations both faces offer, over KnowledgeApi. */

export interface UploadOptions {
  maxUploadBytes: number;
  /** Form fields accepted and dropped (the mirror's `expires_after[…]`). */
  ignoredFields?: (name: string) => boolean;
}

function purposeProblem(fields: Readonly<Record<string, string>>): ErrorDetail | undefined {
  const purpose = fields.purpose;
  if (purpose === undefined) return { path: "purpose", message: "is required" };
  if (!(FILE_PURPOSES as readonly string[]).includes(purpose))
    return { path: "purpose", message: `must be one of ${FILE_PURPOSES.join(", ")}` };
  return undefined;
}

/**
 * `POST /files`: fields `file` and `purpose`, in either order; anything but a multipart body
 * (no form) is 400.
 */
export async function uploadFile(
  knowledge: KnowledgeApi,
  form: UploadForm | undefined,
  projectId: string,
  options: UploadOptions,
): Promise<FileRecord> {
  if (!form) {
    throw new ApiError(
      400,
      "unsupported_content_type",
      "Upload the file as multipart/form-data (fields `file` and `purpose`).",
    );
  }
  const { stored } = await form.receive({
    maxUploadBytes: options.maxUploadBytes,
    fields: ["purpose"],
    ...(options.ignoredFields ? { ignoredFields: options.ignoredFields } : {}),
    readyToStore: (fields) => fields.purpose !== undefined,
    check: (fields) => {
      const problem = purposeProblem(fields);
      if (problem) throw validationFailed([problem]);
    },
    store: (file, fields) =>
      knowledge.createFile(projectId, {
        filename: file.filename,
        purpose: fields.purpose!,
        content: file.content,
      }),
    discard: async (file) => {
      await knowledge.deleteFile(projectId, file.id);
    },
  });
  return stored;
}

/** A form field holding JSON, checked against a schema; problems are named under the field. */
function jsonField<T>(
  fields: Readonly<Record<string, string>>,
  name: string,
  schema: z.ZodType<T>,
): T | undefined {
  const text = fields[name];
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationFailed([{ path: name, message: "must be JSON" }]);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw validationFailed(
      result.error.issues.map((issue) => ({
        path: [name, ...issue.path.map(String)].join("."),
        message: issue.message,
      })),
    );
  }
  const nul = nulPath(result.data, [name]);
  if (nul) throw validationFailed([{ path: nul, message: "must not contain the NUL character (\\u0000)" }]);
  return result.data;
}

/**
 * Where a NUL character is in a JSON field's value (written `\u0000` in the JSON), as the input
 * guard refuses it in JSON bodies: PostgreSQL cannot store it. The value has passed its schema,
 * so it is shallow.
 */
function nulPath(value: unknown, path: string[]): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path.join(".");
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function storeFileFields(fields: Readonly<Record<string, string>>) {
  return {
    attributes: jsonField<Record<string, AttributeValue>>(fields, "attributes", attributesSchema),
    chunkingStrategy: jsonField<ChunkingStrategy>(fields, "chunking_strategy", chunkingStrategySchema),
  };
}

/**
 * `POST /vector_stores/:id/files` as a multipart upload: the file (purpose `assistants`) and,
 * optionally, `attributes` and `chunking_strategy` as JSON text. The store is checked first, so
 * nothing is uploaded into a store that does not exist; a file whose adding fails is deleted.
 */
export async function uploadStoreFile(
  knowledge: KnowledgeApi,
  form: UploadForm,
  projectId: string,
  storeId: string,
  options: UploadOptions,
): Promise<StoreFileRecord> {
  await knowledge.getStore(projectId, storeId);
  const { stored: file, fields } = await form.receive({
    maxUploadBytes: options.maxUploadBytes,
    fields: ["attributes", "chunking_strategy"],
    ...(options.ignoredFields ? { ignoredFields: options.ignoredFields } : {}),
    readyToStore: () => true,
    check: (fields) => void storeFileFields(fields),
    store: (upload) =>
      knowledge.createFile(projectId, {
        filename: upload.filename,
        purpose: "assistants",
        content: upload.content,
      }),
    discard: async (created) => {
      await knowledge.deleteFile(projectId, created.id);
    },
  });
  const { attributes, chunkingStrategy } = storeFileFields(fields);
  try {
    return await knowledge.addStoreFile(projectId, storeId, {
      fileId: file.id,
      attributes,
      chunkingStrategy,
    });
  } catch (error) {
    await knowledge.deleteFile(projectId, file.id).catch(() => {});
    throw error;
  }
}
