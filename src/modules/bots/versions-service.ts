import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, conflict } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotVersionRow } from "../../storage/repos/bot-versions.repo.js";
import type { BotRow } from "../../storage/repos/bots.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModelCatalog } from "../models/index.js";
import { toBot } from "./bots-service.js";
import type { Bot } from "./schemas.js";
import { checkSettingsPatch } from "./settings-check.js";
import { diffSettings, type SettingsChange } from "./settings-diff.js";
import { mergeBotSettings } from "./settings-merge.js";
import { readBotSettings } from "./settings-read.js";
import type { BotSettings, BotSettingsPatch } from "./settings-schema.js";
import { addVersion, type PublishAction, publishVersion } from "./version-store.js";

/** A version named by number, or as the bot's draft or published one. */
export type VersionRef = number | "draft" | "published";

/** The publish gate's question to the evaluations (docs/quality.md, "The publish gate"). */
export interface EvalGate {
  /** The newest completed run of the bot on exactly these settings with the version's own model. */
  latestRun(
    projectId: string,
    botId: string,
    settingsVersion: string,
    model: string,
  ): Promise<{ id: string; passed: boolean } | undefined>;
}

/** What other modules read of versions: the evaluations run a version's settings. */
export interface BotVersionSource {
  /** The version a ref names; undefined for none (another project's bot reads the same). */
  resolve(
    projectId: string,
    botId: string,
    ref: VersionRef,
  ): Promise<{ version: number; settings: string; settingsVersion: string } | undefined>;
}

export interface BotVersion {
  id: string;
  bot_id: string;
  version: number;
  settings_version: string;
  source: BotVersionRow["source"];
  note: string | null;
  created_at: string;
  published_at: string | null;
  state: "published" | "draft" | "archived";
}

export interface BotDraft {
  /** null: no unpublished changes (the settings are the published ones). */
  version: number | null;
  /** The published version the draft was begun from (the published one when there is no draft). */
  based_on: number;
  settings: BotSettings;
  updated_at: string;
}

export interface VersionsServiceDeps {
  repos: Repos;
  transactor: Transactor;
  catalog: ModelCatalog;
  validateToolNames: (
    projectId: string,
    tools: Record<string, unknown>,
  ) => Promise<{ path: string; message: string }[]>;
  /** Absent: the evaluations are not composed, and a gated bot cannot publish. */
  evalGate?: EvalGate;
  clock: Clock;
  newId: IdGenerator;
  defaultModel: string;
}

const versionNotFound = (botId: string, ref: VersionRef) =>
  new ApiError(
    404,
    "version_not_found",
    `The bot '${botId}' has no ${typeof ref === "number" ? `version ${ref}` : `${ref} version`}.`,
  );

/**
 * A bot's versions, its draft, publishing and rolling back (docs/quality.md, "Versions"). Every
 * change of one bot's versions runs under its row lock, so numbers and publications follow one
 * another; each publication records `bot.published` in its transaction.
 */
export class BotVersionsService implements BotVersionSource {
  constructor(private readonly deps: VersionsServiceDeps) {}

  async list(
    auth: AuthContext,
    botId: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ data: BotVersion[]; next_cursor: string | null }> {
    const bot = await this.load(auth, botId);
    const before = page.cursor === undefined ? undefined : Number(page.cursor);
    if (before !== undefined && !Number.isSafeInteger(before)) {
      throw new ApiError(422, "invalid_cursor", "`cursor` is not one this list gave (next_cursor).");
    }
    const rows = await this.deps.repos.botVersions.list(bot.id, page.limit + 1, before);
    const more = rows.length > page.limit;
    const data = rows.slice(0, page.limit).map((row) => this.describe(bot, row));
    return { data, next_cursor: more ? String(data.at(-1)?.version) : null };
  }

  async get(
    auth: AuthContext,
    botId: string,
    ref: VersionRef,
  ): Promise<BotVersion & { settings: BotSettings }> {
    const bot = await this.load(auth, botId);
    const row = await this.find(bot, ref);
    return { ...this.describe(bot, row), settings: readBotSettings(row.settings, this.deps.defaultModel) };
  }

  async diff(
    auth: AuthContext,
    botId: string,
    fromRef: VersionRef,
    toRef: VersionRef,
  ): Promise<{ from: BotVersion; to: BotVersion; changes: SettingsChange[] }> {
    const bot = await this.load(auth, botId);
    const [from, to] = [await this.find(bot, fromRef), await this.find(bot, toRef)];
    const read = (row: BotVersionRow) => readBotSettings(row.settings, this.deps.defaultModel);
    return {
      from: this.describe(bot, from),
      to: this.describe(bot, to),
      changes: diffSettings(read(from), read(to)),
    };
  }

