import type { Generated } from "kysely";

/** Files, vector stores and their chunks (migration 0013, docs/knowledge.md). JSON columns are TEXT. */
export interface KnowledgeFilesTable {
  id: string;
  project_id: string;
  filename: string;
  purpose: string;
  bytes: number;
  /** Where the bytes are, relative to the files directory. */
  path: string;
  created_at: string;
}

export interface VectorStoresTable {
  id: string;
  project_id: string;
  name: string | null;
  metadata: string;
  /** `{anchor, days}` or null. */
  expires_after: string | null;
  expires_at: string | null;
  last_active_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface VectorStoreFilesTable {
  vector_store_id: string;
  file_id: string;
  project_id: string;
  status: "pending" | "processed" | "error" | "cancelled";
  /** `{code, message}` or null. */
  last_error: string | null;
  attributes: string;
  chunking_strategy: string;
  usage_bytes: number;
  batch_id: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Parses of the file handed to a parse worker and not answered (migration 0023): cleared when
   * the worker answers, so a count left behind means the process died mid-parse
   * (docs/operations.md, "Parse workers").
   */
  parse_attempts: Generated<number>;
  /**
   * The generation of its chunks that search sees (migration 0026, docs/knowledge.md
   * "Ingestion"); -1 while the file is being deleted (none).
   */
  live_generation: Generated<number>;
  /** The generation the last ingestion run claimed: only that run may publish its chunks. */
  staging_generation: Generated<number>;
}

export interface VectorStoreFileBatchesTable {
  id: string;
  vector_store_id: string;
  project_id: string;
  cancelled: number;
  created_at: string;
}

export interface KnowledgeChunksTable {
  id: Generated<number>;
  project_id: string;
  vector_store_id: string;
  file_id: string;
  chunk_index: number;
  content: string;
  tokens: number;
  embedder_id: string;
  /** float32 bytes of the unit vector. */
  vector: Uint8Array;
  created_at: string;
  /** The ingestion run that wrote it (migration 0026): visible when its file's `live_generation`. */
  generation: Generated<number>;
}

export interface KnowledgeTables {
  knowledge_files: KnowledgeFilesTable;
  vector_stores: VectorStoresTable;
  vector_store_files: VectorStoreFilesTable;
  vector_store_file_batches: VectorStoreFileBatchesTable;
  knowledge_chunks: KnowledgeChunksTable;
}
