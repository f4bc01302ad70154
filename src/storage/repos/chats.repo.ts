import type { ExpressionBuilder, Insertable, Kysely, Selectable, Updateable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { ChatsTable } from "../schema-integrations.js";

export type ChatRow = Selectable<ChatsTable>;

/** A chat with the number of messages of its threads created after `since`. */
export type ChatWithEventsRow = ChatRow & { events_24h: number };

/** Driver error codes for constraint violations: PostgreSQL SQLSTATE, better-sqlite3 extended codes. */
const VIOLATION_CODES = {
  unique: ["23505", "SQLITE_CONSTRAINT_UNIQUE"],
  foreign_key: ["23503", "SQLITE_CONSTRAINT_FOREIGNKEY"],
} as const;

/** Whether a database error is a violation of that kind of constraint, on either dialect. */
export function isConstraintViolation(error: unknown, kind: keyof typeof VIOLATION_CODES): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (VIOLATION_CODES[kind] as readonly string[]).includes(code);
}

/** Messages of the chat's threads created after `since` (threads join on (project_id, id)). */
function eventsSince(since: string) {
  return (eb: ExpressionBuilder<Database, "chats">) =>
    eb
      .selectFrom("messages")
      .innerJoin("threads", (join) =>
        join
          .onRef("threads.project_id", "=", "messages.project_id")
          .onRef("threads.id", "=", "messages.thread_id"),
      )
      .whereRef("threads.chat_id", "=", "chats.id")
      .where("messages.created_at", ">", since)
      .select((count) => count.fn.countAll<number>().as("n"))
      .as("events_24h");
}

const chatById = preparedQuery<{ id: string }, ChatRow>((db, arg) =>
  db.selectFrom("chats").selectAll().where("id", "=", arg("id")),
);

export class ChatsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): ChatsRepo {
    return new ChatsRepo(trx);
  }

  /** Inserts the chat; false when the integration already has a chat with this name. */
  async insert(row: Insertable<ChatsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto("chats")
      .values(row)
      .onConflict((oc) => oc.columns(["integration_id", "name"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async findById(id: string): Promise<ChatRow | undefined> {
    return chatById.first(this.db, { id });
  }

  async findWithEvents(id: string, since: string): Promise<ChatWithEventsRow | undefined> {
    const row = await this.db
      .selectFrom("chats")
      .selectAll("chats")
      .select(eventsSince(since))
      .where("chats.id", "=", id)
      .executeTakeFirst();
    return row && withNumericCount(row);
  }

  async listByProject(projectId: string, since: string): Promise<ChatWithEventsRow[]> {
    const rows = await this.db
      .selectFrom("chats")
      .selectAll("chats")
      .select(eventsSince(since))
      .where("chats.project_id", "=", projectId)
      .orderBy("chats.created_at")
      .orderBy("chats.id")
      .execute();
    return rows.map(withNumericCount);
  }

  async listByIntegration(integrationId: string, since: string): Promise<ChatWithEventsRow[]> {
    const rows = await this.db
      .selectFrom("chats")
      .selectAll("chats")
      .select(eventsSince(since))
      .where("chats.integration_id", "=", integrationId)
      .orderBy("chats.created_at")
      .orderBy("chats.id")
      .execute();
    return rows.map(withNumericCount);
  }

  /** The integration's chats without counts, oldest first: what inbound routing chooses from. */
  listRowsByIntegration(integrationId: string): Promise<ChatRow[]> {
    return this.db
      .selectFrom("chats")
      .selectAll()
      .where("integration_id", "=", integrationId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Applies the patch; false when a new name is already taken in the chat's integration. */
  async update(id: string, patch: Updateable<ChatsTable>): Promise<boolean> {
    try {
      await this.db.updateTable("chats").set(patch).where("id", "=", id).execute();
      return true;
    } catch (error) {
      if (isConstraintViolation(error, "unique")) return false;
      throw error;
    }
  }

  /** Its threads (and their messages) go with it, by the foreign keys' cascade. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("chats").where("id", "=", id).execute();
  }

  async existsForBot(botId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("chats")
      .select("id")
      .where("bot_id", "=", botId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Moves the integration's chats in status `from` to `to` (an integration losing or regaining access). */
  async moveStatusForIntegration(
    integrationId: string,
    from: ChatRow["status"],
    to: ChatRow["status"],
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable("chats")
      .set({ status: to, updated_at: now })
      .where("integration_id", "=", integrationId)
      .where("status", "=", from)
      .execute();
  }
}

/** COUNT is bigint on PostgreSQL (parsed to a number by the pool) and may be null for no row. */
function withNumericCount<T extends { events_24h: number | string | bigint | null }>(
  row: T,
): Omit<T, "events_24h"> & { events_24h: number } {
  return { ...row, events_24h: Number(row.events_24h ?? 0) };
}
