import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { Router } from "./router.js";
import { routingRoutes } from "./routes.js";
import { routingListener } from "./routing-listener.js";
import { RoutingService } from "./routing-service.js";

/**
 * Routing (docs/routing.md): the router and its listener (which the transactor's listener
 * table needs before any module is built), then the service and routes once threads exist.
 */
export function composeRouter(context: Pick<ModuleContext, "clock">) {
  const router = new Router({ clock: context.clock });
  return { router, listener: routingListener(router) };
}

export function composeRouting(
  context: ModuleContext,
  deps: {
    router: Router;
    transactor: Transactor;
    resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow>;
  },
): ModuleParts & { service: RoutingService } {
  const service = new RoutingService({
    repos: context.repos,
    transactor: deps.transactor,
    router: deps.router,
    clock: context.clock,
    newId: context.newId,
    log: context.log,
    resolveThread: deps.resolveThread,
  });
  return { name: "routing", service, routes: (api) => routingRoutes(api, service) };
}
