import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * A conversation's status (docs/conversations.md, "Status"): `open`, `pending`, `snoozed` or
 * `resolved`, with the time a snooze ends and when the status last changed. Existing threads
 * are `open`, changed when they were created.
 *
 * `threads_status_recent_idx` serves the inbox's list filtered by status in its own order
 * (ThreadsRepo.list: threads without messages last, newest activity first, then id) and the
 * per-status counts: the ORDER BY's expression is part of the index, spelled as the query spells
 * it, so both databases read a page straight off the index instead of sorting the project.
 */
export function threadStatus(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("threads")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
        .execute();
      await db.schema.alterTable("threads").addColumn("snoozed_until", t.timestamp).execute();
      await db.schema.alterTable("threads").addColumn("status_changed_at", t.timestamp).execute();
      await sql`update threads set status_changed_at = created_at`.execute(db);
      await sql`create index threads_status_recent_idx on threads (project_id, status,
        (case when last_message_at is null then 1 else 0 end), last_message_at desc, id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("threads_status_recent_idx").execute();
      await db.schema.alterTable("threads").dropColumn("status_changed_at").execute();
      await db.schema.alterTable("threads").dropColumn("snoozed_until").execute();
      await db.schema.alterTable("threads").dropColumn("status").execute();
    },
  };
}
