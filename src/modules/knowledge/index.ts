/** The knowledge module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeKnowledge } from "./compose.js";
export { FileStore } from "./file-store.js";
export { ParsePool } from "./ingest/parse-pool.js";
export { knowledgeJobHandlers } from "./job-handlers.js";
export { type BotKnowledgeHit, KnowledgeService } from "./knowledge-service.js";
// Uploads as other modules take them (outgoing files, docs/channels.md "Files").
export { bodyReadByHandler, enableMultipart, multipartForm } from "./multipart-http.js";
export { OPENAI_MIRROR_PREFIX, openAiMirrorRoutes } from "./openai-mirror-routes.js";
export { knowledgeRoutes } from "./routes.js";
export { attachmentDisposition } from "./serialize-v1.js";
export type { UploadForm } from "./upload-form.js";
