/** The custom-tools module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeCustomTools } from "./compose.js";
export { customTools } from "./custom-tool-provider.js";
export { CustomToolsService } from "./custom-tools-service.js";
export { customToolRoutes } from "./routes.js";
