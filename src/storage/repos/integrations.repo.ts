import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "../schema.js";
import type { IntegrationsTable } from "../schema-integrations.js";

/** A stored integration; `auth_data` is the sealed (encrypted) JSON, never plaintext. */
export type IntegrationRow = Selectable<IntegrationsTable>;

export class IntegrationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): IntegrationsRepo {
    return new IntegrationsRepo(trx);
  }

  async insert(row: IntegrationRow): Promise<void> {
    await this.db.insertInto("integrations").values(row).execute();
  }

  findById(id: string): Promise<IntegrationRow | undefined> {
    return this.db.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  listByProject(projectId: string): Promise<IntegrationRow[]> {
    return this.db
      .selectFrom("integrations")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async update(id: string, patch: Updateable<IntegrationsTable>): Promise<void> {
    await this.db.updateTable("integrations").set(patch).where("id", "=", id).execute();
  }

  /** Its chats go with it (and their threads and messages), by the foreign keys' cascade. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("integrations").where("id", "=", id).execute();
  }
}
