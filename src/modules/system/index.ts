/** The system module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeSystem } from "./compose.js";
export { readDatabaseSnapshot } from "./database-snapshot.js";
export { systemRoutes } from "./routes.js";
