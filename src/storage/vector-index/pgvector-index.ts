import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../schema.js";
import type { ChunkHit, EmbedderKey, IndexedChunk, NearestQuery, VectorIndex } from "./vector-index.js";
import { fnv1aHex, fromBytes, type RankedRow, type RankedRows, widenUntilEnough } from "./vectors.js";

/** pgvector indexes `vector` columns of at most this many dimensions. */
const PGVECTOR_HNSW_MAX_DIMENSIONS = 2000;

export interface PgvectorInstallation {
  schema: string;
  version: string;
}

/** Where pgvector is installed, if it is. */
export async function pgvectorInstalled(db: Kysely<Database>): Promise<PgvectorInstallation | undefined> {
  const rows = await sql<PgvectorInstallation>`select n.nspname as schema, e.extversion as version
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'vector'`.execute(db);
  return rows.rows[0];
}

/**
 * pgvector, installed when the server has it and the role may (`create extension` needs the
 * CREATE privilege on the database, or a trusted extension); undefined otherwise.
 */
export async function installPgvector(db: Kysely<Database>): Promise<PgvectorInstallation | undefined> {
  const installed = await pgvectorInstalled(db);
  if (installed) return installed;
  const available = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(db);
  if (available.rows.length === 0) return undefined;
  try {
    await sql`create extension if not exists vector`.execute(db);
  } catch {
    return undefined;
  }
  return pgvectorInstalled(db);
}

