import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../schema.js";
import type { Corpus, EmbedderKey, IndexedChunk, VectorIndex } from "./vector-index.js";
import { fnv1aHex, fromBytes } from "./vectors.js";

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
 * A corpus's chunks table with pgvector: an `embedding vector` column beside the portable
 * bytea (added on first use: the extension may be installed after the migrations ran), and per
 * embedder a partial HNSW index on `embedding::vector(n)` (cosine; up to 2000 dimensions). The
 * planner picks the HNSW index or the table's other indexes (then an exact scan in C). With
 * pgvector 0.8+ HNSW scans are iterative, so a search's filters cannot starve them; older
 * versions may return fewer hits when the rows searched are a small share of the table.
 */
export class PgvectorColumn {
  /** pgvector 0.8+ can keep scanning an HNSW index until enough rows pass the filters. */
  private readonly iterativeScan: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly installation: PgvectorInstallation,
    private readonly table: "message_chunks" | "knowledge_chunks",
  ) {
    const [major = 0, minor = 0] = installation.version.split(".").map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
  }

  /** pgvector's type, qualified with the schema the extension lives in (search_path may not hold it). */
  private pgType(dimensions?: number): RawBuilder<unknown> {
    const type = sql.id(this.installation.schema, "vector");
    return dimensions === undefined ? type : sql`${type}(${sql.raw(String(Math.trunc(dimensions)))})`;
  }

  /** Adds the column and the embedder's index, and fills the column of chunks stored before. */
  async prepare(embedder: EmbedderKey): Promise<void> {
    // Checked first: ALTER TABLE and CREATE INDEX lock the table even when there is nothing to do.
    const column = await sql`select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = ${this.table} and column_name = 'embedding'`.execute(
      this.db,
    );
    if (column.rows.length === 0) {
      await sql`alter table ${sql.table(this.table)} add column if not exists embedding ${this.pgType()}`.execute(
        this.db,
      );
    }
    if (embedder.dimensions <= PGVECTOR_HNSW_MAX_DIMENSIONS) await this.ensureHnswIndex(embedder);
    // Chunks stored before pgvector was installed.
    for (;;) {
      const missing = await this.db
        .selectFrom(this.table)
        .select(["id", "vector"])
        .where("embedder_id", "=", embedder.id)
        .where(sql<boolean>`embedding is null`)
        .limit(500)
        .execute();
      await this.set(
        this.db,
        missing.map((row) => ({ id: Number(row.id), vector: fromBytes(row.vector) })),
      );
      if (missing.length < 500) break;
    }
  }

  /** Sets the column of chunks just inserted, in the caller's transaction. */
  async set(trx: Kysely<Database>, chunks: Array<{ id: number; vector: ArrayLike<number> }>): Promise<void> {
    for (const chunk of chunks) {
      await sql`update ${sql.table(this.table)} set embedding = ${pgVectorLiteral(chunk.vector)}::${this.pgType()}
        where id = ${chunk.id}`.execute(trx);
    }
  }

  /** Cosine distance from `column` (this table's `embedding`, as the query names it) to `vector`. */
  distance(column: RawBuilder<unknown>, vector: Float32Array, dimensions: number): RawBuilder<number | null> {
    const type = this.pgType(dimensions);
    return sql<
      number | null
    >`(${column}::${type} operator(${sql.raw(quoteIdent(this.installation.schema))}.<=>) ${pgVectorLiteral(vector)}::${type})`;
  }

  /**
   * Runs a k-nearest query ordered by `distance`. The embedder id must be inlined in it
   * (`sql.lit`) so the planner can match the embedder's partial HNSW index.
   */
  async nearest<R>(knn: RawBuilder<R>, k: number): Promise<R[]> {
    if (!this.iterativeScan) return (await knn.execute(this.db)).rows;
    // Without iterative scans an HNSW scan stops after ef_search candidates, most of them
    // filtered out, and the filters would leave few or none.
    return this.db.transaction().execute(async (trx) => {
      await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
      await sql`select set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(40, k)))}, true)`.execute(
        trx,
      );
      return (await knn.execute(trx)).rows;
    });
  }

  /**
   * A partial HNSW index per embedder, on the column cast to its dimension (one column holds
   * every embedder's vectors). Built CONCURRENTLY so a first start on a large table does not
   * block writes; a build that failed half way leaves an invalid index, rebuilt here.
   */
  private async ensureHnswIndex(embedder: EmbedderKey): Promise<void> {
    const index = `${this.table}_hnsw_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
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
      await sql`create index concurrently if not exists ${sql.id(index)} on ${sql.table(this.table)}
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

/**
 * A corpus's index on PostgreSQL with pgvector: its vectors in the table's PgvectorColumn; the
 * corpus says how it searches them.
 */
export abstract class PgvectorIndexOf<C extends Corpus> implements VectorIndex<C> {
  readonly backend = "pgvector" as const;
  protected readonly column: PgvectorColumn;

  constructor(
    db: Kysely<Database>,
    installation: PgvectorInstallation,
    table: "message_chunks" | "knowledge_chunks",
  ) {
    this.column = new PgvectorColumn(db, installation, table);
  }

  abstract nearest(query: C["query"], vector: Float32Array): Promise<Array<C["hit"]>>;

  prepare(embedder: EmbedderKey): Promise<void> {
    return this.column.prepare(embedder);
  }

  add(trx: Kysely<Database>, _embedder: EmbedderKey, chunks: Array<IndexedChunk<C["scope"]>>): Promise<void> {
    return this.column.set(trx, chunks);
  }

  /** The vector is a column of the chunk's row: it goes with it. */
  async remove(): Promise<void> {}

  /** No vector outlives its row. */
  async pruneOrphans(): Promise<number> {
    return 0;
  }
}
