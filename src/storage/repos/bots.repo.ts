import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { dialectOf } from "../dialect.js";
import type { BotsTable, Database } from "../schema.js";

export type BotRow = Selectable<BotsTable>;

export class BotsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): BotsRepo {
    return new BotsRepo(trx);
  }

  async insert(row: Insertable<BotsTable>): Promise<void> {
    await this.db.insertInto("bots").values(row).execute();
  }

  findById(id: string): Promise<BotRow | undefined> {
    return this.db.selectFrom("bots").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /**
   * The bot, locked until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite serialises
   * writers): version numbers and publications of one bot are given one at a time.
   */
  findForUpdate(id: string): Promise<BotRow | undefined> {
    const query = this.db.selectFrom("bots").selectAll().where("id", "=", id);
    return (dialectOf(this.db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  /**
   * Bots whose published settings name a field (a cheap filter before reading them): what a
   * sweep over one setting reads, e.g. the auto-resolve sweep (`autoResolveMinutes`).
   */
  listMentioningSetting(field: string): Promise<Pick<BotRow, "id" | "project_id" | "settings">[]> {
    return this.db
      .selectFrom("bots")
      .select(["id", "project_id", "settings"])
      .where("settings", "like", `%"${field}":%`)
      .orderBy("id")
      .execute();
  }

  listByProject(projectId: string): Promise<BotRow[]> {
    return this.db
      .selectFrom("bots")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async update(id: string, patch: Updateable<BotsTable>): Promise<void> {
    await this.db.updateTable("bots").set(patch).where("id", "=", id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("bots").where("id", "=", id).execute();
  }
}
