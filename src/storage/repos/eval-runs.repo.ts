import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "../schema.js";
import type { EvalResultsTable, EvalRunsTable } from "../schema-evals.js";
import { botRowsNewestFirst } from "./bot-rows-page.js";

export type EvalRunRow = Selectable<EvalRunsTable>;
export type EvalResultRow = Selectable<EvalResultsTable>;

/** A run's counts of results by status. */
export interface EvalRunCounts {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  inputTokens: number;
  outputTokens: number;
}

/** Evaluation runs and their results (docs/quality.md, "Evaluations"). */
export class EvalRunsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: EvalRunRow): Promise<void> {
    await this.db.insertInto("eval_runs").values(row).execute();
  }

  find(projectId: string, botId: string, id: string): Promise<EvalRunRow | undefined> {
    return this.db
      .selectFrom("eval_runs")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The run by id alone (its job knows the project and the run). */
  findById(projectId: string, id: string): Promise<EvalRunRow | undefined> {
    return this.db
      .selectFrom("eval_runs")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The bot's runs, newest first, `limit` of them after the run `before` (its id) when given. */
  async list(
    projectId: string,
    botId: string,
    page: { limit: number; before?: string | undefined },
  ): Promise<EvalRunRow[]> {
    return botRowsNewestFirst(this.db, "eval_runs", projectId, botId, page);
  }

  /** The newest completed run of the bot on these settings with this model (the publish gate). */
  latestCompleted(
    projectId: string,
    botId: string,
    settingsVersion: string,
    model: string,
  ): Promise<EvalRunRow | undefined> {
    return this.db
      .selectFrom("eval_runs")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("settings_version", "=", settingsVersion)
      .where("model", "=", model)
      .where("status", "=", "completed")
      .orderBy("finished_at", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async update(
    projectId: string,
    id: string,
    patch: Omit<Updateable<EvalRunsTable>, "id" | "project_id" | "bot_id">,
  ): Promise<void> {
    await this.db
      .updateTable("eval_runs")
      .set(patch)
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /**
   * Stores a case's result; a result the run already has (a job that ran twice) stays as it
   * was. Returns whether this one was stored.
   */
  async insertResult(row: EvalResultRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto("eval_results")
      .values(row)
      .onConflict((oc) => oc.columns(["run_id", "case_id"]).doNothing())
      .returning("case_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** A run's results in the run's order. */
  results(projectId: string, runId: string): Promise<EvalResultRow[]> {
    return this.db
      .selectFrom("eval_results")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("run_id", "=", runId)
      .orderBy("position")
      .execute();
  }

  /** One case's result of a run. */
  result(projectId: string, runId: string, caseId: string): Promise<EvalResultRow | undefined> {
    return this.db
      .selectFrom("eval_results")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("run_id", "=", runId)
      .where("case_id", "=", caseId)
      .executeTakeFirst();
  }

  /** The cases of a run that have a result (a resumed run skips them). */
  async doneCaseIds(projectId: string, runId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("eval_results")
      .select("case_id")
      .where("project_id", "=", projectId)
      .where("run_id", "=", runId)
      .execute();
    return new Set(rows.map((row) => row.case_id));
  }

  /** Each run's results counted by status, with their tokens (runs without results are absent). */
  async counts(projectId: string, runIds: readonly string[]): Promise<Map<string, EvalRunCounts>> {
    const byRun = new Map<string, EvalRunCounts>();
    if (runIds.length === 0) return byRun;
    const rows = await this.db
      .selectFrom("eval_results")
      .select(["run_id", "status"])
      .select((eb) => [
        eb.fn.countAll().as("count"),
        eb.fn.sum<number>("input_tokens").as("input_tokens"),
        eb.fn.sum<number>("output_tokens").as("output_tokens"),
      ])
      .where("project_id", "=", projectId)
      .where("run_id", "in", [...runIds])
      .groupBy(["run_id", "status"])
      .execute();
    for (const row of rows) {
      const counts = byRun.get(row.run_id) ?? {
        total: 0,
        passed: 0,
        failed: 0,
        errored: 0,
        inputTokens: 0,
        outputTokens: 0,
      };
      const count = Number(row.count);
      counts.total += count;
      if (row.status === "passed") counts.passed += count;
      else if (row.status === "failed") counts.failed += count;
      else counts.errored += count;
      counts.inputTokens += Number(row.input_tokens ?? 0);
      counts.outputTokens += Number(row.output_tokens ?? 0);
      byRun.set(row.run_id, counts);
    }
    return byRun;
  }
}
