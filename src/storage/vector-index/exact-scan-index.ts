import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import type { ChunkHit, EmbedderKey, NearestQuery, VectorIndex } from "./vector-index.js";
import { dot, excludedOf, fromBytes } from "./vectors.js";

/**
 * The chunks a search may find: of the query's scope (a person's, or a thread's without a
 * person), project and embedder. The indexes by person and by thread serve it.
 */
export function chunksOfScope(db: Kysely<Database>, query: NearestQuery) {
  return db
    .selectFrom("message_chunks")
    .where((eb) =>
      query.personId !== undefined
        ? eb("person_id", "=", query.personId)
        : eb.and([eb("thread_id", "=", query.threadId ?? ""), eb("person_id", "is", null)]),
    )
    .where("project_id", "=", query.projectId)
    .where("embedder_id", "=", query.embedder.id);
}

/**
 * The documented fallback, and what `{ backend: "exact-scan" }` forces: reads the scope's
 * chunks of the embedder (indexed by person, and by thread) and ranks them by cosine in JS.
 * Exact; cost grows with the scope's history: a few milliseconds per thousand chunks at 256
 * dimensions, about six times that at 1536. Fine up to tens of thousands of chunks per person;
 * beyond that, install sqlite-vec or pgvector. It keeps no index of its own.
 */
export class ExactScanIndex implements VectorIndex {
  readonly backend = "exact-scan" as const;

  constructor(private readonly db: Kysely<Database>) {}

  async prepare(_embedder: EmbedderKey): Promise<void> {}
  async add(): Promise<void> {}
  async remove(): Promise<void> {}
  async pruneOrphans(): Promise<number> {
    return 0;
  }

  async nearest(query: NearestQuery, vector: Float32Array): Promise<ChunkHit[]> {
    const excluded = excludedOf(query);
    // Content stays out of the scan: reading it for every chunk costs more than the ranking.
    const rows = await chunksOfScope(this.db, query)
      .select(["id", "message_id", "message_seq", "thread_id", "chunk_index", "vector"])
      .execute();
    const best = new Map<string, { row: (typeof rows)[number]; score: number }>();
    for (const row of rows) {
      if (excluded.has(Number(row.message_seq))) continue;
      const score = dot(vector, fromBytes(row.vector));
      const current = best.get(row.message_id);
      if (!current || score > current.score) best.set(row.message_id, { row, score });
    }
    const top = [...best.values()]
      .sort((a, b) => b.score - a.score || Number(b.row.message_seq) - Number(a.row.message_seq))
      .slice(0, query.limit);
    if (top.length === 0) return [];
    const contents = await this.db
      .selectFrom("message_chunks")
      .select(["id", "content"])
      .where(
        "id",
        "in",
        top.map(({ row }) => row.id),
      )
      .execute();
    const contentById = new Map(contents.map((row) => [Number(row.id), row.content]));
    return top.map(
      ({ row, score }): ChunkHit => ({
        chunkId: Number(row.id),
        messageId: row.message_id,
        messageSeq: Number(row.message_seq),
        threadId: row.thread_id,
        chunkIndex: row.chunk_index,
        content: contentById.get(Number(row.id)) ?? "",
        score,
      }),
    );
  }
}
