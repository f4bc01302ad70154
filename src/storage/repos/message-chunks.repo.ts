import { createRequire } from "node:module";
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { Dialect } from "../database.js";
import type { Database } from "../schema.js";
import type { MessagesTable } from "../schema-conversations.js";
import type { MessageChunksTable } from "../schema-memory.js";

/**
 * Message chunks and nearest-neighbour search over their embeddings, on both dialects. The
 * only place semantic recall branches on the dialect or on what the database server offers.
 *
 * Backends, chosen once per repository (see `backend()`):
 * - `sqlite-vec`: SQLite with the sqlite-vec extension loaded on the connection (see
 *   `loadSqliteVec`). One `vec0` virtual table per embedder, partitioned by recall scope (a
 *   person, or a thread without a person: see scopeKey), so a query only reads that scope's
 *   vectors. Exact (vec0 is brute force, in C).
 * - `pgvector`: PostgreSQL with the `vector` extension (installed here when the server has it
 *   and the role may). An `embedding vector` column beside the portable bytea, and per
 *   embedder a partial HNSW index on `embedding::vector(n)` (cosine; up to 2000 dimensions).
 *   The planner picks the HNSW index or the person index (then an exact scan in C). With
 *   pgvector 0.8+ HNSW scans are iterative, so the person filter cannot starve them; older
 *   versions may return fewer hits for a person whose chunks are a small share of the table.
 * - `exact-scan`: the documented fallback, and what `{ backend: "exact-scan" }` forces. Reads
 *   the person's chunks of the embedder (indexed by person) and ranks them by cosine in JS.
 *   Exact; cost grows with the person's history: a few milliseconds per thousand chunks at
 *   256 dimensions, about six times that at 1536. Fine up to tens of thousands of chunks per
 *   person; beyond that, install sqlite-vec or pgvector.
 *
 * Every backend keeps `message_chunks.vector` (L2-normalised float32, little-endian) as the
 * source of truth: indexes can be rebuilt from it and backends switched without re-embedding.
 * The repository must be built over the root Kysely instance, not a transaction: it opens its
 * own transactions and may run DDL the first time it meets an embedder.
 */

export type VectorBackend = "sqlite-vec" | "pgvector" | "exact-scan";

export type MessageChunkRow = Selectable<MessageChunksTable>;
type MessageRow = Selectable<MessagesTable>;

/** What an embedder contributes to storage: its id and its vector length. */
export interface EmbedderKey {
  id: string;
  dimensions: number;
}

export interface MessageRef {
  project_id: string;
  person_id: string | null;
  thread_id: string;
  seq: number;
  id: string;
}

export interface NewChunk {
  content: string;
  vector: ArrayLike<number>;
}

export interface NearestQuery {
  projectId: string;
  /**
   * Whose messages: a person's, across their threads; or, for a thread without a person
   * (`personId` absent), that thread's own.
   */
  personId?: string | undefined;
  threadId?: string | undefined;
  embedder: EmbedderKey;
  vector: ArrayLike<number>;
  /** How many distinct messages to return. */
  limit: number;
  /** Messages never returned (e.g. those the prompt's recent window already holds). */
  excludeMessageSeqs?: ReadonlySet<number> | undefined;
}

/** The best chunk of one message. `score` is the cosine similarity, 1 for identical directions. */
export interface ChunkHit {
  chunkId: number;
  messageId: string;
  messageSeq: number;
  threadId: string;
  chunkIndex: number;
  content: string;
  score: number;
}

export interface MessageChunksRepoOptions {
  /** `auto` (default) detects sqlite-vec or pgvector; `exact-scan` forces the fallback. */
  backend?: "auto" | "exact-scan";
}

/** vec0 allocates whole chunks per partition (person): small ones keep light persons light. */
const VEC0_CHUNK_SIZE = 8;
/** sqlite-vec's upper bound on k. */
const VEC0_MAX_K = 4096;
/** pgvector indexes `vector` columns of at most this many dimensions. */
const PGVECTOR_HNSW_MAX_DIMENSIONS = 2000;
const EMBEDDER_ID = /^[\w.:@/+-]{1,200}$/;

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

