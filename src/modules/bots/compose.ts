import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ModelCatalog } from "../models/index.js";
import { BotsService } from "./bots-service.js";
import { botRoutes } from "./routes.js";

/** Bots and their settings (docs/api.md). Tool names are checked by the engine's ProjectTools. */
export function composeBots(
  context: ModuleContext,
  deps: {
    catalog: ModelCatalog;
    validateToolNames(
      projectId: string,
      tools: Record<string, unknown>,
    ): Promise<{ path: string; message: string }[]>;
  },
): ModuleParts {
  const { config, repos, clock, newId } = context;
  const bots = new BotsService({
    repos,
    bots: repos.bots,
    chats: repos.chats,
    catalog: deps.catalog,
    validateToolNames: deps.validateToolNames,
    clock,
    newId,
    defaultModel: config.defaultModel,
  });
  return { name: "bots", routes: (api) => botRoutes(api, bots) };
}
