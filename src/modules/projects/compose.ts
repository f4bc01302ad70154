import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { Authenticator } from "./authenticator.js";
import { ProjectsService } from "./projects-service.js";
import { projectRoutes } from "./routes.js";

/** Organizations, projects and API keys (docs/api.md): the service, the key authenticator. */
export function composeProjects(
  context: ModuleContext,
  deps: { onKeyRevoked(keyId: string): void },
): ModuleParts & { authenticator: Authenticator } {
  const { config, repos, clock, newId, log } = context;
  const projects = new ProjectsService({
    repos,
    clock,
    newId,
    maxKeysPerProject: config.maxKeysPerProject,
    onKeyRevoked: deps.onKeyRevoked,
  });
  const authenticator = new Authenticator({
    apiKeys: repos.apiKeys,
    clock,
    onBackgroundError: (error) => log.warn({ err: error }, "could not record API key use"),
  });
  return {
    name: "projects",
    authenticator,
    routes: (api) => projectRoutes(api, projects),
    close: () => authenticator.idle(),
  };
}