export class MessageChunksRepo {
  private detected: Promise<VectorBackend> | undefined;
  private pgvectorSchema: string | undefined;
  /** pgvector 0.8+ can keep scanning an HNSW index until enough rows pass the person filter. */
  private pgvectorIterativeScan = false;
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly options: MessageChunksRepoOptions = {},
  ) {}

  /** Which backend serves searches on this connection; detected once. */
  backend(): Promise<VectorBackend> {
    this.detected ??= this.detect();
    return this.detected;
  }

  /**
   * Creates what the backend needs for this embedder (vec0 table, pgvector column and index)
   * and copies in vectors stored while the backend was unavailable. Idempotent; runs once
   * per embedder and repository. Writes and searches call it themselves.
   */
  prepare(embedder: EmbedderKey): Promise<void> {
    const key = `${embedder.id}#${embedder.dimensions}`;
    let pending = this.prepared.get(key);
    if (!pending) {
      pending = this.prepareOnce(embedder);
      this.prepared.set(key, pending);
      pending.catch(() => this.prepared.delete(key));
    }
    return pending;
  }

  /** The stored chunk texts of a message for an embedder, in order. */
  async contents(messageId: string, embedderId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("message_chunks")
      .select("content")
      .where("message_id", "=", messageId)
      .where("embedder_id", "=", embedderId)
      .orderBy("chunk_index")
      .execute();
    return rows.map((row) => row.content);
  }

  /** Replaces the chunks of a message for an embedder, in one transaction. */
  async replace(
    embedder: EmbedderKey,
    message: MessageRef,
    chunks: NewChunk[],
    createdAt: string,
  ): Promise<void> {
    const backend = await this.backend();
    await this.prepare(embedder);
    for (const chunk of chunks) {
      if (chunk.vector.length !== embedder.dimensions) {
        throw new Error(
          `Embedder ${embedder.id} returned ${chunk.vector.length} dimensions, expected ${embedder.dimensions}.`,
        );
      }
    }
    await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom("message_chunks")
        .select("id")
        .where("message_id", "=", message.id)
        .where("embedder_id", "=", embedder.id)
        .execute();
      if (old.length > 0) {
        if (backend === "sqlite-vec") {
          await sql`delete from ${sql.table(vec0Table(embedder))} where rowid in (select value from json_each(${JSON.stringify(old.map((row) => row.id))}))`.execute(
            trx,
          );
        }
        await trx
          .deleteFrom("message_chunks")
          .where("message_id", "=", message.id)
          .where("embedder_id", "=", embedder.id)
          .execute();
      }
      for (const [index, chunk] of chunks.entries()) {
        const vector = normalize(chunk.vector);
        const { id } = await trx
          .insertInto("message_chunks")
          .values({
            project_id: message.project_id,
            person_id: message.person_id,
            thread_id: message.thread_id,
            message_seq: message.seq,
            message_id: message.id,
            chunk_index: index,
            content: chunk.content,
            embedder_id: embedder.id,
            vector: toBytes(vector),
            created_at: createdAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (backend === "sqlite-vec") {
          await sql`insert into ${sql.table(vec0Table(embedder))} (rowid, person_key, embedding)
            values (cast(${id} as integer), ${scopeKey(message.project_id, message.person_id, message.thread_id)}, ${toBytes(vector)})`.execute(
            trx,
          );
        } else if (backend === "pgvector") {
          await sql`update message_chunks set embedding = ${pgVectorLiteral(vector)}::${this.pgType()}
            where id = ${id}`.execute(trx);
        }
      }
    });
  }

  /**
   * The `limit` messages of the person whose best chunk is most similar to `vector`, best
   * first, among chunks of the same embedder and project.
   */
  async nearest(query: NearestQuery): Promise<ChunkHit[]> {
    if (query.limit <= 0) return [];
    const backend = await this.backend();
    await this.prepare(query.embedder);
    const vector = normalize(query.vector);
    if (!vector.some((value) => value !== 0)) return [];
    const excluded = query.excludeMessageSeqs ?? new Set<number>();
    if (backend === "exact-scan") return this.nearestByScan(query, vector, excluded);
    // Indexes rank chunks, not messages, and know nothing of the exclusions: ask for more
    // than needed and widen until enough distinct messages remain or the person has no more.
    let k = Math.min(VEC0_MAX_K, (query.limit + excluded.size) * 3 + 10);
    for (;;) {
      const rows =
        backend === "sqlite-vec"
          ? await this.knnSqliteVec(query, vector, k)
          : await this.knnPgvector(query, vector, k, excluded);
      const hits = bestPerMessage(rows, excluded, query.limit);
      if (hits.length >= query.limit || rows.exhausted || k >= VEC0_MAX_K) return hits;
      k = Math.min(VEC0_MAX_K, k * 4);
    }
  }

  /**
   * The messages around `seq` in its thread: up to `neighbours` before it, itself, and up to
   * `neighbours` after it, oldest first. Counts only user and assistant messages with text
   * (tool steps carry no conversation).
   */
  async around(projectId: string, threadId: string, seq: number, neighbours: number): Promise<MessageRow[]> {
    const conversational = this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("role", "in", ["user", "assistant"])
      .where("content", "!=", "");
    const [before, from] = await Promise.all([
      neighbours > 0
        ? conversational.where("seq", "<", seq).orderBy("seq", "desc").limit(neighbours).execute()
        : Promise.resolve([] as MessageRow[]),
      conversational
        .where("seq", ">=", seq)
        .orderBy("seq")
        .limit(neighbours + 1)
        .execute(),
    ]);
    return [...before.reverse(), ...from];
  }

  /** Chunks of a message (every embedder), in order: for tests and diagnostics. */
  listByMessage(messageId: string): Promise<MessageChunkRow[]> {
    return this.db
      .selectFrom("message_chunks")
      .selectAll()
      .where("message_id", "=", messageId)
      .orderBy("embedder_id")
      .orderBy("chunk_index")
      .execute();
  }

  /**
   * sqlite-vec only: removes vectors whose chunk is gone. Deleting a thread or message
   * cascades to message_chunks but cannot reach a vec0 table (a trigger would make every
   * delete depend on the extension being loaded); searches ignore such orphans, this
   * reclaims their space. Relies on vec0's `<table>_rowids` shadow table. Returns the count.
   */
  async pruneOrphans(embedder: EmbedderKey): Promise<number> {
    if ((await this.backend()) !== "sqlite-vec") return 0;
    await this.prepare(embedder);
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

  private async detect(): Promise<VectorBackend> {
    if (this.options.backend === "exact-scan") return "exact-scan";
    if (this.dialect === "sqlite") {
      try {
        await sql`select vec_version()`.execute(this.db);
        return "sqlite-vec";
      } catch {
        return "exact-scan";
      }
    }
    let installed = await this.pgvectorInstalled();
    if (!installed) {
      const available = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(
        this.db,
      );
      if (available.rows.length === 0) return "exact-scan";
      try {
        // Needs the CREATE privilege on the database (or a trusted extension); a refusal is fine.
        await sql`create extension if not exists vector`.execute(this.db);
      } catch {
        return "exact-scan";
      }
      installed = await this.pgvectorInstalled();
      if (!installed) return "exact-scan";
    }
    this.pgvectorSchema = installed.schema;
    const [major = 0, minor = 0] = installed.version.split(".").map(Number);
    this.pgvectorIterativeScan = major > 0 || minor >= 8;
    return "pgvector";
  }

  private async pgvectorInstalled(): Promise<{ schema: string; version: string } | undefined> {
    const rows = await sql<{
      schema: string;
      version: string;
    }>`select n.nspname as schema, e.extversion as version
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'vector'`.execute(
      this.db,
    );
    return rows.rows[0];
  }

  /** pgvector's type, qualified with the schema the extension lives in (search_path may not hold it). */
  private pgType(dimensions?: number): RawBuilder<unknown> {
    const type = sql.id(this.pgvectorSchema ?? "public", "vector");
    return dimensions === undefined ? type : sql`${type}(${sql.raw(String(Math.trunc(dimensions)))})`;
  }

  private async prepareOnce(embedder: EmbedderKey): Promise<void> {
    if (!EMBEDDER_ID.test(embedder.id)) throw new Error(`Unusable embedder id '${embedder.id}'.`);
    if (!Number.isInteger(embedder.dimensions) || embedder.dimensions <= 0) {
      throw new Error(`Embedder ${embedder.id}: dimensions must be a positive integer.`);
    }
    const backend = await this.backend();
    if (backend === "sqlite-vec") {
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
    } else if (backend === "pgvector") {
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
      if (embedder.dimensions <= PGVECTOR_HNSW_MAX_DIMENSIONS) {
        await this.ensureHnswIndex(embedder);
      }
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
  }

  /**
   * A partial HNSW index per embedder, on the column cast to its dimension (one column holds
   * every embedder's vectors). Built CONCURRENTLY so a first start on a large table does not
   * block writes; a build that failed half way leaves an invalid index, rebuilt here.
   */
  private async ensureHnswIndex(embedder: EmbedderKey): Promise<void> {
    const index = `message_chunks_hnsw_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
    const state = await this.pgIndexState(index);
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
        using hnsw ((embedding::${this.pgType(embedder.dimensions)}) ${sql.id(this.pgvectorSchema ?? "public", "vector_cosine_ops")})
        where embedder_id = ${sql.lit(embedder.id)}`.execute(this.db);
    } catch (error) {
      // Two processes creating the same index at once: the loser sees a duplicate.
      if ((await this.pgIndexState(index)) === "missing") throw error;
    }
  }

  private async pgIndexState(name: string): Promise<"valid" | "invalid" | "missing"> {
    const rows = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_class c
      join pg_index i on i.indexrelid = c.oid
      where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(this.db);
    const row = rows.rows[0];
    return row === undefined ? "missing" : row.valid ? "valid" : "invalid";
  }

  private async nearestByScan(query: NearestQuery, vector: Float32Array, excluded: ReadonlySet<number>) {
    // Content stays out of the scan: reading it for every chunk costs more than the ranking.
    const rows = await this.db
      .selectFrom("message_chunks")
      .select(["id", "message_id", "message_seq", "thread_id", "chunk_index", "vector"])
      .where((eb) =>
        query.personId !== undefined
          ? eb("person_id", "=", query.personId)
          : eb.and([eb("thread_id", "=", query.threadId ?? ""), eb("person_id", "is", null)]),
      )
      .where("project_id", "=", query.projectId)
      .where("embedder_id", "=", query.embedder.id)
      .execute();
    const best = new Map<string, { row: (typeof rows)[number]; score: number }>();
    for (const row of rows) {
      if (excluded.has(Number(row.message_seq))) continue;
      const score = dot(vector, fromBytes(row.vector));
      const current = best.get(row.message_id);
      if (!current || score > current.score) best.set(row.message_id, { row, score });
    }
    const top = [...best.values()]
      .sort((a, b) => b.score - a.score || Number(b.row.message_seq) - Number(a.row.message_seq))
      .slice(0, query.limit);
    if (top.length === 0) return [];
    const contents = await this.db
      .selectFrom("message_chunks")
      .select(["id", "content"])
      .where(
        "id",
        "in",
        top.map(({ row }) => row.id),
      )
      .execute();
    const contentById = new Map(contents.map((row) => [Number(row.id), row.content]));
    return top.map(
      ({ row, score }): ChunkHit => ({
        chunkId: Number(row.id),
        messageId: row.message_id,
        messageSeq: Number(row.message_seq),
        threadId: row.thread_id,
        chunkIndex: row.chunk_index,
        content: contentById.get(Number(row.id)) ?? "",
        score,
      }),
    );
  }

  private async knnSqliteVec(query: NearestQuery, vector: Float32Array, k: number): Promise<RankedRows> {
    const table = vec0Table(query.embedder);
    // Orphaned vectors (see pruneOrphans) count towards k but join no chunk.
    const result = await sql<RankedRow & { id: number | null }>`with knn as (
        select rowid, distance from ${sql.table(table)}
        where embedding match ${toBytes(vector)} and k = ${k}
          and person_key = ${scopeKey(query.projectId, query.personId ?? null, query.threadId ?? "")})
      select c.id, c.message_id, c.message_seq, c.thread_id, c.chunk_index, c.content, knn.distance
      from knn left join message_chunks c on c.id = knn.rowid
      order by knn.distance`.execute(this.db);
    const rows = result.rows.filter((row): row is RankedRow => row.id !== null);
    return Object.assign(rows, { exhausted: result.rows.length < k });
  }

  private async knnPgvector(
    query: NearestQuery,
    vector: Float32Array,
    k: number,
    excluded: ReadonlySet<number>,
  ): Promise<RankedRows> {
    const type = this.pgType(query.embedder.dimensions);
    const distance = sql`(embedding::${type} operator(${sql.raw(quoteIdent(this.pgvectorSchema ?? "public"))}.<=>) ${pgVectorLiteral(vector)}::${type})`;
    const exclusion =
      excluded.size > 0 ? sql`and not (message_seq = any(${[...excluded]}::bigint[]))` : sql``;
    const scope =
      query.personId !== undefined
        ? sql`person_id = ${query.personId}`
        : sql`thread_id = ${query.threadId ?? ""} and person_id is null`;
    // The embedder id is inlined so the planner can match the partial HNSW index.
    const knn = sql<RankedRow>`select id, message_id, message_seq, thread_id, chunk_index, content,
        ${distance} as distance
      from message_chunks
      where embedder_id = ${sql.lit(query.embedder.id)} and ${scope}
        and project_id = ${query.projectId} and embedding is not null ${exclusion}
      order by ${distance}
      limit ${k}`;
    if (!this.pgvectorIterativeScan) {
      const result = await knn.execute(this.db);
      return Object.assign(result.rows, { exhausted: result.rows.length < k });
    }
    // Without iterative scans an HNSW scan stops after ef_search candidates, most of them
    // other people's, and the person filter would leave few or none.
    return this.db.transaction().execute(async (trx) => {
      await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
      await sql`select set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(40, k)))}, true)`.execute(
        trx,
      );
      const result = await knn.execute(trx);
      return Object.assign(result.rows, { exhausted: result.rows.length < k });
    });
  }
}

