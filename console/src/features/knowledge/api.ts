import { api } from "../../api/client";

/**
 * Parley's knowledge API (docs/knowledge.md, the `/v1` face): store status `indexing`,
 * `ready`, `error`; file status `pending`, `processed`, `error`, `cancelled`; ISO timestamps.
 */

export type VectorStoreStatus = "indexing" | "ready" | "error";
export type VectorStoreFileStatus = "pending" | "processed" | "error" | "cancelled";

/** In OpenAI's names: in_progress = pending, completed = processed, failed = error. */
export interface FileCounts {
  in_progress: number;
  completed: number;
  failed: number;
  cancelled: number;
  total: number;
}

export interface VectorStore {
  id: string;
  name: string | null;
  status: VectorStoreStatus;
  file_count: number;
  file_counts: FileCounts;
  usage_bytes: number;
  metadata: Record<string, string>;
  expires_at: string | null;
  last_active_at: string | null;
  created_at: string;
}

export interface VectorStoreFile {
  id: string;
  filename: string;
  status: VectorStoreFileStatus;
  last_error: { code: string; message: string } | null;
  usage_bytes: number;
  vector_store_id: string;
  created_at: string;
}

/** OpenAI-style list page: the next page starts `after` the last id while `has_more`. */
export interface ListPage<T> {
  data: T[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

export interface UploadedFile {
  id: string;
  bytes: number;
  filename: string;
  purpose: string;
  created_at: string;
}

export interface SearchResult {
  file_id: string;
  filename: string;
  /** Reciprocal-rank fusion of full-text and vector ranking, scaled to 0..1. */
  score: number;
  attributes: Record<string, string | number | boolean>;
  content: Array<{ type: string; text: string }>;
}

export interface SearchResults {
  search_query: string[];
  data: SearchResult[];
}

export const knowledgeKeys = {
  stores: ["vector-stores"] as const,
  store: (id: string) => ["vector-stores", id] as const,
  files: (id: string) => ["vector-stores", id, "files"] as const,
};

const store = (id: string) => `/vector_stores/${encodeURIComponent(id)}`;

export const listVectorStores = (after?: string | null, limit = 50) =>
  api<ListPage<VectorStore>>("/vector_stores", { query: { limit, after, order: "desc" } });

export const getVectorStore = (id: string) => api<VectorStore>(store(id));

export const createVectorStore = (name: string) =>
  api<VectorStore>("/vector_stores", { method: "POST", body: { name } });

export const renameVectorStore = (id: string, name: string) =>
  api<VectorStore>(store(id), { method: "POST", body: { name } });

export const deleteVectorStore = (id: string) =>
  api<{ id: string; deleted: true }>(store(id), { method: "DELETE" });

export const listVectorStoreFiles = (id: string, after?: string | null, limit = 100) =>
  api<ListPage<VectorStoreFile>>(`${store(id)}/files`, { query: { limit, after, order: "desc" } });

/** Adds an uploaded file (POST /v1/files) to the store; it starts `pending` and is ingested in the background. */
export const attachFileToStore = (id: string, fileId: string) =>
  api<VectorStoreFile>(`${store(id)}/files`, { method: "POST", body: { file_id: fileId } });

/** Removes the file from this store only; the uploaded file itself stays in /v1/files. */
export const removeFileFromStore = (id: string, fileId: string) =>
  api<{ id: string; deleted: true }>(`${store(id)}/files/${encodeURIComponent(fileId)}`, {
    method: "DELETE",
  });

export const searchVectorStore = (id: string, query: string, maxResults = 10) =>
  api<SearchResults>(`${store(id)}/search`, { method: "POST", body: { query, max_num_results: maxResults } });
