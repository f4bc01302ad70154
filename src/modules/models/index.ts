/** The models module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeModels } from "./compose.js";
export { KNOWN_LOCAL_MODELS, type KnownLocalModel } from "./local/known-local-models.js";
export {
  LocalModelError,
  type LocalModelSpec,
  type LocalModelStatus,
  LocalModels,
} from "./local/local-models.js";
export { type CatalogEntry, ModelCatalog } from "./model-catalog.js";
export { modelRoutes } from "./routes.js";
