import type {
  SearchResult,
  VectorStore,
  VectorStoreFile,
  VectorStoreFileStatus,
  VectorStoreStatus,
} from "./api";

/** How stores, files and search results are shown (docs/knowledge.md). */

export function fileStatusColor(status: VectorStoreFileStatus): string {
  switch (status) {
    case "pending":
      return "blue";
    case "processed":
      return "green";
    case "error":
      return "red";
    case "cancelled":
      return "gray";
  }
}

export function storeStatusColor(status: VectorStoreStatus): string {
  switch (status) {
    case "indexing":
      return "blue";
    case "ready":
      return "green";
    case "error":
      return "red";
  }
}

/** Files being parsed and embedded change on their own: the page polls while there are any. */
export function hasFilesInProgress(files: Pick<VectorStoreFile, "status">[]): boolean {
  return files.some((file) => file.status === "pending");
}

export function storeIsIndexing(store: Pick<VectorStore, "status" | "file_counts">): boolean {
  return store.status === "indexing" || store.file_counts.in_progress > 0;
}

/** `512 B`, `1.5 KB`, `12 MB` (1024-based, one decimal under 10). */
export function formatBytes(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export type StoreNameProblem = "required" | "tooLong";
export const STORE_NAME_MAX = 256;

export function storeNameProblem(name: string): StoreNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return "required";
  if (trimmed.length > STORE_NAME_MAX) return "tooLong";
  return null;
}

/** Scores are 0..1 (1: first in every ranking); three decimals tell close results apart. */
export function formatScore(score: number): string {
  return (Math.round(score * 1000) / 1000).toFixed(3);
}

/** A result's passage: its text parts, in order. */
export function resultText(result: Pick<SearchResult, "content">): string {
  return result.content
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n\n")
    .trim();
}
