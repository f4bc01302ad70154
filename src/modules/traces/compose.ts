import type { AuthContext } from "../../infra/auth-context.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { TurnWatcher } from "../engine/index.js";
import type { ModelCatalog } from "../models/index.js";
import { TraceRecorder } from "./trace-recorder.js";
import { traceRoutes } from "./trace-routes.js";
import { TraceService } from "./trace-service.js";

/** Old traces are deleted this many at a time, so that pruning never holds the database long. */
const PRUNE_BATCH = 1000;
const DAY_MS = 86_400_000;

/**
 * Turn traces (docs/quality.md, "Traces"): the recorder the engine tells each turn to, the
 * routes that read them, and their pruning past retention (PARLEY_TRACE_RETENTION_DAYS; 0:
 * nothing is recorded).
 */
export function composeTraces(
  context: ModuleContext,
  deps: {
    catalog: ModelCatalog;
    resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow>;
  },
): ModuleParts & { watchers: TurnWatcher[] } {
  const { config, repos, clock, newId, log } = context;
  const retentionDays = config.traceRetentionDays;
  const recorder = new TraceRecorder({
    repos,
    clock,
    newId,
    log,
    priceOf: (model) => deps.catalog.get(model)?.pricing,
  });
  const service = new TraceService({ repos, resolveThread: deps.resolveThread });
  return {
    name: "traces",
    watchers: retentionDays > 0 ? [recorder] : [],
    routes: (api) => traceRoutes(api, service),
    async housekeeping() {
      const cutoff = new Date(clock.now().getTime() - Math.max(retentionDays, 1) * DAY_MS).toISOString();
      // With retention 0, what an earlier configuration kept goes after a day.
      while ((await repos.turnTraces.pruneBefore(cutoff, PRUNE_BATCH)) === PRUNE_BATCH) {}
    },
  };
}
