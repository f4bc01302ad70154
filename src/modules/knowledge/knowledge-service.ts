import type { Readable } from "node:stream";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { forbidden, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../jobs/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type {
  KnowledgeFileRow,
  VectorStoreFileRow,
  VectorStoreRow,
} from "../../storage/repos/knowledge.repo.js";
import type { KnowledgeVectors } from "../../storage/vector-index/knowledge-vectors.js";
import { normalize, toBytes } from "../../storage/vector-index/vectors.js";
import type { Embedder } from "../memory/embedder.js";
import type { FileStore } from "./file-store.js";
import { chunkText } from "./ingest/chunk-text.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import { DocumentParseError, parseDocument } from "./ingest/parse-document.js";
import { INGEST_MAX_ATTEMPTS, ingestFileJob } from "./jobs.js";
import type {
  AttributeValue,
  ExpiresAfter,
  FileBatchRecord,
  FileRecord,
  KnowledgeApi,
  NewFile,
  Page,
  PageQuery,
  SearchHit,
  SearchRequest,
  StoreFileRecord,
  VectorStoreRecord,
} from "./knowledge-api.js";
import { matchesFilter } from "./search-filters.js";

export interface KnowledgeDeps {
  repos: Repos;
  transactor: Transactor;
  files: FileStore;
  vectors: KnowledgeVectors;
  embedder: Embedder;
  clock: Clock;
  newId: IdGenerator;
}

const DAY_MS = 86_400_000;
const AUTO: ChunkingStrategy = { type: "auto" };
/** Reciprocal rank fusion's constant: ranks beyond a few dozen barely count. */
const RRF_K = 60;
/** Candidates taken from each retriever before fusion. */
const CANDIDATES = 50;

/**
 * Files, vector stores, ingestion and search (docs/knowledge.md): the one implementation behind
 * `/v1` and the OpenAI-compatible mirror. A store's files are ingested by a durable job each
 * (parse, chunk, embed, index), so a crash resumes them and no file stays `pending` forever;
 * search fuses full-text and vector retrieval by reciprocal rank.
 */
export class KnowledgeService implements KnowledgeApi {
  private prepared: Promise<void> | undefined;

  constructor(private readonly deps: KnowledgeDeps) {}

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

  async listFiles(
    projectId: string,
    query: PageQuery & { purpose?: string | undefined },
  ): Promise<Page<FileRecord>> {
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

  async deleteFile(projectId: string, fileId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.file(projectId, fileId);
    for (const { vector_store_id: storeId } of await this.deps.repos.knowledge.storesOfFile(row.id)) {
      await this.dropChunks(storeId, row.id);
    }
    await this.deps.repos.knowledge.deleteFile(row.id);
    await this.deps.files.remove(row.path);
    return { id: row.id, deleted: true };
  }

  // Stores

  async createStore(
    projectId: string,
    input: {
      name?: string | undefined;
      fileIds?: string[] | undefined;
      metadata?: Record<string, string> | undefined;
      chunkingStrategy?: ChunkingStrategy | undefined;
      expiresAfter?: ExpiresAfter | undefined;
    },
  ): Promise<VectorStoreRecord> {
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

  async updateStore(
    projectId: string,
    storeId: string,
    input: {
      name?: string | null | undefined;
      metadata?: Record<string, string> | null | undefined;
      expiresAfter?: ExpiresAfter | null | undefined;
    },
  ): Promise<VectorStoreRecord> {
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

  async deleteStore(projectId: string, storeId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.store(projectId, storeId);
    await this.deps.repos.transaction(async (repos) => {
      await this.deps.vectors.remove(
        this.db(repos),
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

  async addStoreFile(
    projectId: string,
    storeId: string,
    input: {
      fileId: string;
      attributes?: Record<string, AttributeValue> | undefined;
      chunkingStrategy?: ChunkingStrategy | undefined;
    },
  ): Promise<StoreFileRecord> {
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
    query: PageQuery & { filter?: StoreFileRecord["status"] | undefined; batchId?: string | undefined },
  ): Promise<Page<StoreFileRecord>> {
    await this.store(projectId, storeId);
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

  async deleteStoreFile(
    projectId: string,
    storeId: string,
    fileId: string,
  ): Promise<{ id: string; deleted: true }> {
    await this.storeFile(projectId, storeId, fileId);
    await this.dropChunks(storeId, fileId);
    await this.deps.repos.knowledge.deleteStoreFile(storeId, fileId);
    return { id: fileId, deleted: true };
  }

  // Batches

  async createFileBatch(
    projectId: string,
    storeId: string,
    input: {
      fileIds: string[];
      attributes?: Record<string, AttributeValue> | undefined;
      chunkingStrategy?: ChunkingStrategy | undefined;
    },
  ): Promise<FileBatchRecord> {
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
    const batch = await this.deps.repos.knowledge.findBatch(batchId);
    if (!batch || batch.vector_store_id !== storeId) throw notFound("file_batch", batchId);
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
  async searchStores(
    storeIds: string[],
    queries: string[],
    request: Omit<SearchRequest, "query">,
  ): Promise<SearchHit[]> {
    if (storeIds.length === 0 || queries.length === 0) return [];
    await this.prepare();
    const ranks = new Map<number, number>();
    const fuse = (ids: number[]) =>
      ids.forEach((id, rank) => {
        ranks.set(id, (ranks.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
      });
    for (const query of queries) {
      const words = query
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1)
        .slice(0, 32);
      fuse(await this.deps.repos.knowledge.fullText(storeIds, words, CANDIDATES));
      const [vector] = await this.deps.embedder.embed([query.slice(0, this.deps.embedder.maxInputChars)]);
      if (vector)
        fuse(
          (await this.deps.vectors.nearest(this.deps.embedder, storeIds, normalize(vector), CANDIDATES)).map(
            (hit) => hit.id,
          ),
        );
    }
    // Normalised to 0..1: a chunk ranked first by every retriever for every query scores 1.
    const best = (2 * queries.length) / (RRF_K + 1);
    const ordered = [...ranks].sort((a, b) => b[1] - a[1]);
    const rows = new Map(
      (await this.deps.repos.knowledge.chunksById(ordered.map(([id]) => id))).map((row) => [
        Number(row.id),
        row,
      ]),
    );
    const hits: SearchHit[] = [];
    for (const [id, fused] of ordered) {
      const row = rows.get(id);
      if (!row) continue;
      const attributes = JSON.parse(row.attributes) as Record<string, AttributeValue>;
      if (request.filters && !matchesFilter(attributes, request.filters)) continue;
      const score = Math.min(1, fused / best);
      if (request.scoreThreshold !== undefined && score < request.scoreThreshold) continue;
      hits.push({
        fileId: row.file_id,
        filename: row.filename,
        score,
        attributes,
        content: [{ type: "text", text: row.content }],
      });
      if (hits.length >= request.maxNumResults) break;
    }
    return hits;
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

  // Ingestion

  /**
   * The ingestion job: parse, chunk, embed and index one store file, replacing what an earlier
   * run left. A document that cannot be read ends in `error` with the reason; anything else is
   * retried, and after the last attempt the file is `error` too: no file stays pending.
   */
  async ingest(storeId: string, fileId: string, attempt: number): Promise<void> {
    const storeFile = await this.deps.repos.knowledge.findStoreFile(storeId, fileId);
    const file = await this.deps.repos.knowledge.findFile(fileId);
    if (!storeFile || !file || storeFile.status !== "pending") return;
    try {
      await this.prepare();
      const parsed = await parseDocument({
        bytes: await this.deps.files.readAll(file.path),
        filename: file.filename,
      });
      const strategy = JSON.parse(storeFile.chunking_strategy) as ChunkingStrategy;
      const chunks = chunkText(parsed.text, strategy);
      const vectors: number[][] = [];
      for (let start = 0; start < chunks.length; start += 64) {
        const batch = chunks
          .slice(start, start + 64)
          .map((chunk) => chunk.content.slice(0, this.deps.embedder.maxInputChars));
        vectors.push(...(await this.deps.embedder.embed(batch)));
      }
      const now = this.now();
      await this.deps.repos.transaction(async (repos) => {
        const current = await repos.knowledge.findStoreFile(storeId, fileId);
        if (current?.status !== "pending") return;
        await this.deps.vectors.remove(
          this.db(repos),
          this.deps.embedder,
          await repos.knowledge.chunkIds(storeId, fileId),
        );
        const units = chunks.map((chunk, index) => normalize(vectors[index] ?? []));
        const ids = await repos.knowledge.replaceChunks(
          storeId,
          fileId,
          chunks.map((chunk, index) => ({
            project_id: storeFile.project_id,
            vector_store_id: storeId,
            file_id: fileId,
            chunk_index: chunk.index,
            content: chunk.content,
            tokens: chunk.tokens,
            embedder_id: this.deps.embedder.id,
            vector: toBytes(units[index] ?? new Float32Array()),
            created_at: now,
          })),
        );
        await this.deps.vectors.add(
          this.db(repos),
          this.deps.embedder,
          ids.map((id, index) => ({ id, storeId, vector: units[index] ?? new Float32Array() })),
        );
        await repos.knowledge.updateStoreFile(storeId, fileId, {
          status: "processed",
          last_error: null,
          usage_bytes: Buffer.byteLength(parsed.text, "utf8"),
          updated_at: now,
        });
      });
    } catch (error) {
      const unreadable = error instanceof DocumentParseError;
      if (!unreadable && attempt < INGEST_MAX_ATTEMPTS) throw error;
      await this.deps.repos.knowledge.updateStoreFile(storeId, fileId, {
        status: "error",
        last_error: JSON.stringify({
          code: unreadable
            ? error.code === "unsupported_format"
              ? "unsupported_file"
              : "invalid_file"
            : "server_error",
          message: error instanceof Error ? error.message : String(error),
        }),
        updated_at: this.now(),
      });
    }
  }

  /** Housekeeping and start-up: a pending store file whose job is gone gets one again. */
  async resumePending(): Promise<void> {
    for (const row of await this.deps.repos.knowledge.pendingStoreFiles()) {
      await this.deps.transactor.run(row.project_id, (unit) =>
        unit.enqueue({
          ...jobOf(ingestFileJob, {
            projectId: row.project_id,
            storeId: row.vector_store_id,
            fileId: row.file_id,
          }),
          dedupeKey: `ingest:${row.vector_store_id}:${row.file_id}:resume`,
          maxAttempts: INGEST_MAX_ATTEMPTS,
        }),
      );
    }
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

  private async dropChunks(storeId: string, fileId: string): Promise<void> {
    await this.deps.repos.transaction(async (repos) => {
      await this.deps.vectors.remove(
        this.db(repos),
        this.deps.embedder,
        await repos.knowledge.chunkIds(storeId, fileId),
      );
      await repos.knowledge.deleteChunks(storeId, fileId);
    });
  }

  private db(repos: Repos) {
    return repos.knowledge.connection;
  }

  private prepare(): Promise<void> {
    this.prepared ??= this.deps.vectors.prepare(this.deps.embedder);
    return this.prepared;
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

function withTotal(counts: { pending: number; processed: number; error: number; cancelled: number }) {
  return { ...counts, total: counts.pending + counts.processed + counts.error + counts.cancelled };
}

/** A page from `limit + 1` rows; before a cursor the extra row is the farthest one, at the front. */
function page<T extends { id: string }>(rows: T[], query: PageQuery): Page<T> {
  const { limit } = query;
  const backwards = query.before !== undefined && query.after === undefined;
  const data = backwards ? rows.slice(Math.max(0, rows.length - limit)) : rows.slice(0, limit);
  return {
    data,
    hasMore: rows.length > limit,
    firstId: data[0]?.id ?? null,
    lastId: data.at(-1)?.id ?? null,
  };
}

function toFile(row: KnowledgeFileRow): FileRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    filename: row.filename,
    bytes: Number(row.bytes),
    purpose: row.purpose,
    createdAt: row.created_at,
  };
}

function toStoreFile(row: VectorStoreFileRow): StoreFileRecord {
  return {
    id: row.file_id,
    vectorStoreId: row.vector_store_id,
    status: row.status,
    lastError: row.last_error ? (JSON.parse(row.last_error) as StoreFileRecord["lastError"]) : null,
    attributes: JSON.parse(row.attributes) as Record<string, AttributeValue>,
    chunkingStrategy: JSON.parse(row.chunking_strategy) as ChunkingStrategy,
    usageBytes: Number(row.usage_bytes),
    createdAt: row.created_at,
    filename: row.filename,
  };
}
