import type { DomainEventListener } from "../../events/event-listener.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ThreadWriter } from "../engine/index.js";
import { BusinessHoursService } from "./business-hours-service.js";
import { outOfHoursListener } from "./out-of-hours-listener.js";
import { businessHoursRoutes } from "./routes.js";

/**
 * Business hours per project (docs/business-hours.md): the routes, the service the engine's
 * prompt asks (its variables), and the listener that tells a customer handed to people while
 * they are out when they are back.
 */
export function composeBusinessHours(
  context: ModuleContext,
  deps: { writer: ThreadWriter },
): ModuleParts & { service: BusinessHoursService; listener: DomainEventListener } {
  const { repos, clock } = context;
  const service = new BusinessHoursService({ repos, clock });
  return {
    name: "business-hours",
    service,
    listener: outOfHoursListener({ writer: deps.writer, clock }),
    routes: (api) => businessHoursRoutes(api, service),
  };
}
