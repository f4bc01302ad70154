/** The console module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeConsole } from "./compose.js";
export { serveConsole } from "./console-routes.js";
