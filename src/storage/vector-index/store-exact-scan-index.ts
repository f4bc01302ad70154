import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import type { StoreChunkHit, StoreNearestQuery, StoreVectorIndex } from "./vector-index.js";
import { dot, fromBytes } from "./vectors.js";

/**
 * Vector stores' fallback, and what `exact-scan` forces: reads the stores' chunks of the
 * embedder that search sees (of their file's live generation, docs/knowledge.md "Ingestion")
 * and ranks them by cosine in JS. Exact; its cost grows with the stores' size (see
 * ExactScanIndex). It keeps no index of its own.
 */
export class StoreExactScanIndex implements StoreVectorIndex {
  readonly backend = "exact-scan" as const;

  constructor(private readonly db: Kysely<Database>) {}

  async prepare(): Promise<void> {}
  async add(): Promise<void> {}
  async remove(): Promise<void> {}
  async pruneOrphans(): Promise<number> {
    return 0;
  }

  async nearest(query: StoreNearestQuery, vector: Float32Array): Promise<StoreChunkHit[]> {
    if (query.storeIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("knowledge_chunks as c")
      .innerJoin("vector_store_files as s", (join) =>
        join.onRef("s.vector_store_id", "=", "c.vector_store_id").onRef("s.file_id", "=", "c.file_id"),
      )
      .select(["c.id", "c.vector"])
      .where("c.vector_store_id", "in", query.storeIds)
      .where("c.embedder_id", "=", query.embedder.id)
      .whereRef("c.generation", "=", "s.live_generation")
      .execute();
    return rows
      .map((row): StoreChunkHit => ({ chunkId: Number(row.id), score: dot(vector, fromBytes(row.vector)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, query.limit);
  }
}
