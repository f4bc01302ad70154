import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * The durable job queue. project_id has no foreign key: a job may outlive its project and
 * then find nothing to do. The unique index on dedupe_key admits any number of NULLs on both
 * dialects, so only jobs that carry a key are deduplicated.
 */
export function jobs(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payload", t.json, (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("run_at", t.timestamp, (c) => c.notNull())
        .addColumn("locked_until", t.timestamp)
        .addColumn("locked_by", "text")
        .addColumn("last_error", "text")
        .addColumn("dedupe_key", "text")
        .addColumn("project_id", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addColumn("finished_at", t.timestamp)
        .execute();
      // Claiming looks for pending jobs by run_at and running jobs by expired lease.
      await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();
      await db.schema.createIndex("jobs_dedupe_unique").on("jobs").column("dedupe_key").unique().execute();
      // Pruning deletes finished jobs by age; unfinished jobs have no finished_at.
      await db.schema.createIndex("jobs_finished_idx").on("jobs").column("finished_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("jobs").execute();
    },
  };
}
