import type { KnowledgeFileRow, VectorStoreFileRow } from "../../storage/repos/knowledge.repo.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import type { AttributeValue, FileRecord, Page, PageQuery, StoreFileRecord } from "./knowledge-api.js";

export function withTotal(counts: { pending: number; processed: number; error: number; cancelled: number }) {
  return { ...counts, total: counts.pending + counts.processed + counts.error + counts.cancelled };
}

/** A page from `limit + 1` rows; before a cursor the extra row is the farthest one, at the front. */
export function page<T extends { id: string }>(rows: T[], query: PageQuery): Page<T> {
  const { limit } = query;
  const backwards = query.before !== undefined && query.after === undefined;
  const data = backwards ? rows.slice(Math.max(0, rows.length - limit)) : rows.slice(0, limit);
  return {
    data,
    hasMore: rows.length > limit,
    firstId: data[0]?.id ?? null,
    lastId: data.at(-1)?.id ?? null,
  };
}

export function toFile(row: KnowledgeFileRow): FileRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    filename: row.filename,
    bytes: Number(row.bytes),
    purpose: row.purpose,
    createdAt: row.created_at,
  };
}

export function toStoreFile(row: VectorStoreFileRow): StoreFileRecord {
  return {
    id: row.file_id,
    vectorStoreId: row.vector_store_id,
    status: row.status,
    lastError: row.last_error ? (JSON.parse(row.last_error) as StoreFileRecord["lastError"]) : null,
    attributes: JSON.parse(row.attributes) as Record<string, AttributeValue>,
    chunkingStrategy: JSON.parse(row.chunking_strategy) as ChunkingStrategy,
    usageBytes: Number(row.usage_bytes),
    createdAt: row.created_at,
    filename: row.filename,
  };
}
