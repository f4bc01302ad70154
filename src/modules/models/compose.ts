import type { ModuleParts } from "../../wiring/module-parts.js";
import type { ModelCatalog } from "./model-catalog.js";
import { modelRoutes } from "./routes.js";

/** The model catalog's routes (docs/api.md); the catalog itself is built first, every module reads it. */
export function composeModels(catalog: ModelCatalog): ModuleParts {
  return { name: "models", routes: (api) => modelRoutes(api, catalog) };
}
