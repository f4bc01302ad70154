import { setImmediate } from "node:timers/promises";
import type { Repos } from "../../storage/repos/index.js";
import type { EmbedderKey, StoreVectorIndex } from "../../storage/vector-index/vector-index.js";

/**
 * How long one transaction that writes or deletes a file's chunks goes on before it commits and
 * lets the event loop run (docs/operations.md, "Parse workers"). Writing or deleting a chunk
 * costs mostly its full-text indexing, which grows with its text (a few hundred to sixteen
 * thousand characters), so transactions are cut by time rather than by count: on SQLite each
 * holds the event loop and the single writer, and a file of ten thousand chunks is hundreds of
 * such slices with requests served between them.
 */
export const CHUNK_SLICE_MS = 20;

/** Chunk ids read per transaction of dropChunks (deleted DROP_STEP at a time within its slice). */
export const DROP_BATCH = 200;
const DROP_STEP = 10;

/**
 * Deletes chunks with their vectors until `select` finds none left: each transaction deletes
 * what it can of one `select` (at most `limit` ids) within CHUNK_SLICE_MS, then the event loop
 * runs before the next. `select` runs in that transaction; what it selects must already be
 * invisible to search (an old generation, or a file hidden first), since a search between two
 * transactions sees the rest.
 */
export async function dropChunks(
  deps: { repos: Repos; vectors: StoreVectorIndex; embedder: EmbedderKey },
  select: (repos: Repos, limit: number) => Promise<number[]>,
): Promise<void> {
  for (;;) {
    const { selected, dropped } = await deps.repos.transaction(async (repos) => {
      const ids = await select(repos, DROP_BATCH);
      const started = performance.now();
      let done = 0;
      while (done < ids.length && (done === 0 || performance.now() - started < CHUNK_SLICE_MS)) {
        const step = ids.slice(done, done + DROP_STEP);
        await deps.vectors.remove(repos.knowledge.connection, deps.embedder, step);
        await repos.knowledge.deleteChunksById(step);
        done += step.length;
      }
      return { selected: ids.length, dropped: done };
    });
    if (selected < DROP_BATCH && dropped === selected) return;
    await setImmediate();
  }
}
