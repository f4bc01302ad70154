/** The business-hours module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { BusinessHoursService } from "./business-hours-service.js";
export { composeBusinessHours } from "./compose.js";
