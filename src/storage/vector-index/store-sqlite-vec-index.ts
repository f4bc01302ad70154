import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import { Vec0Index, type Vec0Layout } from "./vec0-tables.js";
import type { StoreChunkHit, StoreCorpus, StoreNearestQuery, StoreScope } from "./vector-index.js";
import { MAX_K } from "./vectors.js";

/** Vector stores' vec0 tables: one per embedder, partitioned by store. */
const STORE_VEC0: Vec0Layout = {
  chunks: "knowledge_chunks",
  prefix: "knowledge_chunks_vec",
  partition: "store",
  partitionSql: sql`c.vector_store_id`,
};

/**
 * Vector stores on SQLite with the sqlite-vec extension loaded: each store searched is one
 * partition (Vec0Tables). Chunks being written, or left to delete, are in the table too: a
 * search skips those not of their file's live generation (docs/knowledge.md, "Ingestion").
 */
export class StoreSqliteVecIndex extends Vec0Index<StoreCorpus> {
  constructor(db: Kysely<Database>) {
    super(db, STORE_VEC0);
  }

  protected partitionOf(scope: StoreScope): string {
    return scope.storeId;
  }

  async nearest(query: StoreNearestQuery, vector: Float32Array): Promise<StoreChunkHit[]> {
    const hits: StoreChunkHit[] = [];
    for (const store of query.storeIds) hits.push(...(await this.nearestInStore(query, store, vector)));
    return hits.sort((a, b) => b.score - a.score).slice(0, query.limit);
  }

  /**
   * The store's `limit` nearest visible chunks. vec0 ranks every vector of the store, visible or
   * not (a file being re-ingested has its old and new chunks side by side, near twins), so it
   * is asked for more until `limit` visible ones are found or the store has no more.
   */
  private async nearestInStore(query: StoreNearestQuery, store: string, vector: Float32Array) {
    const k = query.limit;
    for (let ask = Math.min(k, MAX_K); ; ask = Math.min(MAX_K, ask * 4)) {
      const result = await sql<{ id: number; distance: number; visible: number | null }>`with knn as (
          ${this.tables.nearest(query.embedder, store, vector, ask)})
        select knn.rowid as id, knn.distance, c.generation = s.live_generation as visible
        from knn
        left join knowledge_chunks c on c.id = knn.rowid
        left join vector_store_files s on s.vector_store_id = c.vector_store_id and s.file_id = c.file_id
        order by knn.distance`.execute(this.db);
      const visible = result.rows
        .filter((row) => row.visible === 1)
        .map((row): StoreChunkHit => ({ chunkId: Number(row.id), score: 1 - Number(row.distance) }));
      if (visible.length >= k || result.rows.length < ask || ask >= MAX_K) return visible.slice(0, k);
    }
  }
}
