import type { Metrics } from "../../infra/metrics.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { systemRoutes } from "./routes.js";

/** /healthz, /readyz and /metrics (docs/operations.md, "Operational endpoints"). */
export function composeSystem({ config, storage }: ModuleContext, deps: { metrics: Metrics }): ModuleParts {
  return {
    name: "system",
    publicRoutes: (app) =>
      systemRoutes(app, { storage, metrics: deps.metrics, holdLimitMs: config.databaseHoldLimitMs }),
  };
}
