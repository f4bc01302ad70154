import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { EvalCaseRow } from "../../storage/repos/eval-cases.repo.js";
import type { EvalResultRow, EvalRunCounts, EvalRunRow } from "../../storage/repos/eval-runs.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { type BotSettings, readBotSettings } from "../bots/index.js";
import { type ModelRegistry, ModelUnavailableError, type ResolvedModel } from "../engine/index.js";
import { type TurnTrace, traceBuilder } from "../traces/index.js";
import { toEvalCase } from "./cases-service.js";
import { type EvalTurnDeps, runEvalTurn } from "./eval-turn.js";
import { checkExpectations, type Judge } from "./expectations.js";
import { EVAL_RUN_ATTEMPTS, evalRunJob } from "./jobs.js";
import { modelJudge } from "./judge.js";
import {
  CASE_LIMITS,
  type CreateRunBody,
  type EvalResult,
  type EvalRun,
  type ExpectationResult,
  type PageQuery,
  type VersionRef,
} from "./schemas.js";
import type { ResolvedVersion, ResolveVersion } from "./version-source.js";

export interface RunsServiceDeps {
  repos: Repos;
  transactor: Transactor;
  clock: Clock;
  newId: IdGenerator;
  registry: Pick<ModelRegistry, "resolve">;
  resolveVersion: ResolveVersion;
  defaultModel: string;
  /** What each turn needs (eval-turn.ts). */
  turn: EvalTurnDeps;
  log: { warn(details: object, message: string): void };
}

/** Cases evaluated at once in a run. */
const CONCURRENT_CASES = 2;

const runNotFound = (runId: string) =>
  new ApiError(404, "eval_run_not_found", `The bot has no evaluation run '${runId}'.`);

const versionNotFound = (ref: VersionRef) =>
  new ApiError(404, "version_not_found", `The bot has no version '${ref}'.`);

/** What a run needs to evaluate its cases, once read. */
interface PreparedRun {
  version: ResolvedVersion;
  settings: BotSettings;
  model: ResolvedModel;
  judge: Judge;
}

/**
 * Evaluation runs (docs/quality.md, "Evaluations"): created queued with their job in one
 * transaction, run case by case (CONCURRENT_CASES at a time, each result stored as it is
 * known), read with their results, compared, and asked by the publish gate.
 */
export class RunsService {
  constructor(private readonly deps: RunsServiceDeps) {}

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

  /**
   * Runs a run's cases that have no result yet (a run again resumes where its process died),
   * then completes it. A run whose version or model is gone fails, saying why. `lastAttempt`:
   * an unexpected fault fails the run instead of leaving it to the queue's next attempt.
   */
  async execute(projectId: string, runId: string, lastAttempt = true): Promise<void> {
    const { repos, clock } = this.deps;
    const run = await repos.evalRuns.findById(projectId, runId);
    if (!run || run.status === "completed" || run.status === "failed") return;
    if (run.status === "queued") {
      await repos.evalRuns.update(projectId, runId, {
        status: "running",
        started_at: clock.now().toISOString(),
      });
    }
    try {
      const prepared = await this.prepare(run);
      if ("code" in prepared) {
        await this.finish(projectId, runId, "failed", prepared);
        return;
      }
      const caseIds = JSON.parse(run.case_ids) as string[];
      const done = await repos.evalRuns.doneCaseIds(projectId, runId);
      const pending = caseIds.map((id, position) => ({ id, position })).filter(({ id }) => !done.has(id));
      const cases = new Map(
        (
          await repos.evalCases.findMany(
            projectId,
            run.bot_id,
            pending.map((p) => p.id),
          )
        ).map((row) => [row.id, row]),
      );
      await eachAtMost(CONCURRENT_CASES, pending, async ({ id, position }) => {
        const row = await this.evaluate(run, prepared, id, position, cases.get(id));
        await repos.evalRuns.insertResult(row);
      });
      await this.finish(projectId, runId, "completed", null);
    } catch (error) {
      if (lastAttempt) {
        this.deps.log.warn({ err: error, runId }, "evaluation run failed");
        await this.finish(projectId, runId, "failed", {
          code: "run_failed",
          message: "The run stopped on an unexpected fault; run it again.",
        });
        return;
      }
      throw error;
    }
  }

  private async finish(
    projectId: string,
    runId: string,
    status: "completed" | "failed",
    error: { code: string; message: string } | null,
  ): Promise<void> {
    await this.deps.repos.evalRuns.update(projectId, runId, {
      status,
      error_code: error?.code ?? null,
      error_message: error?.message ?? null,
      finished_at: this.deps.clock.now().toISOString(),
    });
  }

