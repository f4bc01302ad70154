import type { Transactor } from "../../events/unit-of-work.js";
import { handleJob } from "../../job-queue/job-definition.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ModelRegistry, ProjectTools } from "../engine/index.js";
import type { KnowledgeService } from "../knowledge/index.js";
import type { ModelCatalog } from "../models/index.js";
import { CasesService } from "./cases-service.js";
import { evalRunJob } from "./jobs.js";
import { evalRoutes } from "./routes.js";
import { RunsService } from "./runs-service.js";
import type { ResolveVersion } from "./version-source.js";

/** What the publish gate asks evaluations (docs/quality.md, "Evaluations"). */
export interface EvalGate {
  /** The newest completed run of the bot on exactly these settings (settings_version) with the version's own model. */
  latestRun(
    projectId: string,
    botId: string,
    settingsVersion: string,
    model: string,
  ): Promise<{ id: string; passed: boolean } | undefined>;
}

export interface EvalsDeps {
  transactor: Transactor;
  /** The bots' versions (the bots module's BotVersionSource). */
  resolveVersion: ResolveVersion;
  registry: Pick<ModelRegistry, "resolve">;
  catalog: ModelCatalog;
  /** The project's tools, as the engine offers them. */
  tools: Pick<ProjectTools, "listFor">;
  knowledge: Pick<KnowledgeService, "searchForBot">;
}

/**
 * Evaluations (docs/quality.md, "Evaluations"): cases, runs (a job each) and their results, the
 * routes under /v1, and the gate publishing asks.
 */
export function composeEvals(
  context: ModuleContext,
  deps: EvalsDeps,
): ModuleParts & { cases: CasesService; runs: RunsService; gate: EvalGate } {
  const { config, repos, clock, newId, log } = context;
  const cases = new CasesService({ repos, clock, newId });
  const runs = new RunsService({
    repos,
    transactor: deps.transactor,
    clock,
    newId,
    registry: deps.registry,
    resolveVersion: deps.resolveVersion,
    defaultModel: config.defaultModel,
    log,
    turn: {
      clock,
      newId,
      tools: deps.tools,
      searchKnowledge: (projectId, storeIds, query, limit) =>
        deps.knowledge.searchForBot(projectId, storeIds, query, limit),
      priceOf: (model) => deps.catalog.get(model)?.pricing,
      timeoutMs: config.modelTimeoutMs,
      toolCallsPerTurn: config.toolCallsPerTurn,
    },
  });
  return {
    name: "evals",
    cases,
    runs,
    gate: { latestRun: (...args) => runs.latestRun(...args) },
    routes: (api) => evalRoutes(api, cases, runs),
    interrupt: async () => runs.interrupt(),
    jobs: [
      handleJob(evalRunJob, ({ projectId, runId }, job) =>
        runs.execute(projectId, runId, job.attempts >= job.maxAttempts),
      ),
    ],
  };
}
