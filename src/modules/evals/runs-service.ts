import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { ApiError, assertOwned, validationFailed } from "../../infra/errors.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { EvalResultRow, EvalRunRow } from "../../storage/repos/eval-runs.repo.js";
import { readBotSettings } from "../bots/index.js";
import type { TurnTrace } from "../traces/index.js";
import { EVAL_RUN_ATTEMPTS, evalRunJob } from "./jobs.js";
import { RunExecutor, type RunExecutorDeps } from "./run-executor.js";
import { toResult, toRun } from "./run-views.js";
import {
  CASE_LIMITS,
  type CreateRunBody,
  type EvalResult,
  type EvalRun,
  type PageQuery,
  type VersionRef,
} from "./schemas.js";

export interface RunsServiceDeps extends RunExecutorDeps {
  transactor: Transactor;
}

const runNotFound = (runId: string) =>
  new ApiError(404, "eval_run_not_found", `The bot has no evaluation run '${runId}'.`);

const versionNotFound = (ref: VersionRef) =>
  new ApiError(404, "version_not_found", `The bot has no version '${ref}'.`);

/**
 * Evaluation runs (docs/quality.md, "Evaluations"): created queued with their job in one
 * transaction, run by the RunExecutor (two cases at a time, each result stored as it is
 * known), read with their results, compared, and asked by the publish gate.
 */
export class RunsService {
  private readonly executor: RunExecutor;

  constructor(private readonly deps: RunsServiceDeps) {
    this.executor = new RunExecutor(deps);
  }

  /** Creates a run and queues it. */
  async create(auth: AuthContext, botId: string, body: CreateRunBody): Promise<EvalRun> {
    const row = await this.newRun(auth, botId, body);
    await this.deps.transactor.run(auth.projectId, async (unit) => {
      await unit.repos.evalRuns.insert(row);
      await unit.enqueue({
        ...jobOf(evalRunJob, { projectId: auth.projectId, runId: row.id }),
        maxAttempts: EVAL_RUN_ATTEMPTS,
      });
    });
    return this.present(auth.projectId, row);
  }

  /**
   * Creates a run and runs it here to its end (the CLI): its job is claimed by this process in
   * the creation transaction, so that if the process dies a worker resumes the run.
   */
  async createAndRun(auth: AuthContext, botId: string, body: CreateRunBody): Promise<EvalRun> {
    const row = await this.newRun(auth, botId, body);
    const claimed = await this.deps.transactor.run(auth.projectId, async (unit) => {
      await unit.repos.evalRuns.insert(row);
      return unit.claim(jobOf(evalRunJob, { projectId: auth.projectId, runId: row.id }));
    });
    await this.deps.transactor.hold(claimed, () => this.execute(auth.projectId, row.id));
    return this.get(auth, botId, row.id);
  }

  async list(
    auth: AuthContext,
    botId: string,
    page: PageQuery,
  ): Promise<{ data: EvalRun[]; next_cursor: string | null }> {
    await this.bot(auth, botId);
    const rows = await this.deps.repos.evalRuns.list(auth.projectId, botId, {
      limit: page.limit + 1,
      before: page.cursor,
    });
    const data = rows.slice(0, page.limit);
    return {
      data: await this.presentAll(auth.projectId, data),
      next_cursor: rows.length > page.limit ? (data.at(-1)?.id ?? null) : null,
    };
  }

  async get(auth: AuthContext, botId: string, runId: string): Promise<EvalRun & { results: EvalResult[] }> {
    const row = await this.row(auth, botId, runId);
    const results = await this.deps.repos.evalRuns.results(auth.projectId, row.id);
    return { ...(await this.present(auth.projectId, row)), results: results.map(toResult) };
  }

  /** A result's trace, as GET …/messages/{id}/trace shows a thread's (`thread_id` null). */
  async trace(auth: AuthContext, botId: string, runId: string, caseId: string): Promise<TurnTrace> {
    const row = await this.row(auth, botId, runId);
    const result = await this.deps.repos.evalRuns.result(auth.projectId, row.id, caseId);
    if (!result) {
      throw new ApiError(
        404,
        "eval_result_not_found",
        `The run has no result for the case '${caseId}' (yet).`,
      );
    }
    return {
      ...(JSON.parse(result.trace) as Omit<TurnTrace, "object" | "message_ids" | "credits" | "feedback">),
      object: "turn_trace",
      message_ids: [],
      credits: null,
      feedback: [],
    };
  }

