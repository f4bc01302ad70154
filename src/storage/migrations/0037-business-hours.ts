import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Business hours per project (docs/business-hours.md): one row per project that has set them,
 * its whole setting as one JSON document (time zone, weekly intervals, holidays, out-of-hours
 * messages), replaced whole by the API. A table of its own rather than a column on `projects`,
 * so that the setting goes with its project and the core table stays as it is. No row: the
 * defaults (off).
 */
export function businessHours(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("business_hours")
        .addColumn("project_id", "text", (c) => c.primaryKey().references("projects.id").onDelete("cascade"))
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("business_hours").execute();
    },
  };
}
