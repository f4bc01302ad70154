import { MessageChunksRepo } from "../../storage/repos/message-chunks.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { createEmbedderFromConfig, type Embedder } from "./embedder.js";
import { memoryJobHandlers } from "./job-handlers.js";

/** Semantic recall (docs/agent.md, "Semantic recall"): the message chunks, the embedder, indexing jobs. */
export function composeMemory(
  context: ModuleContext,
): ModuleParts & { chunks: MessageChunksRepo; embedder: Embedder; heldMemoryBytes(): number } {
  const { config, storage, repos } = context;
  const chunks = new MessageChunksRepo(storage.db, storage.dialect, {
    memoryBytes: config.recallMemoryBytes,
  });
  const embedder = createEmbedderFromConfig(config);
  return {
    name: "memory",
    chunks,
    embedder,
    heldMemoryBytes: () => chunks.heldMemoryBytes(),
    jobs: memoryJobHandlers({ repos, chunks, embedder }),
    // Vectors of deleted messages (sqlite-vec tables are outside foreign keys).
    housekeeping: () => chunks.pruneOrphans(embedder).then(() => undefined),
  };
}
