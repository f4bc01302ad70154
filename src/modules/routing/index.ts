/** The routing module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeRouter, composeRouting } from "./compose.js";
export type { RoutingService } from "./routing-service.js";
