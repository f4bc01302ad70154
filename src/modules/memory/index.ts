/** The memory module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeMemory } from "./compose.js";
export { createEmbedderFromConfig, type Embedder } from "./embedder.js";
export { memoryJobHandlers } from "./job-handlers.js";
export { memoryIndexJob } from "./jobs.js";
export { formatRecalled, type RecalledThread, recall } from "./semantic-recall.js";
