/**
 * Bookkeeping of the uploads on a store page: each picked file is uploaded (bytes with
 * progress), then attached to the store, then done, failed or cancelled. A pure reducer so the
 * rules (progress never goes backwards, finished items stay finished) are tested.
 */
export type UploadPhase = "uploading" | "attaching" | "done" | "failed" | "cancelled";

export interface UploadItem {
  id: string;
  name: string;
  /** The file's size, to show. */
  size: number;
  /** Bytes to send: the file's size at first, then the progress events' total (the multipart body). */
  total: number;
  loaded: number;
  phase: UploadPhase;
  error: string | null;
}

export type UploadAction =
  | { type: "added"; items: Array<{ id: string; name: string; size: number }> }
  | { type: "progress"; id: string; loaded: number; total: number }
  | { type: "attaching"; id: string }
  | { type: "done"; id: string }
  | { type: "failed"; id: string; error: string }
  | { type: "cancelled"; id: string }
  | { type: "dismissed"; id: string };

export function isActive(item: UploadItem): boolean {
  return item.phase === "uploading" || item.phase === "attaching";
}

export function uploadsReducer(state: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case "added":
      return [
        ...state,
        ...action.items.map((item) => ({
          ...item,
          total: item.size,
          loaded: 0,
          phase: "uploading" as const,
          error: null,
        })),
      ];
    case "progress":
      return update(state, action.id, (item) =>
        item.phase !== "uploading"
          ? item
          : {
              ...item,
              total: action.total > 0 ? action.total : item.total,
              loaded: Math.max(
                item.loaded,
                Math.min(action.loaded, action.total > 0 ? action.total : item.total),
              ),
            },
      );
    case "attaching":
      return update(state, action.id, (item) =>
        item.phase === "uploading" ? { ...item, phase: "attaching", loaded: item.total } : item,
      );
    case "done":
      return update(state, action.id, (item) =>
        isActive(item) ? { ...item, phase: "done", loaded: item.total } : item,
      );
    case "failed":
      return update(state, action.id, (item) =>
        isActive(item) ? { ...item, phase: "failed", error: action.error } : item,
      );
    case "cancelled":
      return update(state, action.id, (item) => (isActive(item) ? { ...item, phase: "cancelled" } : item));
    case "dismissed":
      return state.filter((item) => item.id !== action.id || isActive(item));
  }
}

function update(state: UploadItem[], id: string, change: (item: UploadItem) => UploadItem): UploadItem[] {
  return state.map((item) => (item.id === id ? change(item) : item));
}

/** 0–100 for one item: the bytes sent while uploading, full once the bytes are all there. */
export function uploadPercent(item: UploadItem): number {
  if (item.phase !== "uploading") return 100;
  if (item.total <= 0) return 0;
  return Math.min(100, Math.round((item.loaded / item.total) * 100));
}

/** Progress over the uploads still running, weighted by size; null when none is running. */
export function overallProgress(state: UploadItem[]): { percent: number; active: number } | null {
  const active = state.filter(isActive);
  if (active.length === 0) return null;
  const size = active.reduce((sum, item) => sum + item.total, 0);
  const sent = active.reduce((sum, item) => sum + (item.phase === "uploading" ? item.loaded : item.total), 0);
  return { percent: size > 0 ? Math.min(100, Math.round((sent / size) * 100)) : 0, active: active.length };
}
