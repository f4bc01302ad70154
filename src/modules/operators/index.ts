/** The operators module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { DEFAULT_OFFLINE_AFTER_MINUTES, effectiveAvailability } from "./availability.js";
export { composeConsoleAuth } from "./compose.js";
export { assertAdmin } from "./operator-access.js";
export { OperatorsService } from "./operators-service.js";
export { generatePassword, hashPassword, PASSWORD_MIN_LENGTH } from "./passwords.js";
export { operatorRoutes, sessionRoutes, signInRoute } from "./routes.js";
