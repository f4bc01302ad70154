import type { ThreadEventHub } from "../../events/thread-event-hub.js";
import type { RateLimitStore } from "../../infra/rate-limit.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { CsatService } from "../csat/index.js";
import type { FeedbackService } from "../feedback/index.js";
import type { StreamService } from "../threads/index.js";
import { widgetAdminRoutes } from "./admin-routes.js";
import { widgetPublicRoutes } from "./public-routes.js";
import { type FileUrl, WidgetVisitorService } from "./visitor-service.js";
import { WidgetSettingsService } from "./widget-settings-service.js";

/** The web widget (docs/widget.md): its settings under /v1, its public API and script outside. */
export function composeWidget(
  context: ModuleContext,
  deps: {
    stream: StreamService;
    feedback: FeedbackService;
    csat: CsatService;
    hub: ThreadEventHub;
    rateLimits: RateLimitStore;
    /** Signs a link to a file a message sent (outbound files), for the visitor's browser. */
    fileUrl: FileUrl;
  },
): ModuleParts {
  const { config, repos, secrets, clock, newId } = context;
  return {
    name: "widget",
    publicRoutes: (app) =>
      widgetPublicRoutes(app, {
        visitors: new WidgetVisitorService({
          repos,
          secrets,
          clock,
          newId,
          stream: deps.stream,
          feedback: deps.feedback,
          fileUrl: deps.fileUrl,
        }),
        csat: deps.csat,
        hub: deps.hub,
        events: () => repos.threadEvents,
        rateLimits: deps.rateLimits,
        clock,
        heartbeatMs: config.sseHeartbeatMs,
        scriptDir: config.widget.dir,
        limits: config.widget.limits,
        fileUrl: deps.fileUrl,
      }),
    routes: (api) =>
      widgetAdminRoutes(
        api,
        new WidgetSettingsService({ repos, secrets, clock, publicUrl: config.publicUrl }),
      ),
  };
}
