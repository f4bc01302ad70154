import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import { RetryLater } from "../../job-queue/retry-later.js";
import type { EvalCaseRow } from "../../storage/repos/eval-cases.repo.js";
import type { EvalResultRow, EvalRunRow } from "../../storage/repos/eval-runs.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { type BotSettings, readBotSettings } from "../bots/index.js";
import { type ModelRegistry, ModelUnavailableError, type ResolvedModel } from "../engine/index.js";
import { traceBuilder } from "../traces/index.js";
import { toEvalCase } from "./cases-service.js";
import { type EvalTurnDeps, runEvalTurn } from "./eval-turn.js";
import { checkExpectations, type Judge } from "./expectations.js";
import { modelJudge } from "./judge.js";
import type { ExpectationResult } from "./schemas.js";
import type { ResolvedVersion, ResolveVersion } from "./version-source.js";

export interface RunExecutorDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
  registry: Pick<ModelRegistry, "resolve">;
  resolveVersion: ResolveVersion;
  defaultModel: string;
  /** What each turn needs (eval-turn.ts). */
  turn: EvalTurnDeps;
  log: { warn(details: object, message: string): void };
}

/** A run stopped taking cases because the process is stopping. */
class RunInterrupted extends Error {}

/** Cases evaluated at once in a run. */
const CONCURRENT_CASES = 2;

/** What a run needs to evaluate its cases, once read. */
interface PreparedRun {
  version: ResolvedVersion;
  settings: BotSettings;
  model: ResolvedModel;
  judge: Judge;
}

/**
 * Runs an evaluation run (docs/quality.md, "Evaluations"): its version and models read once,
 * its cases CONCURRENT_CASES at a time, each result stored as soon as it is known.
 */
export class RunExecutor {
  private stopping = false;

  constructor(private readonly deps: RunExecutorDeps) {}

  /** On shutdown: runs take no more cases; their jobs run again later and resume them. */
  interrupt(): void {
    this.stopping = true;
  }

  /**
   * Runs a run's cases that have no result yet (a run again resumes where its process died),
   * then completes it. A run whose version or model is gone fails, saying why. `lastAttempt`:
   * an unexpected fault fails the run instead of leaving it to the queue's next attempt.
   */
  async execute(projectId: string, runId: string, lastAttempt: boolean): Promise<void> {
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
        // Shutting down: the cases under way finish, the others wait for the job's next run.
        if (this.stopping) throw new RunInterrupted();
        const row = await this.evaluate(run, prepared, id, position, cases.get(id));
        await repos.evalRuns.insertResult(row);
      });
      await this.finish(projectId, runId, "completed", null);
    } catch (error) {
      if (error instanceof RunInterrupted && !lastAttempt) {
        throw new RetryLater(1_000, "the process is stopping: the run resumes on the job's next run");
      }
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
          return modelJudge(judgeModel.model, this.deps.turn.timeoutMs)(criteria, conversation, reply);
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