  async draft(auth: AuthContext, botId: string): Promise<BotDraft> {
    return this.draftOf(this.deps.repos, await this.load(auth, botId));
  }

  /**
   * Deep-merges the patch into the draft (begun from the published settings when there is
   * none): a new version, not published. A draft that comes back to the published settings is
   * no draft any more.
   */
  async saveDraft(auth: AuthContext, botId: string, patch: BotSettingsPatch): Promise<BotDraft> {
    let toolProblems: { path: string; message: string }[] = [];
    if (patch.ai?.tools) {
      await this.load(auth, botId);
      toolProblems = await this.deps.validateToolNames(auth.projectId, patch.ai.tools);
    }
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const repos = unit.repos;
      const bot = await this.lock(repos, auth, botId);
      await checkSettingsPatch(repos, this.deps.catalog, auth.projectId, patch, toolProblems);
      const current =
        bot.draft_version === null ? undefined : await repos.botVersions.find(bot.id, bot.draft_version);
      const base = current?.settings ?? bot.settings;
      const settings = JSON.stringify(mergeBotSettings(readBotSettings(base, this.deps.defaultModel), patch));
      if (settings === this.canonical(base)) return this.draftOf(repos, bot);
      const at = this.deps.clock.now().toISOString();
      if (settings === this.canonical(bot.settings)) {
        await repos.bots.update(bot.id, { draft_version: null, draft_base: null, updated_at: at });
        return this.draftOf(repos, { ...bot, draft_version: null, draft_base: null, updated_at: at });
      }
      const version = await addVersion(repos, this.deps.newId, bot, {
        settings,
        source: "draft",
        at,
        published: false,
      });
      const patched = {
        draft_version: version.version,
        draft_base: bot.draft_base ?? bot.published_version,
        updated_at: at,
      };
      await repos.bots.update(bot.id, patched);
      return this.draftOf(repos, { ...bot, ...patched });
    });
  }

  /** Drops the draft: its versions stay in the history, the bot has no unpublished changes. */
  async discardDraft(auth: AuthContext, botId: string): Promise<BotDraft> {
    return this.deps.repos.transaction(async (repos) => {
      const bot = await this.lock(repos, auth, botId);
      if (bot.draft_version === null) return this.draftOf(repos, bot);
      const at = this.deps.clock.now().toISOString();
      await repos.bots.update(bot.id, { draft_version: null, draft_base: null, updated_at: at });
      return this.draftOf(repos, { ...bot, draft_version: null, draft_base: null, updated_at: at });
    });
  }

  /**
   * Makes a version (the draft by default) the one that answers customers. A gated bot needs a
   * passing evaluation run of exactly that version's settings and model first: 409
   * `evals_required` / `evals_failed` (docs/quality.md, "The publish gate").
   */
  async publish(
    auth: AuthContext,
    botId: string,
    input: { version?: number | undefined; note?: string | undefined },
  ): Promise<{ bot: Bot; version: BotVersion; previous_version: number }> {
    const bot = await this.load(auth, botId);
    const number = input.version ?? bot.draft_version;
    if (number === null) {
      throw conflict("nothing_to_publish", `The bot '${botId}' has no draft; name a version to publish.`);
    }
    const target = await this.find(bot, number);
    if (bot.publish_requires_evals === 1) await this.checkGate(bot, target);
    return this.goLive(auth, botId, target.version, "publish", input.note);
  }

  /**
   * Goes back to an earlier version that already answered customers (the one published before
   * the current one by default): not gated, it is the way back when a change went wrong.
   */
  async rollback(
    auth: AuthContext,
    botId: string,
    input: { version?: number | undefined },
  ): Promise<{ bot: Bot; version: BotVersion; previous_version: number }> {
    const bot = await this.load(auth, botId);
    let number = input.version;
    if (number === undefined) {
      const previous = await this.deps.repos.botVersions.previousPublished(bot.id, bot.published_version);
      if (!previous) {
        throw conflict(
          "nothing_to_roll_back",
          `No version of the bot '${botId}' was published before version ${bot.published_version}.`,
        );
      }
      number = previous.version;
    }
    const target = await this.find(bot, number);
    if (target.published_at === null) {
      throw conflict(
        "never_published",
        `Version ${target.version} never answered customers: publish it instead (POST /v1/bots/${botId}/publish).`,
      );
    }
    return this.goLive(auth, botId, target.version, "rollback");
  }

  async resolve(
    projectId: string,
    botId: string,
    ref: VersionRef,
  ): Promise<{ version: number; settings: string; settingsVersion: string } | undefined> {
    const bot = await this.deps.repos.bots.findById(botId);
    if (!bot || bot.project_id !== projectId) return undefined;
    const row = await this.lookup(this.deps.repos, bot, ref);
    return row && { version: row.version, settings: row.settings, settingsVersion: row.settings_version };
  }

  private async goLive(
    auth: AuthContext,
    botId: string,
    number: number,
    action: PublishAction,
    note?: string,
  ): Promise<{ bot: Bot; version: BotVersion; previous_version: number }> {
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const bot = await this.lock(unit.repos, auth, botId);
      const target = await this.find(bot, number, unit.repos);
      if (target.version === bot.published_version) {
        return {
          bot: toBot(bot),
          version: this.describe(bot, target),
          previous_version: bot.published_version,
        };
      }
      const at = this.deps.clock.now().toISOString();
      const published = await publishVersion(unit, bot, target, action, at);
      if (note !== undefined) await unit.repos.botVersions.setNote(bot.id, target.version, note);
      const row = { ...target, published_at: at, note: note ?? target.note };
      return {
        bot: toBot(published),
        version: this.describe(published, row),
        previous_version: bot.published_version,
      };
    });
  }

  private async checkGate(bot: BotRow, target: BotVersionRow): Promise<void> {
    const model = readBotSettings(target.settings, this.deps.defaultModel).ai.model.id;
    const run = await this.deps.evalGate?.latestRun(bot.project_id, bot.id, target.settings_version, model);
    if (!run) {
      throw conflict(
        "evals_required",
        `Version ${target.version} has no completed evaluation run with its own model (${model}); run the bot's evaluations on it first (POST /v1/bots/${bot.id}/evals/runs).`,
      );
    }
    if (!run.passed) {
      throw conflict(
        "evals_failed",
        `The latest evaluation run of version ${target.version} (${run.id}) did not pass; fix the draft or the cases, then run again.`,
      );
    }
  }

  private async draftOf(repos: Repos, bot: BotRow): Promise<BotDraft> {
    const row =
      bot.draft_version === null ? undefined : await repos.botVersions.find(bot.id, bot.draft_version);
    return {
      version: row ? row.version : null,
      based_on: row ? (bot.draft_base ?? bot.published_version) : bot.published_version,
      settings: readBotSettings(row?.settings ?? bot.settings, this.deps.defaultModel),
      updated_at: row?.created_at ?? bot.updated_at,
    };
  }

  /** A stored document as a merge writes it (older documents may lack later fields or order keys otherwise). */
  private canonical(settings: string): string {
    return JSON.stringify(readBotSettings(settings, this.deps.defaultModel));
  }

  private describe(bot: BotRow, row: Omit<BotVersionRow, "settings">): BotVersion {
    return {
      id: row.id,
      bot_id: row.bot_id,
      version: row.version,
      settings_version: row.settings_version,
      source: row.source,
      note: row.note,
      created_at: row.created_at,
      published_at: row.published_at,
      state:
        row.version === bot.published_version
          ? "published"
          : row.version === bot.draft_version
            ? "draft"
            : "archived",
    };
  }

  private async find(bot: BotRow, ref: VersionRef, repos: Repos = this.deps.repos): Promise<BotVersionRow> {
    const row = await this.lookup(repos, bot, ref);
    if (!row) throw versionNotFound(bot.id, ref);
    return row;
  }

  /** `draft` is the draft, or the published version when there is none (what a draft chat answers with). */
  private lookup(repos: Repos, bot: BotRow, ref: VersionRef): Promise<BotVersionRow | undefined> {
    const number =
      ref === "published"
        ? bot.published_version
        : ref === "draft"
          ? (bot.draft_version ?? bot.published_version)
          : ref;
    return repos.botVersions.find(bot.id, number);
  }

  private async load(auth: AuthContext, botId: string): Promise<BotRow> {
    return assertOwned(await this.deps.repos.bots.findById(botId), auth.projectId, "bot", botId);
  }

  private async lock(repos: Repos, auth: AuthContext, botId: string): Promise<BotRow> {
    return assertOwned(await repos.bots.findForUpdate(botId), auth.projectId, "bot", botId);
  }
}
