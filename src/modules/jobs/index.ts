/** The jobs module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeJobsApi } from "./compose.js";
export { EVERY_JOB, type JobScope, JobsService } from "./jobs-service.js";
export { jobRoutes } from "./routes.js";
export { listJobsQuerySchema } from "./schemas.js";
