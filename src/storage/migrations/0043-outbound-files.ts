import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Pictures and files out (docs/channels.md, "Files"): `outbound_files` holds what operators
 * uploaded to a thread and what the bot's `send_file` tool fetched, one row per file kept in the
 * file store (the bytes are on disk, not here); a message that carries files lists them in its
 * new `files` column (JSON array of {id, kind, name, mime_type, size, caption?}), null otherwise.
 */
export function outboundFiles(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("outbound_files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          "outbound_files_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("outbound_files_thread_idx")
        .on("outbound_files")
        .columns(["project_id", "thread_id"])
        .execute();
      await db.schema.alterTable("messages").addColumn("files", t.json).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("messages").dropColumn("files").execute();
      await db.schema.dropTable("outbound_files").execute();
    },
  };
}
