import type {
  Deleted,
  FileBatchRecord,
  FileCounts,
  FileRecord,
  Page,
  SearchHit,
  StoreFileRecord,
  StoreFileStatus,
  VectorStoreRecord,
} from "./knowledge-api.js";

/**
 * The knowledge records as Parley's `/v1` shows them (docs/api.md): the API reference's statuses, every
 * timestamp ISO 8601 as everywhere on `/v1`, and OpenAI's field names where OpenAI's shape is
 * the reference (`file_counts`, `expires_at`, `last_active_at`).
 */

/** ISO 8601 → unix seconds (null stays null). */
export function unixSeconds(iso: string): number;
export function unixSeconds(iso: string | null): number | null;
export function unixSeconds(iso: string | null): number | null {
  return iso === null ? null : Math.floor(Date.parse(iso) / 1000);
}

/** The API reference's counts under OpenAI's names: pending → in_progress, processed → completed, error → failed. */
export function fileCounts(counts: FileCounts) {
  return {
    in_progress: counts.pending,
    completed: counts.processed,
    failed: counts.error,
    cancelled: counts.cancelled,
    total: counts.total,
  };
}

export function v1File(file: FileRecord) {
  return {
    id: file.id,
    object: "file" as const,
    bytes: file.bytes,
    filename: file.filename,
    purpose: file.purpose,
    created_at: file.createdAt,
  };
}

export function v1Store(store: VectorStoreRecord) {
  return {
    id: store.id,
    object: "vector_store" as const,
    name: store.name,
    status: store.status,
    file_count: store.fileCounts.total,
    file_counts: fileCounts(store.fileCounts),
    usage_bytes: store.usageBytes,
    metadata: store.metadata,
    expires_after: store.expiresAfter,
    expires_at: store.expiresAt,
    last_active_at: store.lastActiveAt,
    created_at: store.createdAt,
  };
}

export function v1StoreFile(file: StoreFileRecord) {
  return {
    id: file.id,
    object: "vector_store.file" as const,
    filename: file.filename,
    status: file.status,
    last_error: file.lastError,
    attributes: file.attributes,
    chunking_strategy: file.chunkingStrategy,
    usage_bytes: file.usageBytes,
    vector_store_id: file.vectorStoreId,
    created_at: file.createdAt,
  };
}

export function v1Batch(batch: FileBatchRecord) {
  return {
    id: batch.id,
    object: "vector_store.files_batch" as const,
    vector_store_id: batch.vectorStoreId,
    status: batch.status,
    file_counts: fileCounts(batch.fileCounts),
    created_at: batch.createdAt,
  };
}

/** `/v1` deletions answer `{id, deleted: true}`. */
const deleted = (result: Deleted): Deleted => result;

/** The `/v1` face (see knowledgeHandlers): its `filter` is the API reference's status. */
export const v1Face = {
  show: {
    file: v1File,
    store: v1Store,
    storeFile: v1StoreFile,
    batch: v1Batch,
    fileDeleted: deleted,
    storeDeleted: deleted,
    storeFileDeleted: deleted,
  },
  storeFileStatus: (filter: StoreFileStatus) => filter,
};

/** A page in OpenAI's list shape (both faces use it). */
export function listPage<R, T>(page: Page<R>, serialize: (record: R) => T) {
  return {
    object: "list" as const,
    data: page.data.map(serialize),
    first_id: page.firstId,
    last_id: page.lastId,
    has_more: page.hasMore,
  };
}

/** A store file's text, in OpenAI's content page (both faces). */
export function contentPage(content: Array<{ type: "text"; text: string }>) {
  return {
    object: "vector_store.file_content.page" as const,
    data: content,
    has_more: false as const,
    next_page: null,
  };
}

/** Search results in OpenAI's page shape (both faces). */
export function searchPage(result: { query: string[]; hits: SearchHit[] }) {
  return {
    object: "vector_store.search_results.page" as const,
    search_query: result.query,
    data: result.hits.map((hit) => ({
      file_id: hit.fileId,
      filename: hit.filename,
      score: hit.score,
      attributes: hit.attributes,
      content: hit.content,
    })),
    has_more: false as const,
    next_page: null,
  };
}

/**
 * `Content-Disposition` for a download: an ASCII fallback and the exact name (RFC 6266/8187),
 * so names with quotes, non-ASCII or control characters cannot break the header.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_") || "file";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