  /**
   * Two runs of the bot side by side, case by case: `fixed` (passed in head only), `broken`
   * (passed in base only), `same`, `added` (in head only), `removed` (in base only).
   */
  async compare(auth: AuthContext, botId: string, baseId: string, headId: string) {
    const base = await this.row(auth, botId, baseId);
    const head = await this.row(auth, botId, headId);
    const [baseResults, headResults] = await Promise.all([
      this.deps.repos.evalRuns.results(auth.projectId, base.id),
      this.deps.repos.evalRuns.results(auth.projectId, head.id),
    ]);
    const inBase = new Map(baseResults.map((r) => [r.case_id, r]));
    const inHead = new Set(headResults.map((r) => r.case_id));
    const side = (r: EvalResultRow | undefined) => (r ? { status: r.status, reply: r.reply } : null);
    const cases = [
      ...headResults.map((h) => {
        const b = inBase.get(h.case_id);
        const change = !b
          ? ("added" as const)
          : b.status === "passed" && h.status !== "passed"
            ? ("broken" as const)
            : b.status !== "passed" && h.status === "passed"
              ? ("fixed" as const)
              : ("same" as const);
        return { case_id: h.case_id, name: h.case_name, base: side(b), head: side(h), change };
      }),
      ...baseResults
        .filter((b) => !inHead.has(b.case_id))
        .map((b) => ({
          case_id: b.case_id,
          name: b.case_name,
          base: side(b),
          head: null,
          change: "removed" as const,
        })),
    ];
    const [baseRun, headRun] = await this.presentAll(auth.projectId, [base, head]);
    return { base: baseRun!, head: headRun!, cases };
  }

  /**
   * The publish gate (docs/quality.md, "Evaluations"): the newest completed run of the bot on
   * exactly these settings with this model, and whether all its cases passed.
   */
  async latestRun(
    projectId: string,
    botId: string,
    settingsVersion: string,
    model: string,
  ): Promise<{ id: string; passed: boolean } | undefined> {
    const row = await this.deps.repos.evalRuns.latestCompleted(projectId, botId, settingsVersion, model);
    if (!row) return undefined;
    const counts = (await this.deps.repos.evalRuns.counts(projectId, [row.id])).get(row.id);
    return { id: row.id, passed: (counts?.failed ?? 0) + (counts?.errored ?? 0) === 0 };
  }

  /** On shutdown: runs take no more cases (their jobs resume them). */
  interrupt(): void {
    this.executor.interrupt();
  }

  /** Runs the run's cases that have no result yet, then completes it (run-executor.ts). */
  execute(projectId: string, runId: string, lastAttempt = true): Promise<void> {
    return this.executor.execute(projectId, runId, lastAttempt);
  }

  /** A run of the bot: its version, models and cases checked, not yet stored. */
  private async newRun(auth: AuthContext, botId: string, body: CreateRunBody): Promise<EvalRunRow> {
    await this.bot(auth, botId);
    // `draft` is the draft, or the published version while there is none.
    const ref = body.version ?? "draft";
    const version = await this.deps.resolveVersion(auth.projectId, botId, ref);
    if (!version) throw versionNotFound(ref);
    const settings = readBotSettings(version.settings, this.deps.defaultModel);
    const model = body.model ?? settings.ai.model.id;
    const judgeModel = body.judge_model ?? model;
    // Unknown or unusable models are refused now, not when the run starts (422 model_unavailable).
    this.deps.registry.resolve(model);
    this.deps.registry.resolve(judgeModel);
    const caseIds = await this.caseIds(auth, botId, body.case_ids);
    return {
      id: this.deps.newId("evr"),
      project_id: auth.projectId,
      bot_id: botId,
      version: version.version,
      settings_version: version.settingsVersion,
      model,
      judge_model: judgeModel,
      status: "queued",
      case_ids: JSON.stringify(caseIds),
      error_code: null,
      error_message: null,
      created_at: this.deps.clock.now().toISOString(),
      started_at: null,
      finished_at: null,
    };
  }

  /** The cases a run takes: those named (each the bot's), or all of the bot's; at least one. */
  private async caseIds(auth: AuthContext, botId: string, named: string[] | undefined): Promise<string[]> {
    const cases = this.deps.repos.evalCases;
    if (!named) {
      const all = await cases.idsOfBot(auth.projectId, botId);
      if (all.length === 0) {
        throw new ApiError(422, "no_cases", "The bot has no evaluation cases to run: create some first.");
      }
      return all.slice(0, CASE_LIMITS.casesPerBot);
    }
    const unique = [...new Set(named)];
    const known = new Set((await cases.findMany(auth.projectId, botId, unique)).map((row) => row.id));
    const unknown = named.flatMap((id, index) =>
      known.has(id) ? [] : [{ path: `case_ids.${index}`, message: `the bot has no evaluation case '${id}'` }],
    );
    if (unknown.length > 0) throw validationFailed(unknown);
    return unique;
  }

  private async bot(auth: AuthContext, botId: string) {
    return assertOwned(await this.deps.repos.bots.findById(botId), auth.projectId, "bot", botId);
  }

  private async row(auth: AuthContext, botId: string, runId: string): Promise<EvalRunRow> {
    await this.bot(auth, botId);
    const row = await this.deps.repos.evalRuns.find(auth.projectId, botId, runId);
    if (!row) throw runNotFound(runId);
    return row;
  }

  private async present(projectId: string, row: EvalRunRow): Promise<EvalRun> {
    const [run] = await this.presentAll(projectId, [row]);
    return run!;
  }

  private async presentAll(projectId: string, rows: EvalRunRow[]): Promise<EvalRun[]> {
    const counts = await this.deps.repos.evalRuns.counts(
      projectId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toRun(row, counts.get(row.id)));
  }
}
