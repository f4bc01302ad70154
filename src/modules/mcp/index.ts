/** The mcp module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeMcp, type Mcp } from "./compose.js";
export { mcpServerRoutes } from "./routes.js";
