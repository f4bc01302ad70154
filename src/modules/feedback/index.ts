/** The feedback module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeFeedback } from "./compose.js";
export { FeedbackService } from "./feedback-service.js";
export { type CustomerRateBody, customerRateBodySchema } from "./schemas.js";
