/** The labels module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeLabels } from "./compose.js";
export { type BotLabelResult, LabelsService } from "./labels-service.js";
