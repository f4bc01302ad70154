import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import { chunksOfScope } from "./exact-scan-index.js";
import { ScopeVectors, topChunks } from "./scope-vectors.js";
import type { ChunkHit, EmbedderKey, IndexedChunk, NearestQuery, VectorIndex } from "./vector-index.js";
import {
  excludedOf,
  fromBytes,
  type RankedRow,
  type RankedRows,
  scopeKeyOf,
  widenUntilEnough,
} from "./vectors.js";

/** Scopes remembered as too large for the budget (served by the inner index). */
const TOO_LARGE_REMEMBERED = 1000;

/**
 * Exact search over an in-memory copy of the vectors of the scopes searched lately, in front
 * of SQLite's index (sqlite-vec or the exact scan), which keeps every write and serves what is
 * not copied. Results are the exact scan's: every vector of the scope is scored.
 *
 * A scope's copy is read from `message_chunks` (the source of truth) the first time it is
 * searched, then brought up to date before each search by reading only the rows added since
 * (`id > maxId`: SQLite's AUTOINCREMENT ids grow with every commit, whichever process made
 * it). Deleted chunks are not looked for: the best-ranked chunks are read back from storage
 * with the scope's conditions, so a deleted chunk (or one whose person was deleted) is never
 * returned, and a copy holding too many of them is dropped and read again. Copies share a
 * budget of bytes (`PARLEY_RECALL_MEMORY_MB`), least recently searched dropped first; a scope
 * that alone exceeds it is searched by the inner index.
 *
 * SQLite only: PostgreSQL's ids are taken before commit, in any order, so "rows since" is not
 * knowable there (pgvector's own index serves it).
 */
export class MemoryScopeIndex implements VectorIndex {
  readonly backend: VectorIndex["backend"];
  private readonly copies = new Map<string, ScopeVectors>();
  private readonly tooLarge = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly inner: VectorIndex,
    private readonly budgetBytes: number,
  ) {
    this.backend = inner.backend;
  }

  prepare(embedder: EmbedderKey): Promise<void> {
    return this.inner.prepare(embedder);
  }

  add(trx: Kysely<Database>, embedder: EmbedderKey, chunks: IndexedChunk[]): Promise<void> {
    return this.inner.add(trx, embedder, chunks);
  }

  remove(trx: Kysely<Database>, embedder: EmbedderKey, chunkIds: number[]): Promise<void> {
    return this.inner.remove(trx, embedder, chunkIds);
  }

  pruneOrphans(embedder: EmbedderKey): Promise<number> {
    return this.inner.pruneOrphans(embedder);
  }

  /** Bytes held by the copies now (for tests and metrics). */
  get heldBytes(): number {
    let total = 0;
    for (const copy of this.copies.values()) total += copy.bytes;
    return total;
  }

  async nearest(query: NearestQuery, vector: Float32Array): Promise<ChunkHit[]> {
    const key = `${query.embedder.id}#${query.embedder.dimensions}|${scopeKeyOf(query)}`;
    if (this.tooLarge.has(key)) return this.inner.nearest(query, vector);
    const copy = await this.upToDate(key, query);
    if (!copy) return this.inner.nearest(query, vector);
    const excluded = excludedOf(query);
    // Scores of the chunks held now; the copy may grow while the rows are read.
    const scores = copy.score(vector);
    return widenUntilEnough(query.limit, excluded, async (k): Promise<RankedRows> => {
      const wanted = topChunks(copy, scores, k, excluded);
      const rows = await this.readChunks(
        query,
        wanted.map((index) => copy.idAt(index)),
      );
      copy.missing += wanted.length - rows.size;
      const found: RankedRow[] = [];
      for (const index of wanted) {
        const row = rows.get(copy.idAt(index));
        if (row) found.push({ ...row, distance: 1 - scores[index]! });
      }
      return Object.assign(found, { exhausted: wanted.length < k });
    });
  }

  /** The scope's copy, read or brought up to date; undefined when it does not fit the budget. */
  private async upToDate(key: string, query: NearestQuery): Promise<ScopeVectors | undefined> {
    let copy = this.copies.get(key);
    if (!copy || copy.missing > Math.max(64, copy.count / 8)) {
      // In the map at once, so a concurrent search of the scope fills the same copy.
      copy = new ScopeVectors(query.embedder.dimensions);
      this.copies.set(key, copy);
    }
    const rows = await chunksOfScope(this.db, query)
      .select(["id", "message_seq", "vector"])
      .where("id", ">", copy.maxId)
      .orderBy("id")
      .execute();
    copy.reserve(rows.length);
    for (const row of rows) copy.append(Number(row.id), Number(row.message_seq), fromBytes(row.vector));
    if (copy.bytes > this.budgetBytes) {
      this.copies.delete(key);
      if (this.tooLarge.size >= TOO_LARGE_REMEMBERED) this.tooLarge.clear();
      this.tooLarge.add(key);
      return undefined;
    }
    // Most recently searched last.
    this.copies.delete(key);
    this.copies.set(key, copy);
    // Least recently searched first in the map's order: drop from the front.
    let held = this.heldBytes;
    for (const [other, otherCopy] of this.copies) {
      if (held <= this.budgetBytes || other === key) break;
      this.copies.delete(other);
      held -= otherCopy.bytes;
    }
    return copy;
  }

  /** The chunks of `ids` still in the scope, without their vectors. */
  private async readChunks(
    query: NearestQuery,
    ids: number[],
  ): Promise<Map<number, Omit<RankedRow, "distance">>> {
    if (ids.length === 0) return new Map();
    const rows = await chunksOfScope(this.db, query)
      .select(["id", "message_id", "message_seq", "thread_id", "chunk_index", "content"])
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((row) => [Number(row.id), row]));
  }
}
