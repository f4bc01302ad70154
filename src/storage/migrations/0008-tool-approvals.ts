import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/** Tool calls waiting for (or decided by) an operator or the end user. */
export function toolApprovals(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("tool_approvals")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("tool_call_id", "text", (c) => c.notNull())
        .addColumn("tool_name", "text", (c) => c.notNull())
        .addColumn("args", t.json, (c) => c.notNull())
        .addColumn("policy", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("decided_by", "text")
        .addColumn("settled_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("decided_at", t.timestamp)
        .addForeignKeyConstraint(
          "tool_approvals_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("tool_approvals_thread_idx")
        .on("tool_approvals")
        .columns(["project_id", "thread_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("tool_approvals").execute();
    },
  };
}
