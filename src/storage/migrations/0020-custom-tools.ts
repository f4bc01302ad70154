import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Custom HTTP tools (docs/custom-tools.md): one row per tool of a project, its name unique in
 * the project (the key of `ai.tools`). Header values and the signing secret are sealed.
 */
export function customTools(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("custom_tools")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("input_schema", t.json, (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("header_names", t.json, (c) => c.notNull())
        .addColumn("headers_sealed", "text")
        .addColumn("secret_sealed", "text", (c) => c.notNull())
        .addColumn("timeout_ms", "integer", (c) => c.notNull())
        .addColumn("max_response_bytes", "integer", (c) => c.notNull())
        .addColumn("max_calls_per_turn", "integer")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("custom_tools_project_name_idx")
        .on("custom_tools")
        .columns(["project_id", "name"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("custom_tools").execute();
    },
  };
}
