/** The projects module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { Authenticator, bearerSecret } from "./authenticator.js";
export { type BootstrapResult, bootstrap } from "./bootstrap.js";
export { composeProjects } from "./compose.js";
export { ProjectsService } from "./projects-service.js";
export { projectRoutes } from "./routes.js";
