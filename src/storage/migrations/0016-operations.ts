import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";

/**
 * What operators look at (docs/operations.md). Jobs as the API lists them (docs/api.md, "Jobs"):
 * the thread a job is about, taken from its payload's `threadId` (the convention of every thread
 * job), and indexes for a project's jobs newest first and a thread's. A cancelled job is a row
 * with status `cancelled`: the column is plain text, so the new status needs no schema change.
 * Pending approvals are counted at every metrics scrape: an index on their status.
 */
export function operations(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("jobs").addColumn("thread_id", "text").execute();
      const threadId =
        dialect === "postgres"
          ? sql`payload::jsonb ->> 'threadId'`
          : sql`json_extract(payload, '$.threadId')`;
      // Only string ids: a payload whose threadId is anything else names no thread.
      const isText =
        dialect === "postgres"
          ? sql`jsonb_typeof(payload::jsonb -> 'threadId') = 'string'`
          : sql`json_type(payload, '$.threadId') = 'text'`;
      await sql`update jobs set thread_id = ${threadId} where ${isText}`.execute(db);
      await db.schema
        .createIndex("jobs_project_created_idx")
        .on("jobs")
        .columns(["project_id", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("jobs_project_thread_idx")
        .on("jobs")
        .columns(["project_id", "thread_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("tool_approvals_status_idx")
        .on("tool_approvals")
        .column("status")
        .execute();
    },
  };
}
