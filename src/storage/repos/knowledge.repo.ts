import {
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type {
  KnowledgeChunksTable,
  KnowledgeFilesTable,
  VectorStoreFileBatchesTable,
  VectorStoreFilesTable,
  VectorStoresTable,
} from "../schema-knowledge.js";

export type KnowledgeFileRow = Selectable<KnowledgeFilesTable>;
export type VectorStoreRow = Selectable<VectorStoresTable>;
export type VectorStoreFileRow = Selectable<VectorStoreFilesTable> & { filename: string };
export type FileBatchRow = Selectable<VectorStoreFileBatchesTable>;
export type KnowledgeChunkRow = Selectable<KnowledgeChunksTable>;

/** A page by id cursor over rows ordered by (created_at, id). */
export interface CursorPage {
  limit: number;
  order: "asc" | "desc";
  after?: { createdAt: string; id: string } | undefined;
  before?: { createdAt: string; id: string } | undefined;
}

/** Status counts of a store's (or a batch's) files. */
export type StatusCounts = Record<VectorStoreFilesTable["status"], number>;

/** Files, stores, store files, batches and chunks; rules live in modules/knowledge. */
export class KnowledgeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The connection or transaction this repository works on (for the vector index of the same change). */
  get connection(): Kysely<Database> {
    return this.db;
  }

  async insertFile(row: KnowledgeFileRow): Promise<void> {
    await this.db.insertInto("knowledge_files").values(row).execute();
  }

  findFile(id: string): Promise<KnowledgeFileRow | undefined> {
    return this.db.selectFrom("knowledge_files").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async listFiles(projectId: string, page: CursorPage, purpose?: string): Promise<KnowledgeFileRow[]> {
    let query = this.db.selectFrom("knowledge_files").selectAll().where("project_id", "=", projectId);
    if (purpose) query = query.where("purpose", "=", purpose);
    return inPageOrder(await paged(query, page).execute(), page);
  }

  async deleteFile(id: string): Promise<void> {
    await this.db.deleteFrom("knowledge_files").where("id", "=", id).execute();
  }

  async insertStore(row: VectorStoreRow): Promise<void> {
    await this.db.insertInto("vector_stores").values(row).execute();
  }

  findStore(id: string): Promise<VectorStoreRow | undefined> {
    return this.db.selectFrom("vector_stores").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async listStores(projectId: string, page: CursorPage): Promise<VectorStoreRow[]> {
    const query = this.db.selectFrom("vector_stores").selectAll().where("project_id", "=", projectId);
    return inPageOrder(await paged(query, page).execute(), page);
  }

  async updateStore(id: string, patch: Updateable<VectorStoresTable>): Promise<void> {
    await this.db.updateTable("vector_stores").set(patch).where("id", "=", id).execute();
  }

  async deleteStore(id: string): Promise<void> {
    await this.db.deleteFrom("vector_stores").where("id", "=", id).execute();
  }

  /** Stores whose expiry has passed. */
  expiredStores(now: string): Promise<VectorStoreRow[]> {
    return this.db
      .selectFrom("vector_stores")
      .selectAll()
      .where("expires_at", "is not", null)
      .where("expires_at", "<", now)
      .execute();
  }

  /** Inserts or, for a file already in the store, replaces its row (re-ingestion, parse attempts afresh). */
  async upsertStoreFile(row: Insertable<VectorStoreFilesTable>): Promise<void> {
    await this.db
      .insertInto("vector_store_files")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["vector_store_id", "file_id"]).doUpdateSet({
          status: row.status,
          last_error: row.last_error,
          attributes: row.attributes,
          chunking_strategy: row.chunking_strategy,
          usage_bytes: row.usage_bytes,
          batch_id: row.batch_id,
          updated_at: row.updated_at,
          parse_attempts: row.parse_attempts ?? 0,
          // An ingestion of the earlier add still running may no longer publish (see claimGeneration).
          staging_generation: sql<number>`vector_store_files.staging_generation + 1`,
        }),
      )
      .execute();
  }

  /**
   * Claims the next generation of a pending store file's chunks for one ingestion run
   * (docs/knowledge.md, "Ingestion"); undefined when the file is not pending (or gone). The last
   * claim wins: an earlier run still writing sees it has lost (holdsGeneration) and stops.
   */
  async claimGeneration(storeId: string, fileId: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable("vector_store_files")
      .set((eb) => ({ staging_generation: eb("staging_generation", "+", 1) }))
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .where("status", "=", "pending")
      .returning("staging_generation")
      .executeTakeFirst();
    return row ? Number(row.staging_generation) : undefined;
  }

  /** Whether the run that claimed `generation` may still write and publish it. */
  async holdsGeneration(storeId: string, fileId: string, generation: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("vector_store_files")
      .select("file_id")
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .where("status", "=", "pending")
      .where("staging_generation", "=", generation)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Updates the store file only while the run that claimed `generation` holds it (pending, not
   * claimed since): publishing its chunks (`live_generation`) or recording its failure. False
   * when it no longer holds it, and nothing changed.
   */
  async updateClaimedStoreFile(
    storeId: string,
    fileId: string,
    generation: number,
    patch: Updateable<VectorStoreFilesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("vector_store_files")
      .set(patch)
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .where("status", "=", "pending")
      .where("staging_generation", "=", generation)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Hides the chunks of a store's files (or of one) from search, before they are deleted in
   * batches, and stops any ingestion of them: no generation is live, and no claim holds.
   */
  async hideStoreFiles(storeId: string, fileId?: string): Promise<void> {
    let query = this.db
      .updateTable("vector_store_files")
      .set((eb) => ({ live_generation: -1, staging_generation: eb("staging_generation", "+", 1) }))
      .where("vector_store_id", "=", storeId);
    if (fileId) query = query.where("file_id", "=", fileId);
    await query.execute();
  }

  /** Counts a parse of the store file as begun (its `parse_attempts`, docs/operations.md). */
  async addParseAttempt(storeId: string, fileId: string): Promise<void> {
    await this.db
      .updateTable("vector_store_files")
      .set((eb) => ({ parse_attempts: eb("parse_attempts", "+", 1) }))
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .execute();
  }

  private storeFiles() {
    return this.db
      .selectFrom("vector_store_files")
      .innerJoin("knowledge_files", "knowledge_files.id", "vector_store_files.file_id")
      .selectAll("vector_store_files")
      .select("knowledge_files.filename");
  }

  findStoreFile(storeId: string, fileId: string): Promise<VectorStoreFileRow | undefined> {
    return this.storeFiles()
      .where("vector_store_files.vector_store_id", "=", storeId)
      .where("vector_store_files.file_id", "=", fileId)
      .executeTakeFirst();
  }

  async listStoreFiles(
    storeId: string,
    page: CursorPage,
    filter: { status?: string | undefined; batchId?: string | undefined } = {},
  ): Promise<VectorStoreFileRow[]> {
    let query = this.storeFiles().where("vector_store_files.vector_store_id", "=", storeId);
    if (filter.status)
      query = query.where("vector_store_files.status", "=", filter.status as VectorStoreFileRow["status"]);
    if (filter.batchId) query = query.where("vector_store_files.batch_id", "=", filter.batchId);
    const { limit, order, after, before } = page;
    const direction = order === "asc" ? ">" : "<";
    const opposite = order === "asc" ? "<" : ">";
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb("vector_store_files.created_at", direction, after.createdAt),
          eb.and([
            eb("vector_store_files.created_at", "=", after.createdAt),
            eb("vector_store_files.file_id", direction, after.id),
          ]),
        ]),
      );
    }
    if (before) {
      query = query.where((eb) =>
        eb.or([
          eb("vector_store_files.created_at", opposite, before.createdAt),
          eb.and([
            eb("vector_store_files.created_at", "=", before.createdAt),
            eb("vector_store_files.file_id", opposite, before.id),
          ]),
        ]),
      );
    }
    // A page before a cursor is the nearest rows before it: read backwards, then turn round.
    const reading = before && !after ? (order === "asc" ? "desc" : "asc") : order;
    const rows = await query
      .orderBy("vector_store_files.created_at", reading)
      .orderBy("vector_store_files.file_id", reading)
      .limit(limit)
      .execute();
    return inPageOrder(rows, page);
  }

  /** Store files of a file (to know which stores a deleted file leaves). */
  storesOfFile(fileId: string): Promise<Array<{ vector_store_id: string }>> {
    return this.db
      .selectFrom("vector_store_files")
      .select("vector_store_id")
      .where("file_id", "=", fileId)
      .execute();
  }

  async updateStoreFile(
    storeId: string,
    fileId: string,
    patch: Updateable<VectorStoreFilesTable>,
  ): Promise<number> {
    const result = await this.db
      .updateTable("vector_store_files")
      .set(patch)
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteStoreFile(storeId: string, fileId: string): Promise<void> {
    await this.db
      .deleteFrom("vector_store_files")
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .execute();
  }

  /** Counts per status, and the bytes, of a store's files (or one batch's). */
  async statusCounts(
    storeId: string,
    batchId?: string,
  ): Promise<{ counts: StatusCounts; usageBytes: number }> {
    let query = this.db
      .selectFrom("vector_store_files")
      .select((eb) => [
        "status",
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>("usage_bytes").as("bytes"),
      ])
      .where("vector_store_id", "=", storeId)
      .groupBy("status");
    if (batchId) query = query.where("batch_id", "=", batchId);
    const counts: StatusCounts = { pending: 0, processed: 0, error: 0, cancelled: 0 };
    let usageBytes = 0;
    for (const row of await query.execute()) {
      counts[row.status] = Number(row.n);
      usageBytes += Number(row.bytes ?? 0);
    }
    return { counts, usageBytes };
  }

  /** Pending store files with no live ingestion (for resuming after a crash). */
  pendingStoreFiles(): Promise<Array<{ vector_store_id: string; file_id: string; project_id: string }>> {
    return this.db
      .selectFrom("vector_store_files")
      .select(["vector_store_id", "file_id", "project_id"])
      .where("status", "=", "pending")
      .execute();
  }

  async insertBatch(row: FileBatchRow): Promise<void> {
    await this.db.insertInto("vector_store_file_batches").values(row).execute();
  }

  findBatch(id: string): Promise<FileBatchRow | undefined> {
    return this.db
      .selectFrom("vector_store_file_batches")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async cancelBatch(id: string, now: string): Promise<void> {
    await this.db
      .updateTable("vector_store_file_batches")
      .set({ cancelled: 1 })
      .where("id", "=", id)
      .execute();
    await this.db
      .updateTable("vector_store_files")
      .set({ status: "cancelled", updated_at: now })
      .where("batch_id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  /**
   * Replaces a store file's chunks with the given ones (of the file's live generation, 0 unless
   * given) in the caller's transaction; returns their ids, in order. Loading tools use it;
   * ingestion writes generations in batches (insertChunks).
   */
  async replaceChunks(
    storeId: string,
    fileId: string,
    chunks: Array<Omit<Insertable<KnowledgeChunksTable>, "id">>,
  ): Promise<number[]> {
    await this.deleteChunks(storeId, fileId);
    return this.insertChunks(chunks);
  }

  /** Inserts chunks, one statement each (one prepared text whatever the batch); their ids, in order. */
  async insertChunks(chunks: Array<Omit<Insertable<KnowledgeChunksTable>, "id">>): Promise<number[]> {
    const ids: number[] = [];
    for (const chunk of chunks) {
      const row = await this.db
        .insertInto("knowledge_chunks")
        .values(chunk)
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  }

  /** Ids of a store's chunks, or of one store file's, whatever their generation (at most `limit`). */
  async chunkIds(storeId: string, fileId?: string, limit?: number): Promise<number[]> {
    let query = this.db.selectFrom("knowledge_chunks").select("id").where("vector_store_id", "=", storeId);
    if (fileId) query = query.where("file_id", "=", fileId);
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map((row) => Number(row.id));
  }

  /**
   * Ids of a store file's chunks that no search sees and no ingestion run will publish (at most
   * `limit`): older generations, those a crashed or superseded run left, and, once the file is
   * no longer pending, any generation but the live one.
   */
  async staleChunkIds(storeId: string, fileId: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("knowledge_chunks as c")
      .innerJoin("vector_store_files as s", (join) =>
        join.onRef("s.vector_store_id", "=", "c.vector_store_id").onRef("s.file_id", "=", "c.file_id"),
      )
      .select("c.id")
      .where("c.vector_store_id", "=", storeId)
      .where("c.file_id", "=", fileId)
      .where((eb) =>
        eb.or([
          eb("c.generation", "<", eb.ref("s.live_generation")),
          eb.and([
            eb("c.generation", ">", eb.ref("s.live_generation")),
            eb.or([eb("c.generation", "<", eb.ref("s.staging_generation")), eb("s.status", "!=", "pending")]),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.id));
  }

  async deleteChunksById(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom("knowledge_chunks").where("id", "in", ids).execute();
  }

  async deleteChunks(storeId: string, fileId: string): Promise<void> {
    await this.db
      .deleteFrom("knowledge_chunks")
      .where("vector_store_id", "=", storeId)
      .where("file_id", "=", fileId)
      .execute();
  }

  /** The chunks of a store file that search sees (its live generation), in order. */
  chunksOfFile(storeId: string, fileId: string): Promise<Array<{ content: string }>> {
    return this.db
      .selectFrom("knowledge_chunks as c")
      .innerJoin("vector_store_files as s", (join) =>
        join.onRef("s.vector_store_id", "=", "c.vector_store_id").onRef("s.file_id", "=", "c.file_id"),
      )
      .select("c.content")
      .where("c.vector_store_id", "=", storeId)
      .where("c.file_id", "=", fileId)
      .whereRef("c.generation", "=", "s.live_generation")
      .orderBy("c.chunk_index")
      .execute();
  }

  /**
   * Chunks by id, with what a search result shows; only those search sees (of their file's live
   * generation). One statement, so one search never shows a file's old and new chunks together.
   */
  async chunksById(ids: number[]): Promise<
    Array<
      Pick<KnowledgeChunkRow, "id" | "vector_store_id" | "file_id" | "chunk_index" | "content"> & {
        filename: string;
        attributes: string;
      }
    >
  > {
    if (ids.length === 0) return [];
    return (
      this.db
        .selectFrom("knowledge_chunks")
        .innerJoin("knowledge_files", "knowledge_files.id", "knowledge_chunks.file_id")
        .innerJoin("vector_store_files", (join) =>
          join
            .onRef("vector_store_files.vector_store_id", "=", "knowledge_chunks.vector_store_id")
            .onRef("vector_store_files.file_id", "=", "knowledge_chunks.file_id"),
        )
        // Not the vectors (nor, on PostgreSQL, the tsvector and pgvector columns): a result shows text.
        .select([
          "knowledge_chunks.id",
          "knowledge_chunks.vector_store_id",
          "knowledge_chunks.file_id",
          "knowledge_chunks.chunk_index",
          "knowledge_chunks.content",
          "knowledge_files.filename",
          "vector_store_files.attributes",
        ])
        .where("knowledge_chunks.id", "in", ids)
        .whereRef("knowledge_chunks.generation", "=", "vector_store_files.live_generation")
        .execute()
    );
  }

  /**
   * Full-text candidates: chunks of the stores matching any of the words, best first (FTS5's
   * bm25 rank on SQLite, ts_rank on PostgreSQL). Only chunks search sees (of their file's live
   * generation) take a place among the `limit`.
   */
  async fullText(storeIds: string[], words: string[], limit: number): Promise<number[]> {
    if (storeIds.length === 0 || words.length === 0) return [];
    if (dialectOf(this.db) === "postgres") {
      const query = words
        .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
        .filter(Boolean)
        .join(" | ");
      if (!query) return [];
      const rows = await sql<{ id: number }>`select c.id from knowledge_chunks c
        join vector_store_files s on s.vector_store_id = c.vector_store_id and s.file_id = c.file_id
        where c.vector_store_id in (${sql.join(storeIds)}) and c.search @@ to_tsquery('simple', ${query})
          and c.generation = s.live_generation
        order by ts_rank(c.search, to_tsquery('simple', ${query})) desc limit ${limit}`.execute(this.db);
      return rows.rows.map((row) => Number(row.id));
    }
    const quote = (text: string) => `"${text.replace(/"/g, "")}"`;
    const match = `vector_store_id : (${storeIds.map(quote).join(" OR ")}) AND content : (${words.map(quote).join(" OR ")})`;
    const rows = await sql<{ id: number }>`select f.rowid as id from knowledge_chunks_fts f
      join knowledge_chunks c on c.id = f.rowid
      join vector_store_files s on s.vector_store_id = c.vector_store_id and s.file_id = c.file_id
      where knowledge_chunks_fts match ${match} and c.generation = s.live_generation
      order by f.rank limit ${limit}`.execute(this.db);
    return rows.rows.map((row) => Number(row.id));
  }
}

/** Keyset paging over (created_at, id) for the tables that have both. */
function paged<T extends "knowledge_files" | "vector_stores", O>(
  query: SelectQueryBuilder<Database, T, O>,
  page: CursorPage,
): SelectQueryBuilder<Database, T, O> {
  const { limit, order, after, before } = page;
  const keyset = (cursor: { createdAt: string; id: string }, operator: ">" | "<") =>
    sql<boolean>`(created_at ${sql.raw(operator)} ${cursor.createdAt} or (created_at = ${cursor.createdAt} and id ${sql.raw(operator)} ${cursor.id}))`;
  let q = query;
  if (after) q = q.where(keyset(after, order === "asc" ? ">" : "<"));
  if (before) q = q.where(keyset(before, order === "asc" ? "<" : ">"));
  // A page before a cursor is the nearest rows before it: read backwards (inPageOrder turns round).
  const reading = before && !after ? (order === "asc" ? "desc" : "asc") : order;
  return q.orderBy(sql.ref("created_at"), reading).orderBy(sql.ref("id"), reading).limit(limit);
}

/** Rows read backwards for a `before` page, back in the page's order. */
function inPageOrder<T>(rows: T[], page: CursorPage): T[] {
  return page.before && !page.after ? rows.reverse() : rows;
}
