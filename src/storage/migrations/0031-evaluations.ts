import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Evaluations (docs/quality.md, "Evaluations"): a bot's test conversations with what their
 * answers must do (`eval_cases`), runs of a set of them against a version of the bot
 * (`eval_runs`), and each case's result with the turn's trace document (`eval_results`). All of
 * it goes with its bot (and its project); a run's results go with the run. A result keeps its
 * case's id and name but no foreign key to it: deleting a case leaves past runs readable.
 */
export function evaluations(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("eval_cases")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("messages", t.json, (c) => c.notNull())
        .addColumn("expectations", t.json, (c) => c.notNull())
        .addColumn("tool_results", t.json, (c) => c.notNull())
        .addColumn("source_type", "text", (c) => c.notNull())
        .addColumn("source_thread_id", "text")
        .addColumn("source_message_id", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("eval_cases_bot_idx")
        .on("eval_cases")
        .columns(["bot_id", "created_at", "id"])
        .execute();

      await db.schema
        .createTable("eval_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("settings_version", "text", (c) => c.notNull())
        .addColumn("model", "text", (c) => c.notNull())
        .addColumn("judge_model", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("case_ids", t.json, (c) => c.notNull())
        .addColumn("error_code", "text")
        .addColumn("error_message", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("started_at", t.timestamp)
        .addColumn("finished_at", t.timestamp)
        .execute();
      await db.schema
        .createIndex("eval_runs_bot_idx")
        .on("eval_runs")
        .columns(["bot_id", "created_at", "id"])
        .execute();
      // The publish gate's question: the newest completed run of these settings with this model.
      await db.schema
        .createIndex("eval_runs_gate_idx")
        .on("eval_runs")
        .columns(["bot_id", "settings_version", "model", "status"])
        .execute();

      await db.schema
        .createTable("eval_results")
        .addColumn("run_id", "text", (c) => c.notNull().references("eval_runs.id").onDelete("cascade"))
        .addColumn("case_id", "text", (c) => c.notNull())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("case_name", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reply", "text")
        .addColumn("expectations", t.json, (c) => c.notNull())
        .addColumn("tool_calls", t.json, (c) => c.notNull())
        .addColumn("handed_off", "integer", (c) => c.notNull())
        .addColumn("input_tokens", "integer", (c) => c.notNull())
        .addColumn("output_tokens", "integer", (c) => c.notNull())
        .addColumn("duration_ms", "integer", (c) => c.notNull())
        .addColumn("error_code", "text")
        .addColumn("error_message", "text")
        .addColumn("trace_id", "text", (c) => c.notNull())
        .addColumn("trace", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("eval_results_pk", ["run_id", "case_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("eval_results").execute();
      await db.schema.dropTable("eval_runs").execute();
      await db.schema.dropTable("eval_cases").execute();
    },
  };
}
