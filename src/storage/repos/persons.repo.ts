import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { PersonsTable } from "../schema-conversations.js";

export type PersonRow = Selectable<PersonsTable>;

export class PersonsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Several persons at once (a page of threads); unknown ids are left out. */
  findByIds(ids: string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("persons").selectAll().where("id", "in", ids).execute();
  }

  findById(id: string): Promise<PersonRow | undefined> {
    return this.db.selectFrom("persons").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByExternalId(projectId: string, externalId: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("external_id", "=", externalId)
      .where("channel", "is", null)
      .executeTakeFirst();
  }

  /** A person a vendor channel delivered: keyed by the vendor and their user id there. */
  findByChannel(projectId: string, channel: string, userId: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("channel", "=", channel)
      .where("channel_user_id", "=", userId)
      .executeTakeFirst();
  }

  async insert(row: PersonRow): Promise<void> {
    await this.db.insertInto("persons").values(row).execute();
  }

  async update(id: string, patch: { name?: string | null; avatar_url?: string | null }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable("persons").set(patch).where("id", "=", id).execute();
  }
}
