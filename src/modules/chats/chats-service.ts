import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned, conflict, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotsRepo } from "../../storage/repos/bots.repo.js";
import type { ChatRow, ChatsRepo, ChatWithEventsRow } from "../../storage/repos/chats.repo.js";
import type { IntegrationRow, IntegrationsRepo } from "../../storage/repos/integrations.repo.js";
import type { Chat, CreateChatInput, UpdateChatInput } from "./schemas.js";

export interface ChatsServiceDeps {
  chats: ChatsRepo;
  integrations: IntegrationsRepo;
  bots: BotsRepo;
  clock: Clock;
  newId: IdGenerator;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toChat(row: ChatWithEventsRow): Chat {
  return {
    id: row.id,
    name: row.name,
    bot_id: row.bot_id,
    integration_id: row.integration_id,
    status: row.status,
    project_id: row.project_id,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    bot_version: row.bot_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    events_24h: row.events_24h,
  };
}

const nameTaken = (name: string) =>
  conflict("chat_name_taken", `This integration already has a chat named '${name}'.`);

/**
 * Chats of the caller's project. Integration chat operations first resolve the integration
 * (404 / 403), then the chat within it: a chat of another integration is 404.
 */
export class ChatsService {
  constructor(private readonly deps: ChatsServiceDeps) {}

  async list(auth: AuthContext): Promise<Chat[]> {
    return (await this.deps.chats.listByProject(auth.projectId, this.since())).map(toChat);
  }

  async get(auth: AuthContext, chatId: string): Promise<Chat> {
    const row = assertOwned(await this.deps.chats.findById(chatId), auth.projectId, "chat", chatId);
    return this.withEvents(row.id);
  }

  async listByIntegration(auth: AuthContext, integrationId: string): Promise<Chat[]> {
    const integration = await this.integration(auth, integrationId);
    return (await this.deps.chats.listByIntegration(integration.id, this.since())).map(toChat);
  }

  /** A new chat is `disabled` (docs/api.md); activate it with the status operation. */
  async create(auth: AuthContext, integrationId: string, input: CreateChatInput): Promise<Chat> {
    const integration = await this.integration(auth, integrationId);
    await this.bot(auth, input.bot_id);
    const now = this.deps.clock.now().toISOString();
    const row: ChatRow = {
      id: this.deps.newId("chat"),
      project_id: auth.projectId,
      integration_id: integration.id,
      bot_id: input.bot_id,
      name: input.name,
      status: "disabled",
      settings: JSON.stringify(input.settings ?? {}),
      bot_version: input.bot_version ?? "published",
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.chats.insert(row))) throw nameTaken(input.name);
    return toChat({ ...row, events_24h: 0 });
  }

  /** Fields not sent are unchanged; `settings` is replaced as a whole. */
  async update(
    auth: AuthContext,
    integrationId: string,
    chatId: string,
    input: UpdateChatInput,
  ): Promise<Chat> {
    const row = await this.chatOf(auth, integrationId, chatId);
    if (input.bot_id !== undefined) await this.bot(auth, input.bot_id);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.bot_id !== undefined ? { bot_id: input.bot_id } : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      ...(input.bot_version !== undefined ? { bot_version: input.bot_version } : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    if (!(await this.deps.chats.update(row.id, patch))) throw nameTaken(input.name ?? row.name);
    return this.withEvents(row.id);
  }

  async setStatus(
    auth: AuthContext,
    integrationId: string,
    chatId: string,
    status: "active" | "disabled",
  ): Promise<Chat> {
    const row = await this.chatOf(auth, integrationId, chatId);
    await this.deps.chats.update(row.id, { status, updated_at: this.deps.clock.now().toISOString() });
    return this.withEvents(row.id);
  }

  /** Deletes the chat with its threads and their messages. */
  async delete(
    auth: AuthContext,
    integrationId: string,
    chatId: string,
  ): Promise<{ id: string; deleted: true }> {
    const row = await this.chatOf(auth, integrationId, chatId);
    await this.deps.chats.delete(row.id);
    return { id: row.id, deleted: true };
  }

  /** "The last 24 hours" by the injectable clock. */
  private since(): string {
    return new Date(this.deps.clock.now().getTime() - DAY_MS).toISOString();
  }

  private async withEvents(chatId: string): Promise<Chat> {
    const row = await this.deps.chats.findWithEvents(chatId, this.since());
    if (!row) throw notFound("chat", chatId);
    return toChat(row);
  }

  private async integration(auth: AuthContext, integrationId: string): Promise<IntegrationRow> {
    return assertOwned(
      await this.deps.integrations.findById(integrationId),
      auth.projectId,
      "integration",
      integrationId,
    );
  }

  private async chatOf(auth: AuthContext, integrationId: string, chatId: string): Promise<ChatRow> {
    const integration = await this.integration(auth, integrationId);
    const chat = await this.deps.chats.findById(chatId);
    if (!chat || chat.integration_id !== integration.id) throw notFound("chat", chatId);
    return chat;
  }

  /** The bot a chat is bound to must be in the caller's project: 404 when missing, 403 when foreign. */
  private async bot(auth: AuthContext, botId: string): Promise<void> {
    assertOwned(await this.deps.bots.findById(botId), auth.projectId, "bot", botId);
  }
}
