import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned, conflict } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotRow, BotsRepo } from "../../storage/repos/bots.repo.js";
import { type ChatsRepo, isConstraintViolation } from "../../storage/repos/chats.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModelCatalog } from "../models/index.js";
import type { Bot } from "./schemas.js";
import { checkSettingsPatch } from "./settings-check.js";
import { defaultBotSettings } from "./settings-defaults.js";
import { mergeBotSettings } from "./settings-merge.js";
import { readBotSettings } from "./settings-read.js";
import type { BotSettings, BotSettingsPatch } from "./settings-schema.js";
import { addVersion, publishVersion } from "./version-store.js";

export interface BotsServiceDeps {
  /** Opens transactions (settings updates merge under one). */
  repos: Repos;
  /** Settings changes record `bot.published` with them. */
  transactor: Transactor;
  bots: BotsRepo;
  /** To refuse deleting a bot that chats are still bound to. */
  chats: ChatsRepo;
  catalog: ModelCatalog;
  /**
   * Problems with the tool names of an `ai.tools` patch (the engine knows its tools; bots
   * depend on nothing of it): one detail per unknown name.
   */
  validateToolNames: (
    projectId: string,
    tools: Record<string, unknown>,
  ) => Promise<{ path: string; message: string }[]>;
  clock: Clock;
  newId: IdGenerator;
  defaultModel: string;
}

/** The bot as the API shows it (its settings and draft are read on their own routes). */
export function toBot(row: BotRow): Bot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    project_id: row.project_id,
    published_version: row.published_version,
    draft_version: row.draft_version,
    publish_requires_evals: row.publish_requires_evals === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Bots and their settings, always within the caller's project. */
export class BotsService {
  constructor(private readonly deps: BotsServiceDeps) {}

  async list(auth: AuthContext): Promise<Bot[]> {
    return (await this.deps.bots.listByProject(auth.projectId)).map(toBot);
  }

  async get(auth: AuthContext, botId: string): Promise<Bot> {
    return toBot(await this.load(auth, botId));
  }

  async create(
    auth: AuthContext,
    input: { name: string; description?: string | null | undefined },
  ): Promise<Bot> {
    return this.insertWithVersion(auth, {
      name: input.name,
      description: input.description ?? null,
      settings: JSON.stringify(defaultBotSettings(this.deps.defaultModel)),
      source: "created",
      note: null,
    });
  }

  async update(
    auth: AuthContext,
    botId: string,
    input: {
      name?: string | undefined;
      description?: string | null | undefined;
      publish_requires_evals?: boolean | undefined;
    },
  ): Promise<Bot> {
    const row = await this.load(auth, botId);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.publish_requires_evals !== undefined
        ? { publish_requires_evals: input.publish_requires_evals ? 1 : 0 }
        : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.bots.update(row.id, patch);
    return toBot({ ...row, ...patch });
  }

  async setStatus(auth: AuthContext, botId: string, status: Bot["status"]): Promise<Bot> {
    const row = await this.load(auth, botId);
    const patch = { status, updated_at: this.deps.clock.now().toISOString() };
    await this.deps.bots.update(row.id, patch);
    return toBot({ ...row, ...patch });
  }

  async getSettings(auth: AuthContext, botId: string): Promise<BotSettings> {
    return this.settingsOf(await this.load(auth, botId));
  }

  /**
   * Deep-merges the patch into the published settings inside a transaction, so concurrent
   * partial updates do not lose fields; a change is a new version, published at once
   * (docs/quality.md, "Versions"). A bot that publishes only through evaluated drafts refuses
   * it: 409 `draft_required`.
   */
  async updateSettings(auth: AuthContext, botId: string, patch: BotSettingsPatch): Promise<BotSettings> {
    // The project's tools are read outside the transaction (SQLite has one connection): the bot
    // is checked first, so another project's bot is still 403/404 before any 422.
    let toolProblems: { path: string; message: string }[] = [];
    if (patch.ai?.tools) {
      await this.load(auth, botId);
      toolProblems = await this.deps.validateToolNames(auth.projectId, patch.ai.tools);
    }
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const row = assertOwned(await unit.repos.bots.findForUpdate(botId), auth.projectId, "bot", botId);
      if (row.publish_requires_evals === 1) {
        throw conflict(
          "draft_required",
          `The bot '${botId}' publishes only evaluated drafts: change its draft (POST /v1/bots/${botId}/draft), run its evaluations, then publish.`,
        );
      }
      await checkSettingsPatch(unit.repos, this.deps.catalog, auth.projectId, patch, toolProblems);
      const merged = mergeBotSettings(this.settingsOf(row), patch);
      const settings = JSON.stringify(merged);
      if (settings === JSON.stringify(this.settingsOf(row))) return merged;
      const at = this.deps.clock.now().toISOString();
      const version = await addVersion(unit.repos, this.deps.newId, row, {
        settings,
        source: "settings",
        at,
        published: false,
      });
      await publishVersion(unit, row, version, "settings", at);
      return merged;
    });
  }

  async clone(auth: AuthContext, botId: string, name?: string): Promise<Bot> {
    const source = await this.load(auth, botId);
    return this.insertWithVersion(auth, {
      name: name ?? `${source.name} (copy)`.slice(0, 200),
      description: source.description,
      settings: JSON.stringify(this.settingsOf(source)),
      source: "clone",
      note: `Copy of ${source.id} version ${source.published_version}`,
    });
  }

  /** A bot that chats are bound to is 409 `bot_in_use`: delete or rebind the chats first. */
  async delete(auth: AuthContext, botId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth, botId);
    const inUse = () =>
      conflict(
        "bot_in_use",
        `The bot '${botId}' is used by chats; delete them or bind them to another bot first.`,
      );
    if (await this.deps.chats.existsForBot(row.id)) throw inUse();
    try {
      await this.deps.bots.delete(row.id);
    } catch (error) {
      // A chat bound to the bot between the check and the delete: the foreign key refuses it.
      if (isConstraintViolation(error, "foreign_key")) throw inUse();
      throw error;
    }
    return { id: row.id, deleted: true };
  }

  /** A new bot with its settings as version 1, published. */
  private async insertWithVersion(
    auth: AuthContext,
    input: {
      name: string;
      description: string | null;
      settings: string;
      source: "created" | "clone";
      note: string | null;
    },
  ): Promise<Bot> {
    const at = this.deps.clock.now().toISOString();
    const row: BotRow = {
      id: this.deps.newId("bot"),
      project_id: auth.projectId,
      name: input.name,
      description: input.description,
      status: "active",
      settings: input.settings,
      published_version: 1,
      draft_version: null,
      draft_base: null,
      publish_requires_evals: 0,
      created_at: at,
      updated_at: at,
    };
    await this.deps.repos.transaction(async (repos) => {
      await repos.bots.insert(row);
      await addVersion(repos, this.deps.newId, row, {
        settings: input.settings,
        source: input.source,
        note: input.note,
        at,
        published: true,
      });
    });
    return toBot(row);
  }

  private async load(auth: AuthContext, botId: string): Promise<BotRow> {
    return assertOwned(await this.deps.bots.findById(botId), auth.projectId, "bot", botId);
  }

  private settingsOf(row: BotRow): BotSettings {
    return readBotSettings(row.settings, this.deps.defaultModel);
  }
}
