import type { Readable } from "node:stream";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";

/**
 * What the knowledge module offers its two HTTP faces (docs/knowledge.md): Parley's `/v1`
 * routes, which show the API reference's statuses, and the OpenAI-compatible mirror under `/openai/v1`,
 * which shows OpenAI's. One implementation (KnowledgeService) behind both; records here are
 * neutral and each face serialises them. Every method is scoped to the caller's project: an id
 * of another project is 404 (the mirror) or 403 (`/v1`), see KnowledgeError.
 */

export type StoreFileStatus = "pending" | "processed" | "error" | "cancelled";
export type StoreStatus = "indexing" | "ready" | "error";
export type AttributeValue = string | number | boolean;

export interface FileRecord {
  id: string;
  projectId: string;
  filename: string;
  bytes: number;
  purpose: string;
  createdAt: string;
}

export interface FileCounts {
  pending: number;
  processed: number;
  error: number;
  cancelled: number;
  total: number;
}

export interface ExpiresAfter {
  anchor: "last_active_at";
  days: number;
}

export interface VectorStoreRecord {
  id: string;
  projectId: string;
  name: string | null;
  metadata: Record<string, string>;
  status: StoreStatus;
  fileCounts: FileCounts;
  usageBytes: number;
  expiresAfter: ExpiresAfter | null;
  expiresAt: string | null;
  lastActiveAt: string | null;
  createdAt: string;
}

/**
 * Why a store file failed (docs/knowledge.md, "Ingestion"): OpenAI's three codes, and Parley's
 * own for a file refused for what parsing it would cost (the OpenAI mirror sends OpenAI's).
 */
export type LastErrorCode =
  | "server_error"
  | "unsupported_file"
  | "invalid_file"
  | "document_too_complex"
  | "parse_timeout"
  | "parse_out_of_memory"
  | "parse_crashed";

export interface LastError {
  code: LastErrorCode;
  message: string;
}

export interface StoreFileRecord {
  /** The file's id. */
  id: string;
  vectorStoreId: string;
  status: StoreFileStatus;
  lastError: LastError | null;
  attributes: Record<string, AttributeValue>;
  chunkingStrategy: ChunkingStrategy;
  usageBytes: number;
  createdAt: string;
  filename: string;
}

export interface FileBatchRecord {
  id: string;
  vectorStoreId: string;
  status: "in_progress" | "completed" | "cancelled" | "failed";
  fileCounts: FileCounts;
  createdAt: string;
}

/** OpenAI's attribute filters. */
export type SearchFilter =
  | { type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte"; key: string; value: AttributeValue }
  | { type: "in" | "nin"; key: string; value: AttributeValue[] }
  | { type: "and" | "or"; filters: SearchFilter[] };

export interface SearchRequest {
  query: string | string[];
  maxNumResults: number;
  filters?: SearchFilter | undefined;
  scoreThreshold?: number | undefined;
  rewriteQuery?: boolean | undefined;
}

export interface SearchHit {
  vectorStoreId: string;
  fileId: string;
  /** The passage's index in its file. */
  chunkIndex: number;
  filename: string;
  /** 0..1, higher is better. */
  score: number;
  attributes: Record<string, AttributeValue>;
  content: Array<{ type: "text"; text: string }>;
}

export interface PageQuery {
  limit: number;
  order: "asc" | "desc";
  after?: string | undefined;
  before?: string | undefined;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  firstId: string | null;
  lastId: string | null;
}

export interface NewFile {
  filename: string;
  purpose: string;
  /** The upload, streamed to disk (never held whole in memory). */
  content: Readable;
}

export type FileQuery = PageQuery & { purpose?: string | undefined };

export interface NewStore {
  name?: string | undefined;
  fileIds?: string[] | undefined;
  metadata?: Record<string, string> | undefined;
  chunkingStrategy?: ChunkingStrategy | undefined;
  expiresAfter?: ExpiresAfter | undefined;
}

/** Only the fields given change; null clears. */
export interface StorePatch {
  name?: string | null | undefined;
  metadata?: Record<string, string> | null | undefined;
  expiresAfter?: ExpiresAfter | null | undefined;
}

export interface NewStoreFile {
  fileId: string;
  attributes?: Record<string, AttributeValue> | undefined;
  chunkingStrategy?: ChunkingStrategy | undefined;
}

export interface NewFileBatch {
  fileIds: string[];
  attributes?: Record<string, AttributeValue> | undefined;
  chunkingStrategy?: ChunkingStrategy | undefined;
}

export type StoreFileQuery = PageQuery & {
  filter?: StoreFileStatus | undefined;
  batchId?: string | undefined;
};

export interface Deleted {
  id: string;
  deleted: true;
}

export interface KnowledgeApi {
  createFile(projectId: string, file: NewFile): Promise<FileRecord>;
  listFiles(projectId: string, query: FileQuery): Promise<Page<FileRecord>>;
  getFile(projectId: string, fileId: string): Promise<FileRecord>;
  /** The stored bytes as a stream, with the record. */
  fileContent(projectId: string, fileId: string): Promise<{ file: FileRecord; content: Readable }>;
  deleteFile(projectId: string, fileId: string): Promise<Deleted>;

  createStore(projectId: string, input: NewStore): Promise<VectorStoreRecord>;
  listStores(projectId: string, query: PageQuery): Promise<Page<VectorStoreRecord>>;
  getStore(projectId: string, storeId: string): Promise<VectorStoreRecord>;
  updateStore(projectId: string, storeId: string, input: StorePatch): Promise<VectorStoreRecord>;
  deleteStore(projectId: string, storeId: string): Promise<Deleted>;

  addStoreFile(projectId: string, storeId: string, input: NewStoreFile): Promise<StoreFileRecord>;
  listStoreFiles(projectId: string, storeId: string, query: StoreFileQuery): Promise<Page<StoreFileRecord>>;
  getStoreFile(projectId: string, storeId: string, fileId: string): Promise<StoreFileRecord>;
  updateStoreFile(
    projectId: string,
    storeId: string,
    fileId: string,
    attributes: Record<string, AttributeValue>,
  ): Promise<StoreFileRecord>;
  /** The parsed text of a processed file, chunk by chunk. */
  storeFileContent(
    projectId: string,
    storeId: string,
    fileId: string,
  ): Promise<Array<{ type: "text"; text: string }>>;
  deleteStoreFile(projectId: string, storeId: string, fileId: string): Promise<Deleted>;

  createFileBatch(projectId: string, storeId: string, input: NewFileBatch): Promise<FileBatchRecord>;
  getFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord>;
  cancelFileBatch(projectId: string, storeId: string, batchId: string): Promise<FileBatchRecord>;

  search(
    projectId: string,
    storeId: string,
    request: SearchRequest,
  ): Promise<{ query: string[]; hits: SearchHit[] }>;
}
