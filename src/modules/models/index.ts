/** The models module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeModels } from "./compose.js";
export { type CatalogEntry, ModelCatalog } from "./model-catalog.js";
export { modelRoutes } from "./routes.js";
