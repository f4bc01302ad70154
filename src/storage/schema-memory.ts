import type { Generated } from "kysely";

/**
 * Semantic-recall chunks (migration 0007): each stored user or assistant message cut into
 * pieces no longer than the embedder's input limit, each with its embedding.
 */
export interface MessageChunksTable {
  /** Insertion order; also the rowid of the chunk in a sqlite-vec `vec0` side table. */
  id: Generated<number>;
  project_id: string;
  /** The thread's person when the message was indexed; null for threads without one (never recalled). */
  person_id: string | null;
  thread_id: string;
  message_seq: number;
  message_id: string;
  /** 0-based position of the chunk within its message. */
  chunk_index: number;
  content: string;
  /** Which embedder produced `vector` (e.g. `openai/text-embedding-3-small@1536`): vectors of different embedders never meet. */
  embedder_id: string;
  /**
   * The L2-normalised embedding as little-endian float32 values (sqlite-vec's own vector
   * format): BLOB on SQLite, bytea on PostgreSQL. The portable copy every backend can rebuild
   * its index from; with pgvector an extra `embedding vector` column holds the same values.
   */
  vector: Uint8Array;
  created_at: string;
}

export interface MemoryTables {
  message_chunks: MessageChunksTable;
}
