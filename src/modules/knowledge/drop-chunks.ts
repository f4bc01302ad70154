import { setImmediate } from "node:timers/promises";
import type { Repos } from "../../storage/repos/index.js";
import type { KnowledgeVectors } from "../../storage/vector-index/knowledge-vectors.js";
import type { EmbedderKey } from "../../storage/vector-index/vector-index.js";

/**
 * Chunks deleted per transaction. A chunk's delete also deletes it from the full-text index
 * (which reads its text again) and its vector: a few hundred keep each transaction, and so each
 * hold of the event loop and of SQLite's writer, to tens of milliseconds (docs/operations.md,
 * "Parse workers").
 */
export const DROP_BATCH = 200;

/**
 * Deletes chunks with their vectors in batches until `select` finds none left, each batch in a
 * short transaction of its own and the event loop free between them, so a file of thousands of
 * chunks never holds either for long. `select` gives the ids of the next batch (at most
 * `limit`), in the batch's transaction: what it selects must already be invisible to search
 * (an old generation, or a file hidden first), since a search between two batches sees the rest.
 */
export async function dropChunks(
  deps: { repos: Repos; vectors: KnowledgeVectors; embedder: EmbedderKey },
  select: (repos: Repos, limit: number) => Promise<number[]>,
): Promise<void> {
  for (;;) {
    const dropped = await deps.repos.transaction(async (repos) => {
      const ids = await select(repos, DROP_BATCH);
      await deps.vectors.remove(repos.knowledge.connection, deps.embedder, ids);
      await repos.knowledge.deleteChunksById(ids);
      return ids.length;
    });
    if (dropped < DROP_BATCH) return;
    await setImmediate();
  }
}
