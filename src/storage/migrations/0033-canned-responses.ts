import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Canned responses (docs/canned-responses.md): one row per ready answer of a project, its short
 * code unique in the project. Codes are stored lowercased, so the unique index is case-insensitive.
 */
export function cannedResponses(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("canned_responses")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("short_code", "text", (c) => c.notNull())
        .addColumn("title", "text")
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("search_text", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("canned_responses_project_code_idx")
        .on("canned_responses")
        .columns(["project_id", "short_code"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("canned_responses").execute();
    },
  };
}
