import { createRequire } from "node:module";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import { TransactionMisuseError } from "../transaction-misuse-error.js";
import { Vec0Index, type Vec0Layout } from "./vec0-tables.js";
import type { ChunkHit, ChunkScope, NearestQuery, RecallCorpus } from "./vector-index.js";
import {
  excludedOf,
  type RankedRow,
  type RankedRows,
  scopeKey,
  scopeKeyOf,
  widenUntilEnough,
} from "./vectors.js";

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

/**
 * Recall's vec0 tables: one per embedder, partitioned by recall scope (a person, or a thread
 * without a person: see scopeKey); small chunks keep light persons light. The bulk key is
 * scopeKey's, built in SQL.
 */
const RECALL_VEC0: Vec0Layout = {
  chunks: "message_chunks",
  prefix: "message_chunks_vec",
  partition: "person_key",
  partitionSql: sql`case when c.person_id is not null then json_array(c.project_id, c.person_id)
    else json_array(c.project_id, null, c.thread_id) end`,
  chunkSize: 8,
};

/**
 * Semantic recall on SQLite with the sqlite-vec extension loaded on the connection (see
 * loadSqliteVec): a query only reads its scope's partition. Orphaned vectors (deleting a thread
 * or message cascades to message_chunks but not to the vec0 table) are ignored by searches and
 * reclaimed by pruneOrphans. Its prepare also indexes chunks stored while the extension was
 * not loaded, or (before recall covered threads without a person) stored without a vector row.
 */
export class SqliteVecIndex extends Vec0Index<RecallCorpus> {
  constructor(db: Kysely<Database>) {
    super(db, RECALL_VEC0);
  }

  protected partitionOf(scope: ChunkScope): string {
    return scopeKey(scope);
  }

  nearest(query: NearestQuery, vector: Float32Array): Promise<ChunkHit[]> {
    const key = scopeKeyOf(query);
    return widenUntilEnough(query.limit, excludedOf(query), async (k): Promise<RankedRows> => {
      // Orphaned vectors count towards k but join no chunk.
      const result = await sql<RankedRow & { id: number | null }>`with knn as (
          ${this.tables.nearest(query.embedder, key, vector, k)})
        select c.id, c.message_id, c.message_seq, c.thread_id, c.chunk_index, c.content, knn.distance
        from knn left join message_chunks c on c.id = knn.rowid
        order by knn.distance`.execute(this.db);
      const rows = result.rows.filter((row): row is RankedRow => row.id !== null);
      return Object.assign(rows, { exhausted: result.rows.length < k });
    });
  }
}
