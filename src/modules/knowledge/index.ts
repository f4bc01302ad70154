/** The knowledge module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeKnowledge } from "./compose.js";
export { FileStore } from "./file-store.js";
export { ParsePool } from "./ingest/parse-pool.js";
export { knowledgeJobHandlers } from "./job-handlers.js";
export { type BotKnowledgeHit, KnowledgeService } from "./knowledge-service.js";
export { OPENAI_MIRROR_PREFIX, openAiMirrorRoutes } from "./openai-mirror-routes.js";
export { knowledgeRoutes } from "./routes.js";
