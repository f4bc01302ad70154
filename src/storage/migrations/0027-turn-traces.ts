import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Turn traces (docs/quality.md, "Traces"): one row per turn that replied or failed, its
 * document as JSON, and the reply's messages pointing at it. Both go with their thread (and a
 * message's link with the message); old traces are pruned by retention.
 */
export function turnTraces(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("turn_traces")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("bot_id", "text")
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("started_at", t.timestamp, (c) => c.notNull())
        .addColumn("duration_ms", "integer", (c) => c.notNull())
        .addColumn("document", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          "turn_traces_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("turn_traces_thread_idx")
        .on("turn_traces")
        .columns(["project_id", "thread_id", "started_at"])
        .execute();
      await db.schema
        .createIndex("turn_traces_created_idx")
        .on("turn_traces")
        .columns(["created_at"])
        .execute();
      await db.schema
        .createTable("turn_trace_messages")
        .addColumn("message_id", "text", (c) => c.primaryKey().references("messages.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("trace_id", "text", (c) => c.notNull().references("turn_traces.id").onDelete("cascade"))
        .execute();
      await db.schema
        .createIndex("turn_trace_messages_trace_idx")
        .on("turn_trace_messages")
        .columns(["trace_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("turn_trace_messages").execute();
      await db.schema.dropTable("turn_traces").execute();
    },
  };
}
