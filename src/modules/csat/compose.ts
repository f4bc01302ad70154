import type { DomainEventListener } from "../../events/event-listener.js";
import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ThreadWriter } from "../engine/index.js";
import { CsatService } from "./csat-service.js";
import { csatRoutes } from "./routes.js";
import { csatSurveyListener } from "./survey-listener.js";

/**
 * CSAT (docs/csat.md): the routes, the service the threads ask when a customer's message meets
 * a waiting survey (and the widget rates through), and the listener that asks on resolution.
 */
export function composeCsat(
  context: ModuleContext,
  deps: {
    writer: ThreadWriter;
    transactor: () => Transactor;
    resolveThread: (auth: AuthContext, threadId: string) => Promise<ThreadRow>;
  },
): ModuleParts & { service: CsatService; listener: DomainEventListener } {
  const { repos, clock, newId } = context;
  const service = new CsatService({
    repos,
    get transactor() {
      return deps.transactor();
    },
    writer: deps.writer,
    clock,
    newId,
  });
  return {
    name: "csat",
    service,
    listener: csatSurveyListener(service),
    routes: (api) => csatRoutes(api, service, deps.resolveThread),
  };
}
