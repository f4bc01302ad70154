import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/**
 * Nearest-neighbour search over chunk embeddings, behind one interface with one file per
 * backend: sqlite-vec (SQLite with the extension), pgvector (PostgreSQL with the extension) and
 * an exact scan (anywhere). Two corpora use it: semantic recall over `message_chunks` (see
 * MessageChunksRepo) and vector stores over `knowledge_chunks` (docs/knowledge.md, "Search").
 * A corpus's table holds the chunks and their portable vectors; an index only ever holds a
 * copy it can rebuild from there, so backends can be switched without re-embedding.
 */
export type VectorBackend = "sqlite-vec" | "pgvector" | "exact-scan";

/** What an embedder contributes to storage: its id and its vector length. */
export interface EmbedderKey {
  id: string;
  dimensions: number;
}

/** A chunk as an index holds it: its id in its corpus's table, its scope and its unit vector. */
export interface IndexedChunk<Scope = ChunkScope> {
  id: number;
  scope: Scope;
  vector: Float32Array;
}

// Semantic recall: message_chunks.

/** Whose chunks a chunk counts among: a person's, or (without a person) its thread's. */
export interface ChunkScope {
  projectId: string;
  personId: string | null;
  threadId: string;
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

// Vector stores: knowledge_chunks.

/** The vector store a chunk belongs to: searches name the stores they read. */
export interface StoreScope {
  storeId: string;
}

export interface StoreNearestQuery {
  embedder: EmbedderKey;
  /** The stores searched; only chunks of their file's live generation are found. */
  storeIds: string[];
  /** How many chunks to return. */
  limit: number;
}

/** A chunk of a store. `score` is the cosine similarity, 1 for identical directions. */
export interface StoreChunkHit {
  chunkId: number;
  score: number;
}

/** What places a chunk in a corpus, what a search of it asks, and what it finds. */
export interface Corpus {
  scope: unknown;
  query: unknown;
  hit: unknown;
}

export interface RecallCorpus extends Corpus {
  scope: ChunkScope;
  query: NearestQuery;
  hit: ChunkHit;
}

export interface StoreCorpus extends Corpus {
  scope: StoreScope;
  query: StoreNearestQuery;
  hit: StoreChunkHit;
}

export interface VectorIndex<C extends Corpus = RecallCorpus> {
  readonly backend: VectorBackend;
  /** Creates what the backend needs for this embedder and indexes chunks stored without it. Idempotent. */
  prepare(embedder: EmbedderKey): Promise<void>;
  /** Indexes chunks just inserted, in the caller's transaction. */
  add(trx: Kysely<Database>, embedder: EmbedderKey, chunks: Array<IndexedChunk<C["scope"]>>): Promise<void>;
  /** Forgets chunks about to be deleted, in the caller's transaction. */
  remove(trx: Kysely<Database>, embedder: EmbedderKey, chunkIds: number[]): Promise<void>;
  /**
   * The best `query.limit` hits for `vector` (a unit vector), best first. Recall: the messages
   * of the scope whose best chunk is nearest, without the excluded ones. Vector stores: the
   * nearest chunks of the stores that search sees, of their file's live generation
   * (docs/knowledge.md, "Ingestion"): a file's old chunks or its new ones, never a mix.
   */
  nearest(query: C["query"], vector: Float32Array): Promise<Array<C["hit"]>>;
  /** Reclaims the space of vectors whose chunk is gone (deleted threads); returns how many. */
  pruneOrphans(embedder: EmbedderKey): Promise<number>;
}

/** The index of vector stores' chunks. */
export type StoreVectorIndex = VectorIndex<StoreCorpus>;
