import { Readable } from "node:stream";
import { forbidden, notFound } from "../../../src/infra/errors.js";
import type { ChunkingStrategy } from "../../../src/modules/knowledge/ingest/chunking-strategy.js";
import type {
  AttributeValue,
  ExpiresAfter,
  FileBatchRecord,
  FileCounts,
  FileRecord,
  KnowledgeApi,
  NewFile,
  Page,
  PageQuery,
  SearchHit,
  SearchRequest,
  StoreFileRecord,
  StoreFileStatus,
  VectorStoreRecord,
} from "../../../src/modules/knowledge/knowledge-api.js";
import { matchesFilter } from "../../../src/modules/knowledge/search-filters.js";

/**
 * An in-memory KnowledgeApi for the HTTP tests: Maps, no embeddings. A file added to a store is
 * `pending` for `processAfterPolls` reads of that store (any get or list on it), then
 * `processed` — or `error` (`unsupported_file`) when empty or named `*.bin`. Search scores a
 * chunk (a paragraph) by the share of query words it contains. Ownership follows the service's
 * rule: an id of another project is 403 `forbidden`, an unknown id 404 `<what>_not_found`.
 */
export interface FakeKnowledgeOptions {
  /** Reads of a store before its pending files are processed; 0 processes them at once. */
  processAfterPolls?: number;
  /** Start of the fake's clock (default now); every new object is one second later than the previous one. */
  start?: Date;
}

interface StoredFile {
  record: FileRecord;
  content: Buffer;
}

interface StoreState {
  record: Omit<VectorStoreRecord, "status" | "fileCounts" | "usageBytes">;
  files: Map<string, StoreFileState>;
}

interface StoreFileState {
  record: StoreFileRecord;
  pollsLeft: number;
  seq: number;
  batchIds: Set<string>;
}

interface BatchState {
  id: string;
  projectId: string;
  storeId: string;
  fileIds: string[];
  cancelled: boolean;
  createdAt: string;
}

const EMPTY_COUNTS: FileCounts = { pending: 0, processed: 0, error: 0, cancelled: 0, total: 0 };

export class FakeKnowledge implements KnowledgeApi {
  readonly files = new Map<string, StoredFile>();
  readonly stores = new Map<string, StoreState>();
  readonly batches = new Map<string, BatchState>();
  /** Every call, by method name (for asserting what the routes did). */
  readonly calls: Array<{ method: string; args: unknown[] }> = [];
  processAfterPolls: number;
  private seq = 0;
  private readonly startMs: number;

  constructor(options: FakeKnowledgeOptions = {}) {
    this.processAfterPolls = options.processAfterPolls ?? 0;
    this.startMs = (options.start ?? new Date()).getTime();
  }

  private next(): { seq: number; at: string } {
    this.seq += 1;
    return { seq: this.seq, at: new Date(this.startMs + this.seq * 1000).toISOString() };
  }

  private record(method: string, args: unknown[]): void {
    this.calls.push({ method, args });
  }

  // ---- files -------------------------------------------------------------------------------

  async createFile(projectId: string, file: NewFile): Promise<FileRecord> {
    this.record("createFile", [projectId, { filename: file.filename, purpose: file.purpose }]);
    const chunks: Buffer[] = [];
    for await (const chunk of file.content) chunks.push(Buffer.from(chunk as Buffer));
    const content = Buffer.concat(chunks);
    const { seq, at } = this.next();
    const record: FileRecord = {
      id: `file-${String(seq).padStart(6, "0")}`,
      projectId,
      filename: file.filename,
      bytes: content.length,
      purpose: file.purpose,
      createdAt: at,
    };
    this.files.set(record.id, { record, content });
    return { ...record };
  }

  async listFiles(projectId: string, query: PageQuery & { purpose?: string | undefined }) {
    this.record("listFiles", [projectId, query]);
    const items = [...this.files.values()]
      .filter((file) => file.record.projectId === projectId)
      .filter((file) => query.purpose === undefined || file.record.purpose === query.purpose)
      .map((file) => ({ id: file.record.id, key: file.record.createdAt, value: { ...file.record } }));
    return paginate(items, query);
  }

  private ownFile(projectId: string, fileId: string): StoredFile {
    const file = this.files.get(fileId);
    if (!file) throw notFound("file", fileId);
    if (file.record.projectId !== projectId)
      throw forbidden(`The file '${fileId}' belongs to another project.`);
    return file;
  }

  async getFile(projectId: string, fileId: string): Promise<FileRecord> {
    this.record("getFile", [projectId, fileId]);
    return { ...this.ownFile(projectId, fileId).record };
  }

