import type { Repos } from "../../storage/repos/index.js";
import { settingsVersion } from "../engine/index.js";
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

/**
 * The bot's current settings as its one version (number 1), whatever the ref asks for but a
 * number other than 1: for a server whose bots have no versions (and for tests of evaluations
 * alone).
 */
export function currentSettingsVersion(repos: Pick<Repos, "bots">): ResolveVersion {
  return async (projectId, botId, ref) => {
    const bot = await repos.bots.findById(botId);
    if (!bot || bot.project_id !== projectId) return undefined;
    if (typeof ref === "number" && ref !== 1) return undefined;
    return { version: 1, settings: bot.settings, settingsVersion: settingsVersion(bot.settings) };
  };
}
