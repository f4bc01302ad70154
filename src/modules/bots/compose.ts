import type { Transactor } from "../../events/unit-of-work.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ModelCatalog } from "../models/index.js";
import { BotsService } from "./bots-service.js";
import { botRoutes } from "./routes.js";
import { botVersionRoutes } from "./versions-routes.js";
import { BotVersionsService, type EvalGate } from "./versions-service.js";

/**
 * Bots, their settings and versions (docs/api.md, docs/quality.md "Versions"). Tool names are
 * checked by the engine's ProjectTools; the publish gate asks the evaluations.
 */
export function composeBots(
  context: ModuleContext,
  deps: {
    transactor: Transactor;
    catalog: ModelCatalog;
    validateToolNames(
      projectId: string,
      tools: Record<string, unknown>,
    ): Promise<{ path: string; message: string }[]>;
    evalGate?: EvalGate;
  },
): ModuleParts & { versions: BotVersionsService } {
  const { config, repos, clock, newId } = context;
  const common = {
    repos,
    transactor: deps.transactor,
    catalog: deps.catalog,
    validateToolNames: deps.validateToolNames,
    clock,
    newId,
    defaultModel: config.defaultModel,
  };
  const bots = new BotsService({ ...common, bots: repos.bots, chats: repos.chats });
  const versions = new BotVersionsService({
    ...common,
    ...(deps.evalGate ? { evalGate: deps.evalGate } : {}),
  });
  return {
    name: "bots",
    versions,
    routes: (api) => {
      botRoutes(api, bots);
      botVersionRoutes(api, versions);
    },
  };
}
