import { THREAD_MODES, THREAD_STATUSES, type Thread, type ThreadMode, type ThreadStatus } from "./types";

/**
 * The inbox's filters. They live in the URL query string (so a reload or a shared link keeps
 * them) under the names GET /v1/threads uses.
 */
export interface InboxFilters {
  chat_id: string | null;
  bot_id: string | null;
  mode: ThreadMode | null;
  /** Only threads waiting for an operator (pending_count > 0). */
  waiting: boolean;
  /** `me`, `none` (unassigned), an operator id, or null for everybody's. */
  assignee: string | null;
  /** A team id, `none` (in no team's queue), or null for any (docs/routing.md). */
  team: string | null;
  search: string;
  /** Label names (docs/labels.md): threads carrying all of them, or any with `labels_match`. */
  labels: string[];
  labels_match: "all" | "any";
  /** The status tab: a status, or `all`; `open` by default. */
  status: ThreadStatus | "all";
}

export const NO_FILTERS: InboxFilters = {
  chat_id: null,
  bot_id: null,
  mode: null,
  waiting: false,
  assignee: null,
  team: null,
  search: "",
  labels: [],
  labels_match: "all",
  status: "open",
};

/** Label names from the query's comma-separated list (names have no commas: the API splits on them). */
function labelNames(value: string | null): string[] {
  return [...new Set((value ?? "").split(",").map((name) => name.trim()))]
    .filter((name) => name.length > 0 && name.length <= 50)
    .slice(0, 20);
}

/** The inbox's status tabs, in order. */
export const STATUS_TABS = [...THREAD_STATUSES, "all"] as const;

const MAX_ID = 128;
const MAX_SEARCH = 500;

function id(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed && trimmed.length <= MAX_ID ? trimmed : null;
}

/** Reads filters from a query string, ignoring what the API would refuse. */
export function filtersFromParams(params: URLSearchParams): InboxFilters {
  const mode = params.get("mode");
  return {
    chat_id: id(params.get("chat_id")),
    bot_id: id(params.get("bot_id")),
    mode: (THREAD_MODES as readonly string[]).includes(mode ?? "") ? (mode as ThreadMode) : null,
    waiting: params.get("waiting") === "true",
    assignee: id(params.get("assignee")),
    team: id(params.get("team")),
    search: (params.get("search") ?? "").slice(0, MAX_SEARCH),
    labels: labelNames(params.get("labels")),
    labels_match: params.get("labels_match") === "any" ? "any" : "all",
    status: (STATUS_TABS as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as InboxFilters["status"])
      : "open",
  };
}

/** Writes filters into a copy of `base` (other parameters stay), leaving defaults out. */
export function filtersToParams(filters: InboxFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => {
    if (value) params.set(key, value);
    else params.delete(key);
  };
  set("chat_id", filters.chat_id);
  set("bot_id", filters.bot_id);
  set("mode", filters.mode);
  set("waiting", filters.waiting ? "true" : null);
  set("assignee", filters.assignee);
  set("team", filters.team);
  // As typed (trailing space included), so the search box does not change under the typist.
  set("search", filters.search.trim() ? filters.search : null);
  set("labels", filters.labels.length > 0 ? filters.labels.join(",") : null);
  set("labels_match", filters.labels.length > 0 && filters.labels_match === "any" ? "any" : null);
  set("status", filters.status === "open" ? null : filters.status);
  return params;
}

/** The query of GET /v1/threads for these filters (without paging). */
export function filtersToQuery(filters: InboxFilters): Record<string, string | undefined> {
  const search = filters.search.trim();
  return {
    chat_id: filters.chat_id ?? undefined,
    bot_id: filters.bot_id ?? undefined,
    mode: filters.mode ?? undefined,
    waiting: filters.waiting ? "true" : undefined,
    assignee: filters.assignee ?? undefined,
    team: filters.team ?? undefined,
    search: search || undefined,
    labels: filters.labels.length > 0 ? filters.labels.join(",") : undefined,
    labels_match: filters.labels.length > 0 && filters.labels_match === "any" ? "any" : undefined,
    status: filters.status === "all" ? undefined : filters.status,
  };
}

/** The query of GET /v1/threads/counts: the list's filters without status and search. */
export function filtersToCountsQuery(filters: InboxFilters): Record<string, string | undefined> {
  const { status: _status, search: _search, ...rest } = filtersToQuery(filters);
  return rest;
}

/** How many filters besides search and assignee are on (the "Filters" button shows it). */
export function countExtraFilters(filters: InboxFilters): number {
  return [filters.chat_id, filters.bot_id, filters.mode, filters.team, filters.labels.length > 0].filter(
    Boolean,
  ).length;
}

/** Whether any filter at all is on (the empty state then says "nothing matches"). */
export function hasFilters(filters: InboxFilters): boolean {
  return (
    countExtraFilters(filters) > 0 || filters.waiting || filters.assignee !== null || !!filters.search.trim()
  );
}

/**
 * Whether a thread still matches the filters, as far as the console can tell from the
 * thread itself (full-text search is the server's business: a thread is assumed to match).
 * `meId` resolves `assignee=me`.
 */
export function threadMatches(thread: Thread, filters: InboxFilters, meId: string): boolean {
  if (filters.chat_id && thread.chat_id !== filters.chat_id) return false;
  if (filters.bot_id && thread.bot_id !== filters.bot_id) return false;
  if (filters.mode && thread.mode !== filters.mode) return false;
  if (filters.waiting && thread.pending_count <= 0) return false;
  if (filters.labels.length > 0 && thread.labels) {
    const carried = new Set(thread.labels.map((name) => name.toLowerCase()));
    const wanted = filters.labels.map((name) => name.toLowerCase());
    const match =
      filters.labels_match === "any"
        ? wanted.some((n) => carried.has(n))
        : wanted.every((n) => carried.has(n));
    if (!match) return false;
  }
  if (filters.status !== "all" && (thread.status ?? "open") !== filters.status) return false;
  if (filters.team && (thread.team?.id ?? "none") !== filters.team) return false;
  if (filters.assignee) {
    const assigneeId = thread.assignee?.id ?? null;
    if (filters.assignee === "none") return assigneeId === null;
    if (filters.assignee === "me") return assigneeId === meId;
    return assigneeId === filters.assignee;
  }
  return true;
}
