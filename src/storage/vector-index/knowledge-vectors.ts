import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Database } from "../schema.js";
import { sqliteVecAvailable } from "./sqlite-vec-index.js";
import type { EmbedderKey } from "./vector-index.js";
import { dot, fnv1aHex, fromBytes, MAX_K, toBytes } from "./vectors.js";

/**
 * Nearest chunks of vector stores (docs/knowledge.md, "Search"). The chunks and their portable
 * vectors live in `knowledge_chunks`; an index holds a copy it can rebuild. sqlite-vec (a
 * `vec0` table per embedder, partitioned by store) on SQLite with the extension; an exact scan
 * of the stores' vectors elsewhere (PostgreSQL without a knowledge pgvector index yet).
 * Search sees only chunks of their file's live generation (docs/knowledge.md, "Ingestion"):
 * chunks being written, or left to delete, are in the index too and are skipped.
 */
export interface KnowledgeVectors {
  readonly backend: "sqlite-vec" | "exact-scan";
  prepare(embedder: EmbedderKey): Promise<void>;
  add(
    trx: Kysely<Database>,
    embedder: EmbedderKey,
    rows: Array<{ id: number; storeId: string; vector: Float32Array }>,
  ): Promise<void>;
  remove(trx: Kysely<Database>, embedder: EmbedderKey, ids: number[]): Promise<void>;
  /**
   * Chunk ids nearest to `vector` (a unit vector) in the stores, best first, with cosine
   * similarity; only chunks of their file's live generation.
   */
  nearest(
    embedder: EmbedderKey,
    storeIds: string[],
    vector: Float32Array,
    k: number,
  ): Promise<Array<{ id: number; score: number }>>;
}

function vecTable(embedder: EmbedderKey): string {
  return `knowledge_chunks_vec_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
}

class SqliteVecKnowledge implements KnowledgeVectors {
  readonly backend = "sqlite-vec" as const;
  constructor(private readonly db: Kysely<Database>) {}

  async prepare(embedder: EmbedderKey): Promise<void> {
    const table = vecTable(embedder);
    await sql`create virtual table if not exists ${sql.table(table)} using vec0(
      store text partition key,
      embedding float[${sql.raw(String(embedder.dimensions))}] distance_metric=cosine)`.execute(this.db);
    await sql`insert into ${sql.table(table)} (rowid, store, embedding)
      select c.id, c.vector_store_id, c.vector from knowledge_chunks c
      where c.embedder_id = ${embedder.id}
        and not exists (select 1 from ${sql.table(`${table}_rowids`)} r where r.rowid = c.id)
      order by c.id`.execute(this.db);
  }

  async add(
    trx: Kysely<Database>,
    embedder: EmbedderKey,
    rows: Array<{ id: number; storeId: string; vector: Float32Array }>,
  ) {
    for (const row of rows) {
      await sql`insert into ${sql.table(vecTable(embedder))} (rowid, store, embedding)
        values (cast(${row.id} as integer), ${row.storeId}, ${toBytes(row.vector)})`.execute(trx);
    }
  }

  async remove(trx: Kysely<Database>, embedder: EmbedderKey, ids: number[]) {
    for (let start = 0; start < ids.length; start += 500) {
      await sql`delete from ${sql.table(vecTable(embedder))}
        where rowid in (select value from json_each(${JSON.stringify(ids.slice(start, start + 500))}))`.execute(
        trx,
      );
    }
  }

  async nearest(embedder: EmbedderKey, storeIds: string[], vector: Float32Array, k: number) {
    const hits: Array<{ id: number; score: number }> = [];
    for (const store of storeIds) hits.push(...(await this.nearestInStore(embedder, store, vector, k)));
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
  }

  /**
   * The store's `k` nearest visible chunks. vec0 ranks every vector of the store, visible or
   * not (a file being re-ingested has its old and new chunks side by side, near twins), so it
   * is asked for more until `k` visible ones are found or the store has no more.
   */
  private async nearestInStore(embedder: EmbedderKey, store: string, vector: Float32Array, k: number) {
    for (let ask = Math.min(k, MAX_K); ; ask = Math.min(MAX_K, ask * 4)) {
      const result = await sql<{ id: number; distance: number; visible: number | null }>`with knn as (
          select rowid, distance from ${sql.table(vecTable(embedder))}
          where embedding match ${toBytes(vector)} and k = ${ask} and store = ${store})
        select knn.rowid as id, knn.distance, c.generation = s.live_generation as visible
        from knn
        left join knowledge_chunks c on c.id = knn.rowid
        left join vector_store_files s on s.vector_store_id = c.vector_store_id and s.file_id = c.file_id
        order by knn.distance`.execute(this.db);
      const visible = result.rows
        .filter((row) => row.visible === 1)
        .map((row) => ({ id: Number(row.id), score: 1 - Number(row.distance) }));
      if (visible.length >= k || result.rows.length < ask || ask >= MAX_K) return visible.slice(0, k);
    }
  }
}

class ExactScanKnowledge implements KnowledgeVectors {
  readonly backend = "exact-scan" as const;
  constructor(private readonly db: Kysely<Database>) {}
  async prepare(): Promise<void> {}
  async add(): Promise<void> {}
  async remove(): Promise<void> {}

  async nearest(embedder: EmbedderKey, storeIds: string[], vector: Float32Array, k: number) {
    if (storeIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("knowledge_chunks as c")
      .innerJoin("vector_store_files as s", (join) =>
        join.onRef("s.vector_store_id", "=", "c.vector_store_id").onRef("s.file_id", "=", "c.file_id"),
      )
      .select(["c.id", "c.vector"])
      .where("c.vector_store_id", "in", storeIds)
      .where("c.embedder_id", "=", embedder.id)
      .whereRef("c.generation", "=", "s.live_generation")
      .execute();
    return rows
      .map((row) => ({ id: Number(row.id), score: dot(vector, fromBytes(row.vector)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k);
  }
}

/** sqlite-vec when loaded on SQLite, else the exact scan. */
export async function detectKnowledgeVectors(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<KnowledgeVectors> {
  if (dialect === "sqlite" && (await sqliteVecAvailable(db))) return new SqliteVecKnowledge(db);
  return new ExactScanKnowledge(db);
}

/**
 * The backend chosen on first use (detection needs the database; composition does not wait).
 * `add` and `remove` run in the caller's transaction: a first use there detects on that
 * transaction, never on the root handle, which would wait on the transaction itself.
 */
export function lazyKnowledgeVectors(db: Kysely<Database>, dialect: Dialect): KnowledgeVectors {
  let chosen: Promise<KnowledgeVectors> | undefined;
  let resolved: KnowledgeVectors | undefined;
  const get = (on: Kysely<Database> = db) => {
    chosen ??= detectKnowledgeVectors(on, dialect).then((index) => {
      resolved = index;
      return index;
    });
    return chosen;
  };
  return {
    /** The backend in use once known (before the first use, the fallback's name). */
    get backend() {
      return resolved?.backend ?? "exact-scan";
    },
    prepare: async (embedder) => (await get()).prepare(embedder),
    add: async (trx, embedder, rows) => (await get(trx)).add(trx, embedder, rows),
    remove: async (trx, embedder, ids) => (await get(trx)).remove(trx, embedder, ids),
    nearest: async (embedder, storeIds, vector, k) => (await get()).nearest(embedder, storeIds, vector, k),
  };
}
