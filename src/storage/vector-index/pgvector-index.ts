import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import { PgvectorIndexOf, type PgvectorInstallation } from "./pgvector-column.js";
import type { ChunkHit, NearestQuery, RecallCorpus } from "./vector-index.js";
import { excludedOf, type RankedRow, widenUntilEnough } from "./vectors.js";

/**
 * Semantic recall on PostgreSQL with the `vector` extension: `message_chunks.embedding` and
 * its HNSW indexes (PgvectorColumn). The planner picks an HNSW index or the person/thread index.
 */
export class PgvectorIndex extends PgvectorIndexOf<RecallCorpus> {
  constructor(db: Kysely<Database>, installation: PgvectorInstallation) {
    super(db, installation, "message_chunks");
  }

  nearest(query: NearestQuery, vector: Float32Array): Promise<ChunkHit[]> {
    const excluded = excludedOf(query);
    const distance = this.column.distance(sql.ref("embedding"), vector, query.embedder.dimensions);
    const scope =
      query.personId !== undefined
        ? sql`person_id = ${query.personId}`
        : sql`thread_id = ${query.threadId ?? ""} and person_id is null`;
    return widenUntilEnough(query.limit, excluded, async (k) => {
      const exclusion =
        excluded.size > 0 ? sql`and not (message_seq = any(${[...excluded]}::bigint[]))` : sql``;
      const rows = await this.column.nearest(
        sql<RankedRow>`select id, message_id, message_seq, thread_id, chunk_index, content,
            ${distance} as distance
          from message_chunks
          where embedder_id = ${sql.lit(query.embedder.id)} and ${scope}
            and project_id = ${query.projectId} and embedding is not null ${exclusion}
          order by ${distance}
          limit ${k}`,
        k,
      );
      return Object.assign(rows, { exhausted: rows.length < k });
    });
  }
}