  async fileContent(projectId: string, fileId: string) {
    this.record("fileContent", [projectId, fileId]);
    const file = this.ownFile(projectId, fileId);
    return { file: { ...file.record }, content: Readable.from([file.content]) };
  }

  async deleteFile(projectId: string, fileId: string): Promise<{ id: string; deleted: true }> {
    this.record("deleteFile", [projectId, fileId]);
    this.ownFile(projectId, fileId);
    this.files.delete(fileId);
    for (const store of this.stores.values()) store.files.delete(fileId);
    return { id: fileId, deleted: true };
  }

  // ---- stores ------------------------------------------------------------------------------

  private ownStore(projectId: string, storeId: string): StoreState {
    const store = this.stores.get(storeId);
    if (!store) throw notFound("vector_store", storeId);
    if (store.record.projectId !== projectId) {
      throw forbidden(`The vector_store '${storeId}' belongs to another project.`);
    }
    return store;
  }

  /** One read of the store: its pending files come one poll closer to processed. */
  private poll(store: StoreState): void {
    for (const state of store.files.values()) {
      if (state.record.status !== "pending") continue;
      if (state.pollsLeft > 0) state.pollsLeft -= 1;
      if (state.pollsLeft === 0) this.process(state);
    }
  }

  private process(state: StoreFileState): void {
    const file = this.files.get(state.record.id);
    if (!file || file.content.length === 0 || file.record.filename.endsWith(".bin")) {
      state.record.status = "error";
      state.record.lastError = { code: "unsupported_file", message: "The file type is not supported." };
      return;
    }
    state.record.status = "processed";
    state.record.usageBytes = file.content.length;
  }

  private storeRecord(store: StoreState): VectorStoreRecord {
    const counts = countsOf([...store.files.values()].map((state) => state.record.status));
    const usageBytes = [...store.files.values()].reduce((sum, state) => sum + state.record.usageBytes, 0);
    return {
      ...store.record,
      metadata: { ...store.record.metadata },
      status: counts.pending > 0 ? "indexing" : "ready",
      fileCounts: counts,
      usageBytes,
    };
  }

  private addFile(
    projectId: string,
    store: StoreState,
    fileId: string,
    options: {
      attributes?: Record<string, AttributeValue> | undefined;
      chunkingStrategy?: ChunkingStrategy | undefined;
    },
  ): StoreFileState {
    const file = this.ownFile(projectId, fileId);
    const existing = store.files.get(fileId);
    if (existing) return existing;
    const { seq, at } = this.next();
    const state: StoreFileState = {
      record: {
        id: fileId,
        vectorStoreId: store.record.id,
        status: "pending",
        lastError: null,
        attributes: { ...(options.attributes ?? {}) },
        chunkingStrategy: options.chunkingStrategy ?? { type: "auto" },
        usageBytes: 0,
        createdAt: at,
        filename: file.record.filename,
      },
      pollsLeft: this.processAfterPolls,
      seq,
      batchIds: new Set(),
    };
    store.files.set(fileId, state);
    if (this.processAfterPolls === 0) this.process(state);
    return state;
  }

  async createStore(
    projectId: string,
    input: Parameters<KnowledgeApi["createStore"]>[1],
  ): Promise<VectorStoreRecord> {
    this.record("createStore", [projectId, input]);
    for (const fileId of input.fileIds ?? []) this.ownFile(projectId, fileId);
    const { at } = this.next();
    const id = `vs_${String(this.seq).padStart(6, "0")}`;
    const store: StoreState = {
      record: {
        id,
        projectId,
        name: input.name ?? null,
        metadata: { ...(input.metadata ?? {}) },
        expiresAfter: input.expiresAfter ?? null,
        expiresAt: input.expiresAfter ? expiry(at, input.expiresAfter) : null,
        lastActiveAt: at,
        createdAt: at,
      },
      files: new Map(),
    };
    this.stores.set(id, store);
    for (const fileId of input.fileIds ?? []) {
      this.addFile(projectId, store, fileId, { chunkingStrategy: input.chunkingStrategy });
    }
    return this.storeRecord(store);
  }

  async listStores(projectId: string, query: PageQuery): Promise<Page<VectorStoreRecord>> {
    this.record("listStores", [projectId, query]);
    const items = [...this.stores.values()]
      .filter((store) => store.record.projectId === projectId)
      .map((store) => ({ id: store.record.id, key: store.record.createdAt, value: this.storeRecord(store) }));
    return paginate(items, query);
  }

  async getStore(projectId: string, storeId: string): Promise<VectorStoreRecord> {
    this.record("getStore", [projectId, storeId]);
    const store = this.ownStore(projectId, storeId);
    this.poll(store);
    return this.storeRecord(store);
  }

