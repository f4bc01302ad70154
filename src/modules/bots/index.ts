/** The bots module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { BotsService } from "./bots-service.js";
export { composeBots } from "./compose.js";
export { botRoutes } from "./routes.js";
export {
  readAutoResolveMinutes,
  readBotSettings,
  readFailureHandoff,
  readSharedBotSettings,
} from "./settings-read.js";
export { type BotSettings, toolPolicySchema } from "./settings-schema.js";
export { settingsVersion } from "./settings-version.js";
export type { BotVersionSource, EvalGate, VersionRef } from "./versions-service.js";
