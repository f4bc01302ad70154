import type { Transactor } from "../../events/unit-of-work.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { FeedbackService } from "./feedback-service.js";
import { feedbackRoutes } from "./routes.js";

/**
 * Feedback on the bot's messages (docs/quality.md, "Feedback"): its routes under /v1, and the
 * service the widget rates through.
 */
export function composeFeedback(
  context: ModuleContext,
  deps: { transactor: Transactor },
): ModuleParts & { service: FeedbackService } {
  const { repos, clock, newId } = context;
  const service = new FeedbackService({ repos, transactor: deps.transactor, clock, newId });
  return { name: "feedback", service, routes: (api) => feedbackRoutes(api, service) };
}
