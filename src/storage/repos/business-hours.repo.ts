import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { BusinessHoursTable } from "../schema-business-hours.js";

export type BusinessHoursRow = Selectable<BusinessHoursTable>;

/** Each project's business hours (docs/business-hours.md): one JSON document per project. */
export class BusinessHoursRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(projectId: string): Promise<BusinessHoursRow | undefined> {
    return this.db
      .selectFrom("business_hours")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirst();
  }

  /** Inserts or replaces the project's business hours (parallel saves: the last one wins whole). */
  async save(row: BusinessHoursRow): Promise<void> {
    await this.db
      .insertInto("business_hours")
      .values(row)
      .onConflict((oc) =>
        oc.column("project_id").doUpdateSet({ settings: row.settings, updated_at: row.updated_at }),
      )
      .execute();
  }
}
