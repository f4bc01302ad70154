import type { DomainEventListener } from "../../events/event-listener.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { analyticsListener } from "./analytics-listener.js";
import { AnalyticsService } from "./analytics-service.js";
import { analyticsRoutes } from "./routes.js";

/**
 * Conversation analytics (docs/quality.md, "Analytics"): the listener that keeps the rollups,
 * for the listener table, and the routes that read them.
 */
export function composeAnalytics({ repos, clock }: ModuleContext): {
  listener: DomainEventListener;
  parts: ModuleParts;
} {
  const service = new AnalyticsService({ repos, clock });
  return {
    listener: analyticsListener({ clock }),
    parts: { name: "analytics", routes: (api) => analyticsRoutes(api, service) },
  };
}
