import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Database } from "../schema.js";
import { sqliteVecAvailable } from "./sqlite-vec-index.js";
import type { EmbedderKey } from "./vector-index.js";
import { dot, fnv1aHex, fromBytes, toBytes } from "./vectors.js";

/**
 * Nearest chunks of vector stores (docs/knowledge.md, "Search"). The chunks and their portable
 * vectors live in `knowledge_chunks`; an index holds a copy it can rebuild. sqlite-vec (a
 * `vec0` table per embedder, partitioned by store) on SQLite with the extension; an exact scan
 * of the stores' vectors elsewhere (PostgreSQL without a knowledge pgvector index yet).
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
  /** Chunk ids nearest to `vector` (a unit vector) in the stores, best first, with cosine similarity. */
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
    for (const store of storeIds) {
      const result = await sql<{ id: number; distance: number }>`select rowid as id, distance
        from ${sql.table(vecTable(embedder))}
        where embedding match ${toBytes(vector)} and k = ${k} and store = ${store}
        order by distance`.execute(this.db);
      for (const row of result.rows) hits.push({ id: Number(row.id), score: 1 - Number(row.distance) });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
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
      .selectFrom("knowledge_chunks")
      .select(["id", "vector"])
      .where("vector_store_id", "in", storeIds)
      .where("embedder_id", "=", embedder.id)
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
