import type { Kysely, Selectable, Updateable } from "kysely";
import type { BotsTable, Database } from "../schema.js";

export type BotRow = Selectable<BotsTable>;

export class BotsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): BotsRepo {
    return new BotsRepo(trx);
  }

  async insert(row: BotRow): Promise<void> {
    await this.db.insertInto("bots").values(row).execute();
  }

  findById(id: string): Promise<BotRow | undefined> {
    return this.db.selectFrom("bots").selectAll().where("id", "=", id).executeTakeFirst();
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
