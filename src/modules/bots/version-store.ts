import type { UnitOfWork } from "../../events/unit-of-work.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotVersionRow } from "../../storage/repos/bot-versions.repo.js";
import type { BotRow } from "../../storage/repos/bots.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { BotVersionsTable } from "../../storage/schema.js";
import { settingsVersion } from "./settings-version.js";

/** How a publication came about, as the `bot.published` event says (docs/quality.md, "Versions"). */
export type PublishAction = "publish" | "rollback" | "settings";

/**
 * Writes the bot's next version (numbers are given under the bot's row lock, so parallel
 * saves get consecutive numbers). A published version also becomes `bots.settings`.
 */
export async function addVersion(
  repos: Repos,
  newId: IdGenerator,
  bot: Pick<BotRow, "id" | "project_id">,
  input: {
    settings: string;
    source: BotVersionsTable["source"];
    note?: string | null;
    at: string;
    published: boolean;
  },
): Promise<BotVersionRow> {
  const row: BotVersionRow = {
    id: newId("bver"),
    project_id: bot.project_id,
    bot_id: bot.id,
    version: (await repos.botVersions.latest(bot.id)) + 1,
    settings: input.settings,
    settings_version: settingsVersion(input.settings),
    source: input.source,
    note: input.note ?? null,
    created_at: input.at,
    published_at: input.published ? input.at : null,
  };
  await repos.botVersions.insert(row);
  return row;
}

/**
 * Makes `version` the one that answers customers: its settings become `bots.settings` verbatim
 * (so a turn's trace hash names it), the draft is gone when it was the draft, and `bot.published`
 * is recorded in the same transaction.
 */
export async function publishVersion(
  unit: UnitOfWork,
  bot: BotRow,
  version: BotVersionRow,
  action: PublishAction,
  at: string,
): Promise<BotRow> {
  const patch = {
    settings: version.settings,
    published_version: version.version,
    draft_version: bot.draft_version === version.version ? null : bot.draft_version,
    draft_base: bot.draft_version === version.version ? null : bot.draft_base,
    updated_at: at,
  };
  await unit.repos.bots.update(bot.id, patch);
  await unit.repos.botVersions.markPublished(bot.id, version.version, at);
  unit.record({
    type: "bot.published",
    botId: bot.id,
    version: version.version,
    previousVersion: bot.published_version,
    settingsVersion: version.settings_version,
    action,
  });
  return { ...bot, ...patch };
}
