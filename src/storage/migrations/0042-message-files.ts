import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Files customers sent on a channel, kept by Parley (docs/channels.md, "Non-text messages"): one
 * row per kept attachment (`attachment_index` is its place in the message's attachments), the
 * bytes in the file store at `path`. No foreign keys: the housekeeping sweep removes the bytes
 * and the row together once the file expires or its thread is gone, so no row disappears
 * before its file does.
 */
export function messageFiles(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("message_files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("message_id", "text", (c) => c.notNull())
        .addColumn("attachment_index", "integer", (c) => c.notNull())
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("expires_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("message_files_attachment_unique")
        .on("message_files")
        .columns(["message_id", "attachment_index"])
        .unique()
        .execute();
      await db.schema.createIndex("message_files_expires").on("message_files").column("expires_at").execute();
      await db.schema.createIndex("message_files_thread").on("message_files").column("thread_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("message_files").execute();
    },
  };
}