  async updateStore(
    projectId: string,
    storeId: string,
    input: Parameters<KnowledgeApi["updateStore"]>[2],
  ): Promise<VectorStoreRecord> {
    this.record("updateStore", [projectId, storeId, input]);
    const store = this.ownStore(projectId, storeId);
    if (input.name !== undefined) store.record.name = input.name;
    if (input.metadata !== undefined) store.record.metadata = { ...(input.metadata ?? {}) };
    if (input.expiresAfter !== undefined) {
      store.record.expiresAfter = input.expiresAfter;
      store.record.expiresAt = input.expiresAfter
        ? expiry(store.record.lastActiveAt ?? store.record.createdAt, input.expiresAfter)
        : null;
    }
    return this.storeRecord(store);
  }

  async deleteStore(projectId: string, storeId: string): Promise<{ id: string; deleted: true }> {
    this.record("deleteStore", [projectId, storeId]);
    this.ownStore(projectId, storeId);
    this.stores.delete(storeId);
    return { id: storeId, deleted: true };
  }

  // ---- store files -------------------------------------------------------------------------

  async addStoreFile(
    projectId: string,
    storeId: string,
    input: Parameters<KnowledgeApi["addStoreFile"]>[2],
  ): Promise<StoreFileRecord> {
    this.record("addStoreFile", [projectId, storeId, input]);
    const store = this.ownStore(projectId, storeId);
    const state = this.addFile(projectId, store, input.fileId, input);
    return { ...state.record };
  }

  async listStoreFiles(
    projectId: string,
    storeId: string,
    query: PageQuery & { filter?: StoreFileStatus | undefined; batchId?: string | undefined },
  ): Promise<Page<StoreFileRecord>> {
    this.record("listStoreFiles", [projectId, storeId, query]);
    const store = this.ownStore(projectId, storeId);
    if (query.batchId !== undefined) this.ownBatch(projectId, storeId, query.batchId);
    this.poll(store);
    const items = [...store.files.values()]
      .filter((state) => query.filter === undefined || state.record.status === query.filter)
      .filter((state) => query.batchId === undefined || state.batchIds.has(query.batchId))
      .map((state) => ({
        id: state.record.id,
        key: `${state.record.createdAt}#${String(state.seq).padStart(8, "0")}`,
        value: { ...state.record },
      }));
    return paginate(items, query);
  }

  private ownStoreFile(projectId: string, storeId: string, fileId: string): StoreFileState {
    const store = this.ownStore(projectId, storeId);
    const state = store.files.get(fileId);
    if (!state) throw notFound("vector_store_file", fileId);
    return state;
  }

  async getStoreFile(projectId: string, storeId: string, fileId: string): Promise<StoreFileRecord> {
    this.record("getStoreFile", [projectId, storeId, fileId]);
    const state = this.ownStoreFile(projectId, storeId, fileId);
    this.poll(this.stores.get(storeId)!);
    return { ...state.record };
  }

  async updateStoreFile(
    projectId: string,
    storeId: string,
    fileId: string,
    attributes: Record<string, AttributeValue>,
  ): Promise<StoreFileRecord> {
    this.record("updateStoreFile", [projectId, storeId, fileId, attributes]);
    const state = this.ownStoreFile(projectId, storeId, fileId);
    state.record.attributes = { ...attributes };
    return { ...state.record };
  }

  async storeFileContent(projectId: string, storeId: string, fileId: string) {
    this.record("storeFileContent", [projectId, storeId, fileId]);
    const state = this.ownStoreFile(projectId, storeId, fileId);
    if (state.record.status !== "processed") return [];
    return paragraphs(this.files.get(fileId)?.content.toString("utf8") ?? "").map((text) => ({
      type: "text" as const,
      text,
    }));
  }

  async deleteStoreFile(
    projectId: string,
    storeId: string,
    fileId: string,
  ): Promise<{ id: string; deleted: true }> {
    this.record("deleteStoreFile", [projectId, storeId, fileId]);
    this.ownStoreFile(projectId, storeId, fileId);
    this.stores.get(storeId)!.files.delete(fileId);
    return { id: fileId, deleted: true };
  }

  // ---- batches -----------------------------------------------------------------------------

  private ownBatch(projectId: string, storeId: string, batchId: string): BatchState {
    this.ownStore(projectId, storeId);
    const batch = this.batches.get(batchId);
    if (!batch || batch.storeId !== storeId) throw notFound("file_batch", batchId);
    return batch;
  }

  private batchRecord(batch: BatchState): FileBatchRecord {
    const store = this.stores.get(batch.storeId);
    const statuses = batch.fileIds.map((id) => store?.files.get(id)?.record.status ?? "cancelled");
    const counts = countsOf(statuses);
    return {
      id: batch.id,
      vectorStoreId: batch.storeId,
      status: batch.cancelled ? "cancelled" : counts.pending > 0 ? "in_progress" : "completed",
      fileCounts: counts,
      createdAt: batch.createdAt,
    };
  }

