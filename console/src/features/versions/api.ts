/**
 * Bot versions (docs/quality.md, "Versions"): immutable snapshots of a bot's settings, the draft
 * the editor saves to, publishing, rolling back and the diff of two versions.
 */
import { api } from "../../api/client";
import type { Bot, BotSettings } from "../bots/bots-api";

const enc = encodeURIComponent;

export type VersionState = "published" | "draft" | "archived";
export type VersionSource = "created" | "settings" | "draft" | "clone" | "migration";
/** A version by number, or the bot's draft / published one. */
export type VersionRef = number | "draft" | "published";

export interface BotVersion {
  id: string;
  bot_id: string;
  version: number;
  /** 12 hex characters; the same as a trace's `settings_version` and an evaluation run's. */
  settings_version: string;
  source: VersionSource;
  note: string | null;
  created_at: string;
  /** The last time it went live; null if it never did. */
  published_at: string | null;
  state: VersionState;
}

export interface BotVersionDetail extends BotVersion {
  settings: BotSettings;
}

export interface Draft {
  /** null: no draft; `settings` are then the published ones. */
  version: number | null;
  based_on: number;
  settings: BotSettings;
  updated_at: string;
}

export interface VersionChange {
  /** Dot-separated, e.g. `ai.instruction`. */
  path: string;
  change: "added" | "removed" | "changed";
  from?: unknown;
  to?: unknown;
}

export interface VersionDiff {
  from: BotVersion;
  to: BotVersion;
  changes: VersionChange[];
}

export interface PublishResult {
  bot: Bot;
  version: BotVersion;
  previous_version: number;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export const versionKeys = {
  /** Everything of one bot's versions: invalidated after a draft save, publish or rollback. */
  all: (botId: string) => ["bots", botId, "versions"] as const,
  list: (botId: string) => ["bots", botId, "versions", "list"] as const,
  one: (botId: string, ref: VersionRef) => ["bots", botId, "versions", "one", String(ref)] as const,
  diff: (botId: string, from: VersionRef, to: VersionRef) =>
    ["bots", botId, "versions", "diff", String(from), String(to)] as const,
};

export const getDraft = (botId: string) => api<Draft>(`/bots/${enc(botId)}/draft`);
/** The same deep-partial patch as POST /v1/bots/:id/settings, merged onto the draft. */
export const saveDraft = (botId: string, patch: unknown) =>
  api<Draft>(`/bots/${enc(botId)}/draft`, { method: "POST", body: patch });
export const discardDraft = (botId: string) =>
  api<Draft>(`/bots/${enc(botId)}/draft/discard`, { method: "POST" });

export const listVersions = (botId: string, cursor: string | null, limit = 50) =>
  api<Page<BotVersion>>(`/bots/${enc(botId)}/versions`, { query: { limit, cursor } });
export const getVersion = (botId: string, ref: VersionRef) =>
  api<BotVersionDetail>(`/bots/${enc(botId)}/versions/${enc(String(ref))}`);
export const diffVersions = (botId: string, from: VersionRef, to: VersionRef) =>
  api<VersionDiff>(`/bots/${enc(botId)}/versions/diff`, { query: { from: String(from), to: String(to) } });

/** 409 `nothing_to_publish`, `evals_required`, `evals_failed` (docs/quality.md, "The publish gate"). */
export const publishVersion = (botId: string, body: { version?: number; note?: string }) =>
  api<PublishResult>(`/bots/${enc(botId)}/publish`, { method: "POST", body });
/** Default: the published version before the current one. 409 `nothing_to_roll_back`, `never_published`. */
export const rollBack = (botId: string, body: { version?: number } = {}) =>
  api<PublishResult>(`/bots/${enc(botId)}/rollback`, { method: "POST", body });
