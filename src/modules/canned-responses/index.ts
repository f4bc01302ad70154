/** The canned-responses module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { CannedResponsesService } from "./canned-responses-service.js";
export { composeCannedResponses } from "./compose.js";
export { cannedResponseRoutes } from "./routes.js";
export { CANNED_VARIABLES, renderTemplate, templateProblems } from "./template.js";