interface RankedRow {
  id: number;
  message_id: string;
  message_seq: number;
  thread_id: string;
  chunk_index: number;
  content: string;
  distance: number | null;
}

type RankedRows = RankedRow[] & { exhausted: boolean };

function bestPerMessage(rows: RankedRow[], excluded: ReadonlySet<number>, limit: number): ChunkHit[] {
  const best = new Map<string, ChunkHit>();
  for (const row of rows) {
    const seq = Number(row.message_seq);
    // A null distance comes from a zero vector: it is similar to nothing.
    if (row.distance === null || excluded.has(seq) || best.has(row.message_id)) continue;
    best.set(row.message_id, {
      chunkId: Number(row.id),
      messageId: row.message_id,
      messageSeq: seq,
      threadId: row.thread_id,
      chunkIndex: Number(row.chunk_index),
      content: row.content,
      score: 1 - Number(row.distance),
    });
  }
  return [...best.values()].sort(byScoreThenSeq).slice(0, limit);
}

function byScoreThenSeq(a: ChunkHit, b: ChunkHit): number {
  return b.score - a.score || b.messageSeq - a.messageSeq;
}

/** One vec0 table per embedder: its name must be an identifier, its dimension fixed. */
function vec0Table(embedder: EmbedderKey): string {
  return `message_chunks_vec_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
}

/**
 * The vec0 partition of a chunk: its person's (recall across the person's threads) or, for a
 * thread without a person, its thread's. SQLite's json_array() builds the same text.
 */
function scopeKey(projectId: string, personId: string | null, threadId: string): string {
  return personId !== null
    ? JSON.stringify([projectId, personId])
    : JSON.stringify([projectId, null, threadId]);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** A unit-length copy (a zero vector stays zero). */
export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector as ArrayLike<number>);
  let norm = 0;
  for (const value of out) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0 && Number.isFinite(norm)) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Float32 values of a stored vector; copies when the driver's buffer is not 4-byte aligned. */
export function fromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteOffset % 4 === 0)
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  return new Float32Array(bytes.slice().buffer, 0, bytes.byteLength >> 2);
}

function pgVectorLiteral(vector: ArrayLike<number>): string {
  return `[${Array.from(vector).join(",")}]`;
}
