/** The evals module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { CasesService } from "./cases-service.js";
export { composeEvals, type EvalGate, type EvalsDeps } from "./compose.js";
export { RunsService } from "./runs-service.js";
export type { EvalRun, VersionRef } from "./schemas.js";
export type { ResolvedVersion, ResolveVersion } from "./version-source.js";
