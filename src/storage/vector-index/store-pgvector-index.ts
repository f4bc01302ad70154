import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import { PgvectorIndexOf, type PgvectorInstallation } from "./pgvector-column.js";
import type { StoreChunkHit, StoreCorpus, StoreNearestQuery } from "./vector-index.js";

/**
 * Vector stores on PostgreSQL with the `vector` extension: `knowledge_chunks.embedding` and its
 * HNSW indexes (PgvectorColumn). The query keeps only chunks of their file's live generation
 * (docs/knowledge.md, "Ingestion"), so the rows it ranks are the ones search may return; the
 * planner picks an HNSW index or the store's index (then ranks the store's chunks in C).
 */
export class StorePgvectorIndex extends PgvectorIndexOf<StoreCorpus> {
  constructor(db: Kysely<Database>, installation: PgvectorInstallation) {
    super(db, installation, "knowledge_chunks");
  }

  async nearest(query: StoreNearestQuery, vector: Float32Array): Promise<StoreChunkHit[]> {
    if (query.storeIds.length === 0 || query.limit <= 0) return [];
    const distance = this.column.distance(sql.ref("c.embedding"), vector, query.embedder.dimensions);
    const rows = await this.column.nearest(
      sql<{ id: number; distance: number | null }>`select c.id, ${distance} as distance
        from knowledge_chunks c
        join vector_store_files s on s.vector_store_id = c.vector_store_id and s.file_id = c.file_id
        where c.embedder_id = ${sql.lit(query.embedder.id)} and c.vector_store_id in (${sql.join(query.storeIds)})
          and c.embedding is not null and c.generation = s.live_generation
        order by ${distance}
        limit ${query.limit}`,
      query.limit,
    );
    // Relaxed-order HNSW scans may return the k nearest slightly out of order; a zero vector
    // has no cosine distance (similar to nothing, as the exact scan's dot product of 0 says).
    return rows
      .map((row): StoreChunkHit => {
        const distance = row.distance === null ? Number.NaN : Number(row.distance);
        return { chunkId: Number(row.id), score: Number.isFinite(distance) ? 1 - distance : 0 };
      })
      .sort((a, b) => b.score - a.score);
  }
}
