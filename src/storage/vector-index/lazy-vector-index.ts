import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import type { Corpus, VectorIndex } from "./vector-index.js";

/**
 * An index whose backend is detected on first use (detection needs the database; composition
 * does not wait). `add` and `remove` run in the caller's transaction: a first use there
 * detects on that transaction, never on the root handle, which would wait on the transaction
 * itself.
 */
export function lazyVectorIndex<C extends Corpus>(
  db: Kysely<Database>,
  detect: (on: Kysely<Database>) => Promise<VectorIndex<C>>,
): VectorIndex<C> {
  let chosen: Promise<VectorIndex<C>> | undefined;
  let resolved: VectorIndex<C> | undefined;
  const get = (on: Kysely<Database> = db) => {
    chosen ??= detect(on).then((index) => {
      resolved = index;
      return index;
    });
    return chosen;
  };
  return {
    /** The backend in use once known (before the first use, the fallback's name). */
    get backend() {
      return resolved?.backend ?? "exact-scan";
    },
    prepare: async (embedder) => (await get()).prepare(embedder),
    add: async (trx, embedder, chunks) => (await get(trx)).add(trx, embedder, chunks),
    remove: async (trx, embedder, ids) => (await get(trx)).remove(trx, embedder, ids),
    nearest: async (query, vector) => (await get()).nearest(query, vector),
    pruneOrphans: async (embedder) => (await get()).pruneOrphans(embedder),
  };
}
