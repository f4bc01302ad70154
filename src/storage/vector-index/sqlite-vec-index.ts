import { createRequire } from "node:module";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import { TransactionMisuseError } from "../transaction-misuse-error.js";
import type { ChunkHit, EmbedderKey, IndexedChunk, NearestQuery, VectorIndex } from "./vector-index.js";
import {
  fnv1aHex,
  type RankedRow,
  type RankedRows,
  scopeKey,
  scopeKeyOf,
  toBytes,
  widenUntilEnough,
} from "./vectors.js";

/** vec0 allocates whole chunks per partition (scope): small ones keep light persons light. */
const VEC0_CHUNK_SIZE = 8;

/**
 * Loads sqlite-vec into a better-sqlite3 connection; false when the package or its platform
 * binary is missing (recall then uses the exact-scan fallback). Call it where the connection
 * is opened, before Kysely gets it: `load_extension()` is not allowed from SQL.
 */
export function loadSqliteVec(sqlite: {
  loadExtension(file: string, entrypoint?: string): unknown;
}): boolean {
  try {
    const sqliteVec = createRequire(import.meta.url)("sqlite-vec") as { getLoadablePath(): string };
    sqlite.loadExtension(sqliteVec.getLoadablePath());
    return true;
  } catch {
    return false;
  }
}

/** Whether sqlite-vec is loaded on this connection. */
export async function sqliteVecAvailable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select vec_version()`.execute(db);
    return true;
  } catch (error) {
    // Only SQLite's answer means "not loaded"; a misused handle is a bug to report, not a backend.
    if (error instanceof TransactionMisuseError) throw error;
    return false;
  }
}

/** One vec0 table per embedder: its name must be an identifier, its dimension fixed. */
function vec0Table(embedder: EmbedderKey): string {
  return `message_chunks_vec_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
}

/**
 * SQLite with the sqlite-vec extension loaded on the connection (see loadSqliteVec). One
 * `vec0` virtual table per embedder, partitioned by recall scope (a person, or a thread without
 * a person: see scopeKey), so a query only reads that scope's vectors. Exact (vec0 is brute
 * force, in C).
 */
export class SqliteVecIndex implements VectorIndex {
  readonly backend = "sqlite-vec" as const;

  constructor(private readonly db: Kysely<Database>) {}

  async prepare(embedder: EmbedderKey): Promise<void> {
    const table = vec0Table(embedder);
    await sql`create virtual table if not exists ${sql.table(table)} using vec0(
      person_key text partition key,
      embedding float[${sql.raw(String(embedder.dimensions))}] distance_metric=cosine,
      chunk_size=${sql.raw(String(VEC0_CHUNK_SIZE))})`.execute(this.db);
    // Chunks stored while the extension was not loaded, or (before recall covered threads
    // without a person) stored without a vector row. The key is scopeKey's, built in SQL.
    await sql`insert into ${sql.table(table)} (rowid, person_key, embedding)
      select c.id,
        case when c.person_id is not null then json_array(c.project_id, c.person_id)
          else json_array(c.project_id, null, c.thread_id) end,
        c.vector
      from message_chunks c
      where c.embedder_id = ${embedder.id}
        and not exists (select 1 from ${sql.table(`${table}_rowids`)} r where r.rowid = c.id)
      order by c.id`.execute(this.db);
  }

  async add(trx: Kysely<Database>, embedder: EmbedderKey, chunks: IndexedChunk[]): Promise<void> {
    for (const chunk of chunks) {
      await sql`insert into ${sql.table(vec0Table(embedder))} (rowid, person_key, embedding)
        values (cast(${chunk.id} as integer), ${scopeKey(chunk.scope)}, ${toBytes(chunk.vector)})`.execute(
        trx,
      );
    }
  }

  async remove(trx: Kysely<Database>, embedder: EmbedderKey, chunkIds: number[]): Promise<void> {
    if (chunkIds.length === 0) return;
    await sql`delete from ${sql.table(vec0Table(embedder))} where rowid in (select value from json_each(${JSON.stringify(chunkIds)}))`.execute(
      trx,
    );
  }

  nearest(query: NearestQuery, vector: Float32Array, excluded: ReadonlySet<number>): Promise<ChunkHit[]> {
    const key = scopeKeyOf(query);
    return widenUntilEnough(query.limit, excluded, async (k): Promise<RankedRows> => {
      // Orphaned vectors (see pruneOrphans) count towards k but join no chunk.
      const result = await sql<RankedRow & { id: number | null }>`with knn as (
          select rowid, distance from ${sql.table(vec0Table(query.embedder))}
          where embedding match ${toBytes(vector)} and k = ${k} and person_key = ${key})
        select c.id, c.message_id, c.message_seq, c.thread_id, c.chunk_index, c.content, knn.distance
        from knn left join message_chunks c on c.id = knn.rowid
        order by knn.distance`.execute(this.db);
      const rows = result.rows.filter((row): row is RankedRow => row.id !== null);
      return Object.assign(rows, { exhausted: result.rows.length < k });
    });
  }

  /**
   * Removes vectors whose chunk is gone. Deleting a thread or message cascades to
   * message_chunks but cannot reach a vec0 table (a trigger would make every delete depend on
   * the extension being loaded); searches ignore such orphans, this reclaims their space.
   * Relies on vec0's `<table>_rowids` shadow table.
   */
  async pruneOrphans(embedder: EmbedderKey): Promise<number> {
    const table = vec0Table(embedder);
    const orphans = await sql<{ id: number }>`select r.rowid as id from ${sql.table(`${table}_rowids`)} r
      where not exists (select 1 from message_chunks c where c.id = r.rowid)`.execute(this.db);
    const ids = orphans.rows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += 500) {
      const batch = JSON.stringify(ids.slice(start, start + 500));
      await sql`delete from ${sql.table(table)} where rowid in (select value from json_each(${batch}))`.execute(
        this.db,
      );
    }
    return ids.length;
  }
}
