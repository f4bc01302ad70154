import type { Transactor } from "../../events/unit-of-work.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { LabelsService } from "./labels-service.js";
import { labelsRoutes } from "./routes.js";

/**
 * Labels on conversations and people (docs/labels.md): the routes under /v1, and the service
 * the thread list filters through and the add_label tool labels through.
 */
export function composeLabels(
  context: ModuleContext,
  deps: { transactor: Transactor },
): ModuleParts & { service: LabelsService } {
  const { repos, clock, newId } = context;
  const service = new LabelsService({ repos, transactor: deps.transactor, clock, newId });
  return { name: "labels", service, routes: (api) => labelsRoutes(api, service) };
}
