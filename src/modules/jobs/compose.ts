import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { JobsService } from "./jobs-service.js";
import { jobRoutes } from "./routes.js";

/** The jobs API: list, read, cancel scheduled work (docs/api.md). */
export function composeJobsApi({ repos, clock }: ModuleContext): ModuleParts {
  return { name: "jobs", routes: (api) => jobRoutes(api, new JobsService({ repos, clock })) };
}
