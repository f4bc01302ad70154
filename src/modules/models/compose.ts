import type { LocalRuntime } from "../../infra/local-llm/runtime.js";
import type { ModuleParts } from "../../wiring/module-parts.js";
import type { LocalModels } from "./local/local-models.js";
import type { ModelCatalog } from "./model-catalog.js";
import { modelRoutes } from "./routes.js";

/**
 * The model catalog's routes (docs/api.md); the catalog itself is built first, every module
 * reads it. The embedded runtime's models are downloaded from here and unloaded on close.
 */
export function composeModels(catalog: ModelCatalog, local: LocalModels, runtime: LocalRuntime): ModuleParts {
  return {
    name: "models",
    routes: (api) => modelRoutes(api, catalog, local),
    close: () => runtime.close(),
  };
}
