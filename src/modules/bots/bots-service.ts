import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, conflict, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotRow, BotsRepo } from "../../storage/repos/bots.repo.js";
import { type ChatsRepo, isConstraintViolation } from "../../storage/repos/chats.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModelCatalog } from "../models/index.js";
import type { Bot } from "./schemas.js";
import { defaultBotSettings } from "./settings-defaults.js";
import { mergeBotSettings } from "./settings-merge.js";
import { readBotSettings } from "./settings-read.js";
import type { BotSettings, BotSettingsPatch } from "./settings-schema.js";

export interface BotsServiceDeps {
  /** Opens transactions (settings updates merge under one). */
  repos: Repos;
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

/**
 * The ids of `ai.knowledge.vectorStoreIds` a patch sets that are not vector stores of the
 * project, one detail each (docs/knowledge.md, "Bots"). Another project's store and a store
 * that never existed read the same, so a project learns nothing of another's ids. Only the ids
 * the patch sends are checked: a store deleted after it was set does not block other changes
 * (knowledge_search skips it at turn time).
 */
async function unknownVectorStores(
  repos: Repos,
  projectId: string,
  ids: readonly string[] | undefined,
): Promise<{ path: string; message: string }[]> {
  const problems: { path: string; message: string }[] = [];
  for (const [index, id] of (ids ?? []).entries()) {
    const store = await repos.knowledge.findStore(id);
    if (store?.project_id !== projectId) {
      problems.push({
        path: `ai.knowledge.vectorStoreIds.${index}`,
        message: `'${id}' is not a vector store of this project (GET /v1/vector_stores lists them)`,
      });
    }
  }
  return problems;
}

function toBot(row: BotRow): Bot {
  const { settings: _settings, ...bot } = row;
  return bot;
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
    const now = this.deps.clock.now().toISOString();
    const row: BotRow = {
      id: this.deps.newId("bot"),
      project_id: auth.projectId,
      name: input.name,
      description: input.description ?? null,
      status: "active",
      settings: JSON.stringify(defaultBotSettings(this.deps.defaultModel)),
      created_at: now,
      updated_at: now,
    };
    await this.deps.bots.insert(row);
    return toBot(row);
  }

  async update(
    auth: AuthContext,
    botId: string,
    input: { name?: string | undefined; description?: string | null | undefined },
  ): Promise<Bot> {
    const row = await this.load(auth, botId);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
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

  /** Deep-merges the patch inside a transaction, so concurrent partial updates do not lose fields. */
  async updateSettings(auth: AuthContext, botId: string, patch: BotSettingsPatch): Promise<BotSettings> {
    // The project's tools are read outside the transaction (SQLite has one connection): the bot
    // is checked first, so another project's bot is still 403/404 before any 422.
    let toolProblems: { path: string; message: string }[] = [];
    if (patch.ai?.tools) {
      await this.load(auth, botId);
      toolProblems = await this.deps.validateToolNames(auth.projectId, patch.ai.tools);
    }
    return this.deps.repos.transaction(async (trx) => {
      const bots = trx.bots;
      const row = assertOwned(await bots.findById(botId), auth.projectId, "bot", botId);
      const modelId = patch.ai?.model?.id;
      const problems = [...toolProblems];
      if (modelId !== undefined && !this.deps.catalog.get(modelId)) {
        problems.unshift({
          path: "ai.model.id",
          message: `unknown model '${modelId}'; GET /v1/models lists the catalog`,
        });
      }
      const storeProblems = await unknownVectorStores(
        trx,
        auth.projectId,
        patch.ai?.knowledge?.vectorStoreIds,
      );
      if (problems.length > 0 || storeProblems.length > 0) {
        // Only unknown stores: their own code, so a client can tell it from a malformed body.
        if (problems.length === 0) {
          throw new ApiError(
            422,
            "unknown_vector_store",
            storeProblems.map((d) => `${d.path}: ${d.message}`).join("; "),
            { details: storeProblems },
          );
        }
        throw validationFailed([...problems, ...storeProblems]);
      }
      const merged = mergeBotSettings(this.settingsOf(row), patch);
      await bots.update(row.id, {
        settings: JSON.stringify(merged),
        updated_at: this.deps.clock.now().toISOString(),
      });
      return merged;
    });
  }

  async clone(auth: AuthContext, botId: string, name?: string): Promise<Bot> {
    const source = await this.load(auth, botId);
    const now = this.deps.clock.now().toISOString();
    const row: BotRow = {
      id: this.deps.newId("bot"),
      project_id: auth.projectId,
      name: name ?? `${source.name} (copy)`.slice(0, 200),
      description: source.description,
      status: "active",
      settings: JSON.stringify(this.settingsOf(source)),
      created_at: now,
      updated_at: now,
    };
    await this.deps.bots.insert(row);
    return toBot(row);
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

  private async load(auth: AuthContext, botId: string): Promise<BotRow> {
    return assertOwned(await this.deps.bots.findById(botId), auth.projectId, "bot", botId);
  }

  private settingsOf(row: BotRow): BotSettings {
    return readBotSettings(row.settings, this.deps.defaultModel);
  }
}
