import type { VersionRef } from "./schemas.js";

/** A bot version as evaluations run it: its number, its settings document as stored, and their short hash. */
export interface ResolvedVersion {
  version: number;
  /** The settings document, JSON as stored. */
  settings: string;
  /** Its short hash (a trace's `settings_version`). */
  settingsVersion: string;
}

/**
 * Where evaluations read a bot's versions (docs/quality.md, "Evaluations"): the bots module's
 * `BotVersionSource`, wired by the composition root. `undefined`: no such version (another
 * project's bot reads the same as none).
 */
export type ResolveVersion = (
  projectId: string,
  botId: string,
  ref: VersionRef,
) => Promise<ResolvedVersion | undefined>;