  /** The run's version, settings and models, or why it cannot run. */
  private async prepare(run: EvalRunRow): Promise<PreparedRun | { code: string; message: string }> {
    const version = await this.deps.resolveVersion(run.project_id, run.bot_id, run.version);
    if (!version || version.settingsVersion !== run.settings_version) {
      return {
        code: "version_not_found",
        message: `The bot's version ${run.version} (settings ${run.settings_version}) is no longer there to run.`,
      };
    }
    try {
      const model = this.deps.registry.resolve(run.model);
      const judgeModel = run.judge_model === run.model ? model : this.deps.registry.resolve(run.judge_model);
      return {
        version,
        settings: readBotSettings(version.settings, this.deps.defaultModel),
        model,
        judge: async (criteria, conversation, reply) => {
          await judgeModel.prepare?.();
          return modelJudge(judgeModel.model)(criteria, conversation, reply);
        },
      };
    } catch (error) {
      if (error instanceof ModelUnavailableError) return { code: error.code, message: error.message };
      throw error;
    }
  }

  /** One case's result: its turn, then its expectations (a failed turn or judge makes it an `error`). */
  private async evaluate(
    run: EvalRunRow,
    prepared: PreparedRun,
    caseId: string,
    position: number,
    row: EvalCaseRow | undefined,
  ): Promise<EvalResultRow> {
    const now = () => this.deps.clock.now().toISOString();
    if (!row) return this.vanishedCase(run, caseId, position, now());
    const evalCase = toEvalCase(row);
    const turn = await runEvalTurn(
      this.deps.turn,
      {
        projectId: run.project_id,
        botId: run.bot_id,
        version: prepared.version.version,
        settingsVersion: prepared.version.settingsVersion,
        settings: prepared.settings,
        modelId: run.model,
        model: prepared.model,
      },
      { name: `${run.id}/${caseId}`, messages: evalCase.messages, toolResults: evalCase.tool_results },
    );
    let error = turn.error;
    let expectations: ExpectationResult[] = [];
    if (!error) {
      try {
        expectations = await checkExpectations(
          evalCase.expectations,
          turn.observed,
          evalCase.messages,
          prepared.judge,
        );
      } catch (cause) {
        error = {
          code: "judge_error",
          message: `The judge model failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        };
      }
    }
    const status = error ? "error" : expectations.every((e) => e.passed) ? "passed" : "failed";
    return {
      run_id: run.id,
      case_id: caseId,
      project_id: run.project_id,
      position,
      case_name: evalCase.name,
      status,
      reply: turn.error ? null : turn.observed.reply,
      expectations: JSON.stringify(expectations),
      tool_calls: JSON.stringify(turn.observed.toolCalls),
      handed_off: turn.observed.handedOff ? 1 : 0,
      input_tokens: turn.usage.inputTokens,
      output_tokens: turn.usage.outputTokens,
      duration_ms: turn.durationMs,
      error_code: error?.code ?? null,
      error_message: error?.message ?? null,
      trace_id: turn.trace.id,
      trace: JSON.stringify(turn.trace),
      created_at: now(),
    };
  }

  /** The result of a case deleted after the run was created: an `error`, with a trace that says so. */
  private vanishedCase(run: EvalRunRow, caseId: string, position: number, now: string): EvalResultRow {
    const message = `The case '${caseId}' was deleted before it ran.`;
    const builder = traceBuilder(this.deps.turn, { threadId: null });
    builder.watch.bot({
      botId: run.bot_id,
      model: run.model,
      version: run.version,
      settingsVersion: run.settings_version,
      formatting: [],
    });
    const trace = builder.finish({ outcome: "failed", code: "eval_case_not_found", reason: message });
    return {
      run_id: run.id,
      case_id: caseId,
      project_id: run.project_id,
      position,
      case_name: caseId,
      status: "error",
      reply: null,
      expectations: "[]",
      tool_calls: "[]",
      handed_off: 0,
      input_tokens: 0,
      output_tokens: 0,
      duration_ms: 0,
      error_code: "eval_case_not_found",
      error_message: message,
      trace_id: trace.id,
      trace: JSON.stringify(trace),
      created_at: now,
    };
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

function toRun(row: EvalRunRow, counts: EvalRunCounts | undefined): EvalRun {
  const failed = counts?.failed ?? 0;
  const errored = counts?.errored ?? 0;
  return {
    id: row.id,
    bot_id: row.bot_id,
    version: row.version,
    settings_version: row.settings_version,
    model: row.model,
    judge_model: row.judge_model,
    status: row.status,
    passed: row.status === "completed" ? failed + errored === 0 : null,
    summary: {
      total: (JSON.parse(row.case_ids) as string[]).length,
      passed: counts?.passed ?? 0,
      failed,
      errored,
    },
    usage: { input_tokens: counts?.inputTokens ?? 0, output_tokens: counts?.outputTokens ?? 0 },
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : null,
  };
}

function toResult(row: EvalResultRow): EvalResult {
  return {
    case_id: row.case_id,
    case_name: row.case_name,
    status: row.status,
    reply: row.reply,
    expectations: JSON.parse(row.expectations) as ExpectationResult[],
    tool_calls: JSON.parse(row.tool_calls) as EvalResult["tool_calls"],
    handed_off: row.handed_off === 1,
    usage: { input_tokens: row.input_tokens, output_tokens: row.output_tokens },
    duration_ms: row.duration_ms,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : null,
    trace_id: row.trace_id,
  };
}

/**
 * Runs `work` on every item, at most `limit` at once. After a failure no item is started; the
 * first failure is thrown once the work under way has stopped.
 */
async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}
