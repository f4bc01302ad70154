import {
  AUTO_CHUNK_OVERLAP_TOKENS,
  AUTO_MAX_CHUNK_SIZE_TOKENS,
  type ChunkingStrategy,
} from "./ingest/chunking-strategy.js";
import type {
  Deleted,
  FileBatchRecord,
  FileRecord,
  LastError,
  StoreFileRecord,
  StoreFileStatus,
  VectorStoreRecord,
} from "./knowledge-api.js";
import { fileCounts, unixSeconds } from "./serialize-v1.js";

/**
 * The knowledge records in OpenAI's exact shapes, for the mirror under `/openai/v1`
 * (openai-mirror-routes.ts): unix seconds, OpenAI's statuses, `auto` chunking shown resolved.
 */

export type OpenAiStoreFileStatus = "in_progress" | "completed" | "failed" | "cancelled";

const FILE_STATUS: Record<StoreFileStatus, OpenAiStoreFileStatus> = {
  pending: "in_progress",
  processed: "completed",
  error: "failed",
  cancelled: "cancelled",
};

const FILE_STATUS_BACK: Record<OpenAiStoreFileStatus, StoreFileStatus> = {
  in_progress: "pending",
  completed: "processed",
  failed: "error",
  cancelled: "cancelled",
};

export function openAiFileStatus(status: StoreFileStatus): OpenAiStoreFileStatus {
  return FILE_STATUS[status];
}

/** A `filter` of the mirror as KnowledgeApi's status. */
export function storeFileStatusOf(status: OpenAiStoreFileStatus): StoreFileStatus {
  return FILE_STATUS_BACK[status];
}

export function openAiFile(file: FileRecord) {
  return {
    id: file.id,
    object: "file" as const,
    bytes: file.bytes,
    created_at: unixSeconds(file.createdAt),
    filename: file.filename,
    purpose: file.purpose,
    // Deprecated fields OpenAI still sends; an uploaded file is ready at once.
    status: "processed" as const,
    status_details: null,
  };
}

/**
 * OpenAI's store statuses: `in_progress` while files are processed, `completed` otherwise
 * (failed files show in file_counts.failed, as on OpenAI), `expired` past expires_at.
 */
export function openAiStore(store: VectorStoreRecord, now: Date = new Date()) {
  const expired = store.expiresAt !== null && Date.parse(store.expiresAt) <= now.getTime();
  return {
    id: store.id,
    object: "vector_store" as const,
    created_at: unixSeconds(store.createdAt),
    name: store.name ?? "",
    usage_bytes: store.usageBytes,
    file_counts: fileCounts(store.fileCounts),
    status: expired
      ? ("expired" as const)
      : store.status === "indexing"
        ? ("in_progress" as const)
        : ("completed" as const),
    ...(store.expiresAfter ? { expires_after: store.expiresAfter } : {}),
    expires_at: unixSeconds(store.expiresAt),
    last_active_at: unixSeconds(store.lastActiveAt),
    metadata: store.metadata,
  };
}

/** OpenAI shows `auto` as the static sizes it stands for. */
function resolvedChunking(strategy: ChunkingStrategy) {
  if (strategy.type === "static") return { type: "static" as const, static: { ...strategy.static } };
  return {
    type: "static" as const,
    static: {
      max_chunk_size_tokens: AUTO_MAX_CHUNK_SIZE_TOKENS,
      chunk_overlap_tokens: AUTO_CHUNK_OVERLAP_TOKENS,
    },
  };
}

/**
 * A `last_error` in OpenAI's codes (docs/knowledge.md, "Ingestion"): a file refused for what
 * parsing it would cost is `invalid_file` (the file is the problem, as OpenAI means it), one the
 * parser died on is `server_error` (the file may not be to blame); the message says which.
 */
export function openAiLastError(lastError: LastError | null) {
  if (!lastError) return null;
  switch (lastError.code) {
    case "server_error":
    case "unsupported_file":
    case "invalid_file":
      return { code: lastError.code, message: lastError.message };
    case "parse_crashed":
      return { code: "server_error" as const, message: lastError.message };
    default:
      return { code: "invalid_file" as const, message: lastError.message };
  }
}

export function openAiStoreFile(file: StoreFileRecord, options: { pollHelper?: boolean } = {}) {
  let status = openAiFileStatus(file.status);
  let lastError = openAiLastError(file.lastError);
  // The official client's poll helper (vectorStores.files.poll) only stops on completed or
  // failed; on `cancelled` it would re-request without pause, forever. It is told `failed`.
  if (options.pollHelper && status === "cancelled") {
    status = "failed";
    lastError ??= { code: "server_error", message: "The file's processing was cancelled." };
  }
  return {
    id: file.id,
    object: "vector_store.file" as const,
    usage_bytes: file.usageBytes,
    created_at: unixSeconds(file.createdAt),
    vector_store_id: file.vectorStoreId,
    status,
    last_error: lastError,
    chunking_strategy: resolvedChunking(file.chunkingStrategy),
    attributes: file.attributes,
  };
}

export function openAiBatch(batch: FileBatchRecord) {
  return {
    id: batch.id,
    object: "vector_store.files_batch" as const,
    created_at: unixSeconds(batch.createdAt),
    vector_store_id: batch.vectorStoreId,
    status: batch.status,
    file_counts: fileCounts(batch.fileCounts),
  };
}

/** An OpenAI deletion: `{id, object, deleted: true}`, `object` naming what was deleted. */
function deletedAs<O extends string>(object: O) {
  return (result: Deleted) => ({ id: result.id, object, deleted: true as const });
}

/** The mirror's face (see knowledgeHandlers): its `filter` is OpenAI's status. */
export const openAiFace = {
  show: {
    file: openAiFile,
    store: openAiStore,
    storeFile: openAiStoreFile,
    batch: openAiBatch,
    fileDeleted: deletedAs("file"),
    storeDeleted: deletedAs("vector_store.deleted"),
    storeFileDeleted: deletedAs("vector_store.file.deleted"),
  },
  storeFileStatus: storeFileStatusOf,
};
