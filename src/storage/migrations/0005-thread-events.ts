import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * The thread event log. No foreign keys: it is a short-lived log (pruned after minutes) that
 * must accept events about threads being deleted, and it costs no lookups on insert.
 * `seq` must never be reused, even after every row was pruned, since clients resume from it:
 * hence AUTOINCREMENT on SQLite (a plain rowid restarts after the highest rows are deleted).
 */
export function threadEvents(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("thread_events")
        .addColumn("seq", dialect === "postgres" ? "bigserial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("data", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("thread_events_project_idx")
        .on("thread_events")
        .columns(["project_id", "seq"])
        .execute();
      await db.schema
        .createIndex("thread_events_created_idx")
        .on("thread_events")
        .column("created_at")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("thread_events").execute();
    },
  };
}
