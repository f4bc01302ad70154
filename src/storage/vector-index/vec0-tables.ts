import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../schema.js";
import type { Corpus, EmbedderKey, IndexedChunk, VectorIndex } from "./vector-index.js";
import { fnv1aHex, toBytes } from "./vectors.js";

/** How a corpus lays out its sqlite-vec tables. */
export interface Vec0Layout {
  /** The chunks' table: the vectors' source of truth. */
  chunks: "message_chunks" | "knowledge_chunks";
  /** The vec0 tables' name before `_<embedder hash>_<dimensions>`. */
  prefix: string;
  /** The partition key column: a search reads one partition. */
  partition: string;
  /** The partition key of a row of `chunks` (alias `c`), for chunks indexed in bulk. */
  partitionSql: RawBuilder<unknown>;
  /** vec0's chunk_size (vectors allocated at a time per partition); vec0's default if absent. */
  chunkSize?: number;
}

/** A vec0 row the k-nearest query found: `distance` is cosine distance. */
export interface Vec0Neighbour {
  rowid: number;
  distance: number;
}

/**
 * One corpus's sqlite-vec tables: one `vec0` virtual table per embedder (its name must be an
 * identifier, its dimension fixed), partitioned so a query reads only one partition's vectors.
 * Exact (vec0 is brute force, in C). The rowid is the chunk's id in `layout.chunks`.
 */
export class Vec0Tables {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly layout: Vec0Layout,
  ) {}

  name(embedder: EmbedderKey): string {
    return `${this.layout.prefix}_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
  }

  /** Creates the embedder's table and indexes the chunks stored while the extension was not loaded. */
  async prepare(embedder: EmbedderKey): Promise<void> {
    const table = this.name(embedder);
    const chunkSize = this.layout.chunkSize
      ? sql`, chunk_size=${sql.raw(String(this.layout.chunkSize))}`
      : sql``;
    await sql`create virtual table if not exists ${sql.table(table)} using vec0(
      ${sql.raw(this.layout.partition)} text partition key,
      embedding float[${sql.raw(String(embedder.dimensions))}] distance_metric=cosine${chunkSize})`.execute(
      this.db,
    );
    await sql`insert into ${sql.table(table)} (rowid, ${sql.raw(this.layout.partition)}, embedding)
      select c.id, ${this.layout.partitionSql}, c.vector
      from ${sql.table(this.layout.chunks)} c
      where c.embedder_id = ${embedder.id}
        and not exists (select 1 from ${sql.table(`${table}_rowids`)} r where r.rowid = c.id)
      order by c.id`.execute(this.db);
  }

  async insert(
    trx: Kysely<Database>,
    embedder: EmbedderKey,
    rows: Array<{ id: number; partition: string; vector: Float32Array }>,
  ): Promise<void> {
    for (const row of rows) {
      await sql`insert into ${sql.table(this.name(embedder))} (rowid, ${sql.raw(this.layout.partition)}, embedding)
        values (cast(${row.id} as integer), ${row.partition}, ${toBytes(row.vector)})`.execute(trx);
    }
  }

  async delete(trx: Kysely<Database>, embedder: EmbedderKey, ids: number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += 500) {
      const batch = JSON.stringify(ids.slice(start, start + 500));
      await sql`delete from ${sql.table(this.name(embedder))}
        where rowid in (select value from json_each(${batch}))`.execute(trx);
    }
  }

  /**
   * The `k` rows of the partition nearest to `vector`, as a query to join from: `knn(rowid,
   * distance)`. Every vector of the partition is ranked, whether its chunk is still there and
   * searchable or not: callers join the chunks and ask for more when too few remain.
   */
  nearest(
    embedder: EmbedderKey,
    partition: string,
    vector: Float32Array,
    k: number,
  ): RawBuilder<Vec0Neighbour> {
    return sql<Vec0Neighbour>`select rowid, distance from ${sql.table(this.name(embedder))}
      where embedding match ${toBytes(vector)} and k = ${k} and ${sql.raw(this.layout.partition)} = ${partition}`;
  }

  /**
   * Removes vectors whose chunk is gone (a delete that cascaded to the chunks cannot reach a
   * vec0 table: a trigger would make every delete depend on the extension being loaded).
   * Relies on vec0's `<table>_rowids` shadow table. Returns how many.
   */
  async pruneOrphans(embedder: EmbedderKey): Promise<number> {
    const table = this.name(embedder);
    const orphans = await sql<{ id: number }>`select r.rowid as id from ${sql.table(`${table}_rowids`)} r
      where not exists (select 1 from ${sql.table(this.layout.chunks)} c where c.id = r.rowid)`.execute(
      this.db,
    );
    const ids = orphans.rows.map((row) => row.id);
    await this.delete(this.db, embedder, ids);
    return ids.length;
  }
}

/**
 * A corpus's index on SQLite with sqlite-vec loaded (see loadSqliteVec): writes go to its
 * Vec0Tables, each chunk in its scope's partition; the corpus says how it searches them.
 */
export abstract class Vec0Index<C extends Corpus> implements VectorIndex<C> {
  readonly backend = "sqlite-vec" as const;
  protected readonly tables: Vec0Tables;

  constructor(
    protected readonly db: Kysely<Database>,
    layout: Vec0Layout,
  ) {
    this.tables = new Vec0Tables(db, layout);
  }

  /** The partition a chunk of this scope is searched in. */
  protected abstract partitionOf(scope: C["scope"]): string;

  abstract nearest(query: C["query"], vector: Float32Array): Promise<Array<C["hit"]>>;

  prepare(embedder: EmbedderKey): Promise<void> {
    return this.tables.prepare(embedder);
  }

  add(trx: Kysely<Database>, embedder: EmbedderKey, chunks: Array<IndexedChunk<C["scope"]>>): Promise<void> {
    return this.tables.insert(
      trx,
      embedder,
      chunks.map((chunk) => ({
        id: chunk.id,
        partition: this.partitionOf(chunk.scope),
        vector: chunk.vector,
      })),
    );
  }

  remove(trx: Kysely<Database>, embedder: EmbedderKey, chunkIds: number[]): Promise<void> {
    return this.tables.delete(trx, embedder, chunkIds);
  }

  pruneOrphans(embedder: EmbedderKey): Promise<number> {
    return this.tables.pruneOrphans(embedder);
  }
}
