import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Private notes (docs/conversations.md, "Private notes"): operators' notes in a thread, in a
 * table of their own and never messages, so that no path that reads messages (the prompt,
 * deliveries to the customer, the widget's history) can pick them up. `note_mentions` is the
 * mentioned operators' inbox: one row per note and operator (unique, so parallel edits never
 * notify twice), unread until they mark it read. Both go with their thread.
 */
export function threadNotes(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("thread_notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("author_type", "text", (c) => c.notNull())
        .addColumn("author_id", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("mentions", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          "thread_notes_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      // A thread's notes, oldest first.
      await db.schema
        .createIndex("thread_notes_thread_idx")
        .on("thread_notes")
        .columns(["project_id", "thread_id", "created_at"])
        .execute();
      await db.schema
        .createTable("note_mentions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("note_id", "text", (c) => c.notNull().references("thread_notes.id").onDelete("cascade"))
        .addColumn("operator_id", "text", (c) => c.notNull())
        .addColumn("read_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("note_mentions_note_operator_unique", ["note_id", "operator_id"])
        .execute();
      // An operator's inbox in a project.
      await db.schema
        .createIndex("note_mentions_operator_idx")
        .on("note_mentions")
        .columns(["project_id", "operator_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("note_mentions").execute();
      await db.schema.dropTable("thread_notes").execute();
    },
  };
}
