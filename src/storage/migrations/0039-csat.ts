import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * CSAT (docs/csat.md): the project's survey setting (one JSON document per project that has set
 * it; no row: off) and one survey per resolution of a thread: asked when the thread is resolved,
 * answered (`rating` 1–5, `comment`) by the customer's next message, the widget's buttons or the
 * API, or expired by a message that is no rating. `operator_id` is who is rated: the thread's
 * assignee at resolution (null: the bot alone). At most one open (unanswered, unexpired) survey a
 * thread: the partial unique index makes parallel resolutions ask once on both databases.
 */
export function csat(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("csat_settings")
        .addColumn("project_id", "text", (c) => c.primaryKey().references("projects.id").onDelete("cascade"))
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("csat_surveys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("chat_id", "text", (c) => c.notNull())
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("operator_id", "text")
        .addColumn("operator_name", "text")
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("scale", "text", (c) => c.notNull())
        .addColumn("message_id", "text")
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("rating", "integer")
        .addColumn("comment", "text")
        .addColumn("asked_at", t.timestamp, (c) => c.notNull())
        .addColumn("answered_at", t.timestamp)
        .execute();
      await db.schema
        .createIndex("csat_surveys_open_unique")
        .on("csat_surveys")
        .columns(["project_id", "thread_id"])
        .unique()
        .where(sql<boolean>`state = 'asked'`)
        .execute();
      // Reports: a project's answers by time.
      await db.schema
        .createIndex("csat_surveys_answered_idx")
        .on("csat_surveys")
        .columns(["project_id", "answered_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("csat_surveys").execute();
      await db.schema.dropTable("csat_settings").execute();
    },
  };
}
