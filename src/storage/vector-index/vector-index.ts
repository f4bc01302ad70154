import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/**
 * Nearest-neighbour search over chunk embeddings, behind one interface with one file per
 * backend: sqlite-vec (SQLite with the extension), pgvector (PostgreSQL with the extension) and
 * an exact scan (anywhere). Semantic recall uses it today, vector stores next. The chunks and
 * their portable vectors live in `message_chunks` (see MessageChunksRepo); an index only ever
 * holds a copy it can rebuild from there, so backends can be switched without re-embedding.
 */
export type VectorBackend = "sqlite-vec" | "pgvector" | "exact-scan";

/** What an embedder contributes to storage: its id and its vector length. */
export interface EmbedderKey {
  id: string;
  dimensions: number;
}

/** Whose chunks a chunk counts among: a person's, or (without a person) its thread's. */
export interface ChunkScope {
  projectId: string;
  personId: string | null;
  threadId: string;
}

/** A chunk as an index holds it: its id in message_chunks, its scope and its unit vector. */
export interface IndexedChunk {
  id: number;
  scope: ChunkScope;
  vector: Float32Array;
}

export interface NearestQuery {
  projectId: string;
  /**
   * Whose messages: a person's, across their threads; or, for a thread without a person
   * (`personId` absent), that thread's own.
   */
  personId?: string | undefined;
  threadId?: string | undefined;
  embedder: EmbedderKey;
  vector: ArrayLike<number>;
  /** How many distinct messages to return. */
  limit: number;
  /** Messages never returned (e.g. those the prompt's recent window already holds). */
  excludeMessageSeqs?: ReadonlySet<number> | undefined;
}

/** The best chunk of one message. `score` is the cosine similarity, 1 for identical directions. */
export interface ChunkHit {
  chunkId: number;
  messageId: string;
  messageSeq: number;
  threadId: string;
  chunkIndex: number;
  content: string;
  score: number;
}

export interface VectorIndex {
  readonly backend: VectorBackend;
  /** Creates what the backend needs for this embedder and indexes chunks stored without it. Idempotent. */
  prepare(embedder: EmbedderKey): Promise<void>;
  /** Indexes chunks just inserted, in the caller's transaction. */
  add(trx: Kysely<Database>, embedder: EmbedderKey, chunks: IndexedChunk[]): Promise<void>;
  /** Forgets chunks about to be deleted, in the caller's transaction. */
  remove(trx: Kysely<Database>, embedder: EmbedderKey, chunkIds: number[]): Promise<void>;
  /** The `limit` messages of the scope whose best chunk is nearest to `vector` (a unit vector), best first. */
  nearest(query: NearestQuery, vector: Float32Array, excluded: ReadonlySet<number>): Promise<ChunkHit[]>;
  /** Reclaims the space of vectors whose chunk is gone (deleted threads); returns how many. */
  pruneOrphans(embedder: EmbedderKey): Promise<number>;
}