  async createFileBatch(
    projectId: string,
    storeId: string,
    input: Parameters<KnowledgeApi["createFileBatch"]>[2],
  ): Promise<FileBatchRecord> {
    this.record("createFileBatch", [projectId, storeId, input]);
    const store = this.ownStore(projectId, storeId);
    for (const fileId of input.fileIds) this.ownFile(projectId, fileId);
    const { at } = this.next();
    const batch: BatchState = {
      id: `vsfb_${String(this.seq).padStart(6, "0")}`,
      projectId,
      storeId,
      fileIds: [...input.fileIds],
      cancelled: false,
      createdAt: at,
    };
    this.batches.set(batch.id, batch);
    for (const fileId of input.fileIds) {
      const state = this.addFile(projectId, store, fileId, input);
      state.batchIds.add(batch.id);
    }
    return this.batchRecord(batch);
  }

  async getFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord> {
    this.record("getFileBatch", [projectId, storeId, batchId]);
    const batch = this.ownBatch(projectId, storeId, batchId);
    this.poll(this.stores.get(storeId)!);
    return this.batchRecord(batch);
  }

  async cancelFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord> {
    this.record("cancelFileBatch", [projectId, storeId, batchId]);
    const batch = this.ownBatch(projectId, storeId, batchId);
    batch.cancelled = true;
    const store = this.stores.get(storeId)!;
    for (const fileId of batch.fileIds) {
      const state = store.files.get(fileId);
      if (state?.record.status === "pending") state.record.status = "cancelled";
    }
    return this.batchRecord(batch);
  }

  // ---- search ------------------------------------------------------------------------------

  async search(projectId: string, storeId: string, request: SearchRequest) {
    this.record("search", [projectId, storeId, request]);
    const store = this.ownStore(projectId, storeId);
    const queries = typeof request.query === "string" ? [request.query] : request.query;
    const words = new Set(queries.flatMap((query) => wordsOf(query)));
    const hits: SearchHit[] = [];
    for (const state of store.files.values()) {
      if (state.record.status !== "processed") continue;
      if (request.filters && !matchesFilter(state.record.attributes, request.filters)) continue;
      const text = this.files.get(state.record.id)?.content.toString("utf8") ?? "";
      for (const [chunkIndex, chunk] of paragraphs(text).entries()) {
        const chunkWords = new Set(wordsOf(chunk));
        const found = [...words].filter((word) => chunkWords.has(word)).length;
        const score = words.size === 0 ? 0 : found / words.size;
        if (score === 0 || score < (request.scoreThreshold ?? 0)) continue;
        hits.push({
          vectorStoreId: storeId,
          fileId: state.record.id,
          chunkIndex,
          filename: state.record.filename,
          score,
          attributes: { ...state.record.attributes },
          content: [{ type: "text", text: chunk }],
        });
      }
    }
    hits.sort((a, b) => b.score - a.score);
    store.record.lastActiveAt = this.next().at;
    return { query: queries, hits: hits.slice(0, request.maxNumResults) };
  }
}

function countsOf(statuses: StoreFileStatus[]): FileCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const status of statuses) {
    counts[status] += 1;
    counts.total += 1;
  }
  return counts;
}

function expiry(from: string, after: ExpiresAfter): string {
  return new Date(Date.parse(from) + after.days * 24 * 60 * 60 * 1000).toISOString();
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * OpenAI's cursor paging over items sorted by `key` (oldest first): `order`, then `after`
 * (the items following that id) or `before` (the `limit` items preceding it).
 */
function paginate<T>(items: Array<{ id: string; key: string; value: T }>, query: PageQuery): Page<T> {
  const sorted = [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (query.order === "desc") sorted.reverse();
  let window = sorted;
  let hasMore: boolean;
  if (query.before !== undefined) {
    const index = sorted.findIndex((item) => item.id === query.before);
    const preceding = index < 0 ? [] : sorted.slice(0, index);
    window = preceding.slice(Math.max(0, preceding.length - query.limit));
    hasMore = preceding.length > query.limit;
  } else {
    if (query.after !== undefined) {
      const index = sorted.findIndex((item) => item.id === query.after);
      window = index < 0 ? [] : sorted.slice(index + 1);
    }
    hasMore = window.length > query.limit;
    window = window.slice(0, query.limit);
  }
  const data = window.map((item) => item.value);
  return {
    data,
    hasMore,
    firstId: window[0]?.id ?? null,
    lastId: window[window.length - 1]?.id ?? null,
  };
}
