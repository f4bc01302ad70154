/** The CSAT module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeCsat } from "./compose.js";
export { CsatService, type SurveyAnswer } from "./csat-service.js";
export { ratingBodySchema } from "./schemas.js";