function pgVectorLiteral(vector: ArrayLike<number>): string {
  return `[${Array.from(vector).join(",")}]`;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * PostgreSQL with the `vector` extension: an `embedding vector` column beside the portable
 * bytea, and per embedder a partial HNSW index on `embedding::vector(n)` (cosine; up to 2000
 * dimensions). The planner picks the HNSW index or the person/thread index (then an exact scan
 * in C). With pgvector 0.8+ HNSW scans are iterative, so the scope filter cannot starve them;
 * older versions may return fewer hits for a scope whose chunks are a small share of the table.
 */
export class PgvectorIndex implements VectorIndex {
  readonly backend = "pgvector" as const;
  /** pgvector 0.8+ can keep scanning an HNSW index until enough rows pass the scope filter. */
  private readonly iterativeScan: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly installation: PgvectorInstallation,
  ) {
    const [major = 0, minor = 0] = installation.version.split(".").map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
  }

  /** pgvector's type, qualified with the schema the extension lives in (search_path may not hold it). */
  private pgType(dimensions?: number): RawBuilder<unknown> {
    const type = sql.id(this.installation.schema, "vector");
    return dimensions === undefined ? type : sql`${type}(${sql.raw(String(Math.trunc(dimensions)))})`;
  }

  async prepare(embedder: EmbedderKey): Promise<void> {
    // Checked first: ALTER TABLE and CREATE INDEX lock the table even when there is nothing to do.
    const column = await sql`select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'message_chunks' and column_name = 'embedding'`.execute(
      this.db,
    );
    if (column.rows.length === 0) {
      await sql`alter table message_chunks add column if not exists embedding ${this.pgType()}`.execute(
        this.db,
      );
    }
    if (embedder.dimensions <= PGVECTOR_HNSW_MAX_DIMENSIONS) await this.ensureHnswIndex(embedder);
    // Chunks stored before pgvector was installed.
    for (;;) {
      const missing = await this.db
        .selectFrom("message_chunks")
        .select(["id", "vector"])
        .where("embedder_id", "=", embedder.id)
        .where(sql<boolean>`embedding is null`)
        .limit(500)
        .execute();
      for (const row of missing) {
        await sql`update message_chunks set embedding = ${pgVectorLiteral(fromBytes(row.vector))}::${this.pgType()}
          where id = ${row.id}`.execute(this.db);
      }
      if (missing.length < 500) break;
    }
  }

  async add(trx: Kysely<Database>, _embedder: EmbedderKey, chunks: IndexedChunk[]): Promise<void> {
    for (const chunk of chunks) {
      await sql`update message_chunks set embedding = ${pgVectorLiteral(chunk.vector)}::${this.pgType()}
        where id = ${chunk.id}`.execute(trx);
    }
  }

  /** The vector is a column of the chunk's row: it goes with it. */
  async remove(): Promise<void> {}

  async pruneOrphans(): Promise<number> {
    return 0;
  }

  nearest(query: NearestQuery, vector: Float32Array, excluded: ReadonlySet<number>): Promise<ChunkHit[]> {
    const type = this.pgType(query.embedder.dimensions);
    const distance = sql`(embedding::${type} operator(${sql.raw(quoteIdent(this.installation.schema))}.<=>) ${pgVectorLiteral(vector)}::${type})`;
    const scope =
      query.personId !== undefined
        ? sql`person_id = ${query.personId}`
        : sql`thread_id = ${query.threadId ?? ""} and person_id is null`;
    return widenUntilEnough(query.limit, excluded, async (k): Promise<RankedRows> => {
      const exclusion =
        excluded.size > 0 ? sql`and not (message_seq = any(${[...excluded]}::bigint[]))` : sql``;
      // The embedder id is inlined so the planner can match the partial HNSW index.
      const knn = sql<RankedRow>`select id, message_id, message_seq, thread_id, chunk_index, content,
          ${distance} as distance
        from message_chunks
        where embedder_id = ${sql.lit(query.embedder.id)} and ${scope}
          and project_id = ${query.projectId} and embedding is not null ${exclusion}
        order by ${distance}
        limit ${k}`;
      if (!this.iterativeScan) {
        const result = await knn.execute(this.db);
        return Object.assign(result.rows, { exhausted: result.rows.length < k });
      }
      // Without iterative scans an HNSW scan stops after ef_search candidates, most of them
      // other scopes', and the scope filter would leave few or none.
      return this.db.transaction().execute(async (trx) => {
        await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
        await sql`select set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(40, k)))}, true)`.execute(
          trx,
        );
        const result = await knn.execute(trx);
        return Object.assign(result.rows, { exhausted: result.rows.length < k });
      });
    });
  }

  /**
   * A partial HNSW index per embedder, on the column cast to its dimension (one column holds
   * every embedder's vectors). Built CONCURRENTLY so a first start on a large table does not
   * block writes; a build that failed half way leaves an invalid index, rebuilt here.
   */
  private async ensureHnswIndex(embedder: EmbedderKey): Promise<void> {
    const index = `message_chunks_hnsw_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
    const state = await this.indexState(index);
    if (state === "valid") return;
    if (state === "invalid") {
      // Invalid also describes an index another process is still building: leave that one be.
      const building = await sql`select 1 from pg_stat_progress_create_index p
        join pg_class c on c.oid = p.index_relid
        where c.relname = ${index} and c.relnamespace = current_schema()::regnamespace`.execute(this.db);
      if (building.rows.length > 0) return;
      await sql`drop index concurrently if exists ${sql.id(index)}`.execute(this.db);
    }
    try {
      await sql`create index concurrently if not exists ${sql.id(index)} on message_chunks
        using hnsw ((embedding::${this.pgType(embedder.dimensions)}) ${sql.id(this.installation.schema, "vector_cosine_ops")})
        where embedder_id = ${sql.lit(embedder.id)}`.execute(this.db);
    } catch (error) {
      // Two processes creating the same index at once: the loser sees a duplicate.
      if ((await this.indexState(index)) === "missing") throw error;
    }
  }

  private async indexState(name: string): Promise<"valid" | "invalid" | "missing"> {
    const rows = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_class c
      join pg_index i on i.indexrelid = c.oid
      where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(this.db);
    const row = rows.rows[0];
    return row === undefined ? "missing" : row.valid ? "valid" : "invalid";
  }
}
