import type { AuthContext } from "../../infra/auth-context.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { CannedResponsesService } from "./canned-responses-service.js";
import { cannedResponseRoutes } from "./routes.js";

/** A project's canned responses (docs/canned-responses.md): the API only. */
export function composeCannedResponses(
  context: ModuleContext,
  deps: { resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow> },
): ModuleParts {
  const { repos, clock, newId } = context;
  const service = new CannedResponsesService({ repos, clock, newId, resolveThread: deps.resolveThread });
  return {
    name: "canned-responses",
    routes: (api) => cannedResponseRoutes(api, service),
  };
}
