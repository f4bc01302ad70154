import type { Readable } from "node:stream";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { forbidden, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type {
  KnowledgeFileRow,
  VectorStoreFileRow,
  VectorStoreRow,
} from "../../storage/repos/knowledge.repo.js";
import type { StoreVectorIndex } from "../../storage/vector-index/vector-index.js";
import type { Embedder } from "../memory/index.js";
import { dropChunks } from "./drop-chunks.js";
import type { FileStore } from "./file-store.js";
import { HybridSearch } from "./hybrid-search.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import { type DocumentParser, ParsePool } from "./ingest/parse-pool.js";
import { type ChunkBatchHook, Ingestion } from "./ingestion.js";
import { INGEST_MAX_ATTEMPTS, ingestFileJob } from "./jobs.js";
import type {
  AttributeValue,
  Deleted,
  ExpiresAfter,
  FileBatchRecord,
  FileQuery,
  FileRecord,
  KnowledgeApi,
  NewFile,
  NewFileBatch,
  NewStore,
  NewStoreFile,
  Page,
  PageQuery,
  SearchHit,
  SearchRequest,
  StoreFileQuery,
  StoreFileRecord,
  StorePatch,
  VectorStoreRecord,
} from "./knowledge-api.js";
import { page, toFile, toStoreFile, withTotal } from "./records.js";

export interface KnowledgeDeps {
  repos: Repos;
  transactor: Transactor;
  files: FileStore;
  vectors: StoreVectorIndex;
  embedder: Embedder;
  /** Parses and chunks files off the event loop; a ParsePool of the defaults unless given. */
  parser?: DocumentParser | undefined;
  clock: Clock;
  newId: IdGenerator;
  /** Called between the batches in which ingestion writes a file's chunks (tests hold it there). */
  afterChunkBatch?: ChunkBatchHook | undefined;
}

const DAY_MS = 86_400_000;
const AUTO: ChunkingStrategy = { type: "auto" };

/** A passage a bot's knowledge_search found: its text for the model, and where it came from for the trace. */
export interface BotKnowledgeHit {
  text: string;
  source: string;
  score: number;
  passage: { vectorStoreId: string; fileId: string; fileName: string; chunk: number; score: number };
}

/**
 * Files, vector stores, ingestion and search (docs/knowledge.md): the one implementation behind
 * `/v1` and the OpenAI-compatible mirror. A store's files are ingested by a durable job each
 * (parse, chunk, embed, index), so a crash resumes them and no file stays `pending` forever;
 * search fuses full-text and vector retrieval by reciprocal rank.
 */
export class KnowledgeService implements KnowledgeApi {
  private readonly prepare: () => Promise<void>;
  private readonly searcher: HybridSearch;
  private readonly ingestion: Ingestion;

  constructor(private readonly deps: KnowledgeDeps) {
    let prepared: Promise<void> | undefined;
    // The vector index is made ready once, on first use (it needs the database).
    this.prepare = () => {
      prepared ??= deps.vectors.prepare(deps.embedder);
      return prepared;
    };
    this.searcher = new HybridSearch({ ...deps, prepare: this.prepare });
    this.ingestion = new Ingestion({
      ...deps,
      parser: deps.parser ?? new ParsePool(),
      prepare: this.prepare,
    });
  }

  // Files

  async createFile(projectId: string, file: NewFile): Promise<FileRecord> {
    const id = this.deps.newId("file");
    const path = `${projectId}/${id}`;
    const bytes = await this.deps.files.write(path, file.content);
    const row: KnowledgeFileRow = {
      id,
      project_id: projectId,
      filename: file.filename.slice(0, 255) || "file",
      purpose: file.purpose,
      bytes,
      path,
      created_at: this.now(),
    };
    await this.deps.repos.knowledge.insertFile(row);
    return toFile(row);
  }

  async listFiles(projectId: string, query: FileQuery): Promise<Page<FileRecord>> {
    const rows = await this.deps.repos.knowledge.listFiles(
      projectId,
      await this.cursor(query, (id) => this.deps.repos.knowledge.findFile(id), projectId),
      query.purpose,
    );
    return page(rows.map(toFile), query);
  }

  async getFile(projectId: string, fileId: string): Promise<FileRecord> {
    return toFile(await this.file(projectId, fileId));
  }

  async fileContent(projectId: string, fileId: string): Promise<{ file: FileRecord; content: Readable }> {
    const row = await this.file(projectId, fileId);
    return { file: toFile(row), content: this.deps.files.read(row.path) };
  }

  async deleteFile(projectId: string, fileId: string): Promise<Deleted> {
    const row = await this.file(projectId, fileId);
    for (const { vector_store_id: storeId } of await this.deps.repos.knowledge.storesOfFile(row.id)) {
      await this.removeStoreFile(storeId, row.id);
    }
    await this.deps.repos.knowledge.deleteFile(row.id);
    await this.deps.files.remove(row.path);
    return { id: row.id, deleted: true };
  }

  // Stores

  async createStore(projectId: string, input: NewStore): Promise<VectorStoreRecord> {
    const files = await Promise.all((input.fileIds ?? []).map((id) => this.file(projectId, id)));
    const now = this.now();
    const row: VectorStoreRow = {
      id: this.deps.newId("vs"),
      project_id: projectId,
      name: input.name ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      expires_after: input.expiresAfter ? JSON.stringify(input.expiresAfter) : null,
      expires_at: input.expiresAfter
        ? new Date(Date.parse(now) + input.expiresAfter.days * DAY_MS).toISOString()
        : null,
      last_active_at: now,
      created_at: now,
      updated_at: now,
    };
    await this.deps.transactor.run(projectId, async (unit) => {
      await unit.repos.knowledge.insertStore(row);
      for (const file of files) await this.attach(unit, row, file, {}, input.chunkingStrategy ?? AUTO, null);
    });
    return this.toStore(row);
  }

  async listStores(projectId: string, query: PageQuery): Promise<Page<VectorStoreRecord>> {
    const rows = await this.deps.repos.knowledge.listStores(
      projectId,
      await this.cursor(query, (id) => this.deps.repos.knowledge.findStore(id), projectId),
    );
    const records = await Promise.all(rows.map((row) => this.toStore(row)));
    return page(records, query);
  }

  async getStore(projectId: string, storeId: string): Promise<VectorStoreRecord> {
    return this.toStore(await this.store(projectId, storeId));
  }

  async updateStore(projectId: string, storeId: string, input: StorePatch): Promise<VectorStoreRecord> {
    const row = await this.store(projectId, storeId);
    const now = this.now();
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.metadata !== undefined ? { metadata: JSON.stringify(input.metadata ?? {}) } : {}),
      ...(input.expiresAfter !== undefined
        ? {
            expires_after: input.expiresAfter ? JSON.stringify(input.expiresAfter) : null,
            expires_at: input.expiresAfter
              ? new Date(
                  Date.parse(row.last_active_at ?? now) + input.expiresAfter.days * DAY_MS,
                ).toISOString()
              : null,
          }
        : {}),
      updated_at: now,
    };
    await this.deps.repos.knowledge.updateStore(row.id, patch);
    return this.toStore({ ...row, ...patch });
  }

  /**
   * Its files are hidden from search and their ingestion stopped at once; their chunks are then
   * deleted in batches (dropChunks), and the store with the last of them.
   */
  async deleteStore(projectId: string, storeId: string): Promise<Deleted> {
    const row = await this.store(projectId, storeId);
    // The vector index is made ready on the root handle before the transactions, as ingestion
    // and search do: its first use detects the backend and may create its table, and a query
    // on the root handle inside a transaction would wait on the transaction itself.
    await this.prepare();
    await this.deps.repos.knowledge.hideStoreFiles(row.id);
    await dropChunks(this.deps, (repos, limit) => repos.knowledge.chunkIds(row.id, undefined, limit));
    await this.deps.repos.transaction(async (repos) => {
      // Whatever a batch of an ingestion wrote since (none once it has seen the file hidden).
      await this.deps.vectors.remove(
        repos.knowledge.connection,
        this.deps.embedder,
        await repos.knowledge.chunkIds(row.id),
      );
      await repos.knowledge.deleteStore(row.id);
    });
    return { id: row.id, deleted: true };
  }

  /** Housekeeping: stores past their expiry are deleted with their chunks. */
  async deleteExpiredStores(): Promise<number> {
    const expired = await this.deps.repos.knowledge.expiredStores(this.now());
    for (const row of expired) await this.deleteStore(row.project_id, row.id);
    return expired.length;
  }

  // Store files

  async addStoreFile(projectId: string, storeId: string, input: NewStoreFile): Promise<StoreFileRecord> {
    const store = await this.store(projectId, storeId);
    const file = await this.file(projectId, input.fileId);
    await this.deps.transactor.run(projectId, (unit) =>
      this.attach(unit, store, file, input.attributes ?? {}, input.chunkingStrategy ?? AUTO, null),
    );
    return this.getStoreFile(projectId, storeId, file.id);
  }

  async listStoreFiles(
    projectId: string,
    storeId: string,
    query: StoreFileQuery,
  ): Promise<Page<StoreFileRecord>> {
    await this.store(projectId, storeId);
    // A batch's files: the batch must be one of this store's (404 file_batch_not_found, as
    // getting it is), not an empty page (docs/knowledge.md).
    if (query.batchId !== undefined) await this.batch(storeId, query.batchId);
    const cursorOf = async (id: string | undefined) => {
      if (!id) return undefined;
      const row = await this.deps.repos.knowledge.findStoreFile(storeId, id);
      if (!row)
        throw validationFailed([{ path: "query", message: `'${id}' is not a file of this vector store` }]);
      return { createdAt: row.created_at, id: row.file_id };
    };
    const rows = await this.deps.repos.knowledge.listStoreFiles(
      storeId,
      {
        limit: query.limit + 1,
        order: query.order,
        after: await cursorOf(query.after),
        before: await cursorOf(query.before),
      },
      { status: query.filter, batchId: query.batchId },
    );
    return page(rows.map(toStoreFile), query);
  }

  async getStoreFile(projectId: string, storeId: string, fileId: string): Promise<StoreFileRecord> {
    return toStoreFile(await this.storeFile(projectId, storeId, fileId));
  }

  async updateStoreFile(
    projectId: string,
    storeId: string,
    fileId: string,
    attributes: Record<string, AttributeValue>,
  ): Promise<StoreFileRecord> {
    const row = await this.storeFile(projectId, storeId, fileId);
    await this.deps.repos.knowledge.updateStoreFile(storeId, fileId, {
      attributes: JSON.stringify(attributes),
      updated_at: this.now(),
    });
    return toStoreFile({ ...row, attributes: JSON.stringify(attributes) });
  }

  async storeFileContent(projectId: string, storeId: string, fileId: string) {
    await this.storeFile(projectId, storeId, fileId);
    return (await this.deps.repos.knowledge.chunksOfFile(storeId, fileId)).map((chunk) => ({
      type: "text" as const,
      text: chunk.content,
    }));
  }

  async deleteStoreFile(projectId: string, storeId: string, fileId: string): Promise<Deleted> {
    await this.storeFile(projectId, storeId, fileId);
    await this.removeStoreFile(storeId, fileId);
    return { id: fileId, deleted: true };
  }

  // Batches

  async createFileBatch(projectId: string, storeId: string, input: NewFileBatch): Promise<FileBatchRecord> {
    const store = await this.store(projectId, storeId);
    const files = await Promise.all(input.fileIds.map((id) => this.file(projectId, id)));
    const id = this.deps.newId("vsfb");
    await this.deps.transactor.run(projectId, async (unit) => {
      await unit.repos.knowledge.insertBatch({
        id,
        vector_store_id: store.id,
        project_id: projectId,
        cancelled: 0,
        created_at: this.now(),
      });
      for (const file of files) {
        await this.attach(unit, store, file, input.attributes ?? {}, input.chunkingStrategy ?? AUTO, id);
      }
    });
    return this.getFileBatch(projectId, storeId, id);
  }

  async getFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord> {
    await this.store(projectId, storeId);
    const batch = await this.batch(storeId, batchId);
    const { counts } = await this.deps.repos.knowledge.statusCounts(storeId, batchId);
    const fileCounts = withTotal(counts);
    const status =
      batch.cancelled === 1
        ? "cancelled"
        : counts.pending > 0
          ? "in_progress"
          : counts.error === fileCounts.total && fileCounts.total > 0
            ? "failed"
            : "completed";
    return { id: batch.id, vectorStoreId: storeId, status, fileCounts, createdAt: batch.created_at };
  }

  async cancelFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord> {
    await this.getFileBatch(projectId, storeId, batchId);
    await this.deps.repos.knowledge.cancelBatch(batchId, this.now());
    return this.getFileBatch(projectId, storeId, batchId);
  }

  // Search

  async search(
    projectId: string,
    storeId: string,
    request: SearchRequest,
  ): Promise<{ query: string[]; hits: SearchHit[] }> {
    const store = await this.store(projectId, storeId);
    await this.deps.repos.knowledge.updateStore(store.id, {
      last_active_at: this.now(),
      ...this.renewedExpiry(store),
    });
    const queries = (Array.isArray(request.query) ? request.query : [request.query])
      .map((q) => q.trim())
      .filter(Boolean);
    const hits = await this.searchStores([store.id], queries, request);
    return { query: queries, hits };
  }

  /** Hybrid search over several stores (the bots' knowledge_search). */
  searchStores(
    storeIds: string[],
    queries: string[],
    request: Omit<SearchRequest, "query">,
  ): Promise<SearchHit[]> {
    return this.searcher.searchStores(storeIds, queries, request);
  }

  /** The ingestion job (see Ingestion). */
  ingest(storeId: string, fileId: string, attempt: number): Promise<void> {
    return this.ingestion.ingest(storeId, fileId, attempt);
  }

  /** Housekeeping and start-up: a pending store file whose job is gone gets one again. */
  resumePending(): Promise<void> {
    return this.ingestion.resumePending();
  }

  /**
   * What a bot's knowledge_search finds (docs/knowledge.md, "Bots"): the passages of the
   * project's stores among `vectorStoreIds` (others are skipped) best matching `query`, with
   * where each came from. The engine's turns and evaluations (docs/quality.md, "Evaluations")
   * both search through here, each with the store ids of the settings they run.
   */
  async searchForBot(
    projectId: string,
    vectorStoreIds: readonly string[],
    query: string,
    limit: number,
  ): Promise<BotKnowledgeHit[]> {
    const stores = await this.ownStores(projectId, vectorStoreIds);
    const hits = await this.searchStores(stores, [query], { maxNumResults: limit });
    return hits.map((hit) => ({
      text: hit.content.map((part) => part.text).join("\n"),
      source: `${hit.filename} (${hit.fileId})`,
      score: hit.score,
      passage: {
        vectorStoreId: hit.vectorStoreId,
        fileId: hit.fileId,
        fileName: hit.filename,
        chunk: hit.chunkIndex,
        score: hit.score,
      },
    }));
  }

  /** The stores of a project among `ids` (a bot's `ai.knowledge.vector_store_ids`; others are skipped). */
  async ownStores(projectId: string, ids: readonly string[]): Promise<string[]> {
    const owned: string[] = [];
    for (const id of ids) {
      const row = await this.deps.repos.knowledge.findStore(id);
      if (row?.project_id === projectId) owned.push(id);
    }
    return owned;
  }

  // Helpers

  private async attach(
    unit: Parameters<Parameters<Transactor["run"]>[1]>[0],
    store: VectorStoreRow,
    file: KnowledgeFileRow,
    attributes: Record<string, AttributeValue>,
    strategy: ChunkingStrategy,
    batchId: string | null,
  ): Promise<void> {
    const now = this.now();
    await unit.repos.knowledge.upsertStoreFile({
      vector_store_id: store.id,
      file_id: file.id,
      project_id: store.project_id,
      status: "pending",
      last_error: null,
      attributes: JSON.stringify(attributes),
      chunking_strategy: JSON.stringify(strategy),
      usage_bytes: 0,
      batch_id: batchId,
      created_at: now,
      updated_at: now,
    });
    await unit.enqueue({
      ...jobOf(ingestFileJob, { projectId: store.project_id, storeId: store.id, fileId: file.id }),
      maxAttempts: INGEST_MAX_ATTEMPTS,
    });
  }

  /**
   * Takes a file out of a store: hidden from search and its ingestion stopped at once, its
   * chunks deleted in batches, then the store file with the last of them (as deleteStore).
   */
  private async removeStoreFile(storeId: string, fileId: string): Promise<void> {
    await this.prepare(); // before the transactions: see deleteStore
    await this.deps.repos.knowledge.hideStoreFiles(storeId, fileId);
    await dropChunks(this.deps, (repos, limit) => repos.knowledge.chunkIds(storeId, fileId, limit));
    await this.deps.repos.transaction(async (repos) => {
      await this.deps.vectors.remove(
        repos.knowledge.connection,
        this.deps.embedder,
        await repos.knowledge.chunkIds(storeId, fileId),
      );
      await repos.knowledge.deleteStoreFile(storeId, fileId);
    });
  }

  private renewedExpiry(store: VectorStoreRow) {
    if (!store.expires_after) return {};
    const { days } = JSON.parse(store.expires_after) as ExpiresAfter;
    return { expires_at: new Date(this.deps.clock.now().getTime() + days * DAY_MS).toISOString() };
  }

  private async toStore(row: VectorStoreRow): Promise<VectorStoreRecord> {
    const { counts, usageBytes } = await this.deps.repos.knowledge.statusCounts(row.id);
    const fileCounts = withTotal(counts);
    return {
      id: row.id,
      projectId: row.project_id,
      name: row.name,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      status:
        counts.pending > 0 ? "indexing" : counts.error > 0 && counts.processed === 0 ? "error" : "ready",
      fileCounts,
      usageBytes,
      expiresAfter: row.expires_after ? (JSON.parse(row.expires_after) as ExpiresAfter) : null,
      expiresAt: row.expires_at,
      lastActiveAt: row.last_active_at,
      createdAt: row.created_at,
    };
  }

  private async cursor<R extends { project_id: string; created_at: string; id: string }>(
    query: PageQuery,
    find: (id: string) => Promise<R | undefined>,
    projectId: string,
  ) {
    const resolve = async (id: string | undefined) => {
      if (!id) return undefined;
      const row = await find(id);
      if (row?.project_id !== projectId)
        throw validationFailed([{ path: "query", message: `'${id}' is not a cursor of this list` }]);
      return { createdAt: row.created_at, id: row.id };
    };
    return {
      limit: query.limit + 1,
      order: query.order,
      after: await resolve(query.after),
      before: await resolve(query.before),
    };
  }

  private async file(projectId: string, fileId: string): Promise<KnowledgeFileRow> {
    const row = await this.deps.repos.knowledge.findFile(fileId);
    if (!row) throw notFound("file", fileId);
    if (row.project_id !== projectId) throw forbidden(`The file '${fileId}' belongs to another project.`);
    return row;
  }

  /** A batch of the store (already resolved for the caller's project), or 404. */
  private async batch(storeId: string, batchId: string) {
    const batch = await this.deps.repos.knowledge.findBatch(batchId);
    if (!batch || batch.vector_store_id !== storeId) throw notFound("file_batch", batchId);
    return batch;
  }

  private async store(projectId: string, storeId: string): Promise<VectorStoreRow> {
    const row = await this.deps.repos.knowledge.findStore(storeId);
    if (!row) throw notFound("vector_store", storeId);
    if (row.project_id !== projectId)
      throw forbidden(`The vector store '${storeId}' belongs to another project.`);
    return row;
  }

  private async storeFile(projectId: string, storeId: string, fileId: string): Promise<VectorStoreFileRow> {
    await this.store(projectId, storeId);
    const row = await this.deps.repos.knowledge.findStoreFile(storeId, fileId);
    if (!row) throw notFound("vector_store_file", fileId);
    return row;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
