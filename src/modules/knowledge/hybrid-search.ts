import type { Repos } from "../../storage/repos/index.js";
import type { StoreVectorIndex } from "../../storage/vector-index/vector-index.js";
import { normalize } from "../../storage/vector-index/vectors.js";
import type { Embedder } from "../memory/index.js";
import type { AttributeValue, SearchHit, SearchRequest } from "./knowledge-api.js";
import { matchesFilter } from "./search-filters.js";

/** Reciprocal rank fusion's constant: ranks beyond a few dozen barely count. */
const RRF_K = 60;
/** Candidates taken from each retriever before fusion. */
const CANDIDATES = 50;

/**
 * Hybrid retrieval (docs/knowledge.md, "Search"): full text and vector similarity, each ranking
 * its candidates per query, fused by reciprocal rank; attribute filters and the score threshold
 * apply to the fused list.
 */
export class HybridSearch {
  constructor(
    private readonly deps: {
      repos: Repos;
      vectors: StoreVectorIndex;
      embedder: Embedder;
      prepare: () => Promise<void>;
    },
  ) {}

  async searchStores(
    storeIds: string[],
    queries: string[],
    request: Omit<SearchRequest, "query">,
  ): Promise<SearchHit[]> {
    if (storeIds.length === 0 || queries.length === 0) return [];
    await this.deps.prepare();
    const ranks = new Map<number, number>();
    const fuse = (ids: number[]) =>
      ids.forEach((id, rank) => {
        ranks.set(id, (ranks.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
      });
    for (const query of queries) {
      const words = query
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1)
        .slice(0, 32);
      fuse(await this.deps.repos.knowledge.fullText(storeIds, words, CANDIDATES));
      const [vector] = await this.deps.embedder.embed([query.slice(0, this.deps.embedder.maxInputChars)]);
      if (vector) {
        const query = { embedder: this.deps.embedder, storeIds, limit: CANDIDATES };
        fuse((await this.deps.vectors.nearest(query, normalize(vector))).map((hit) => hit.chunkId));
      }
    }
    // Normalised to 0..1: a chunk ranked first by every retriever for every query scores 1.
    const best = (2 * queries.length) / (RRF_K + 1);
    const ordered = [...ranks].sort((a, b) => b[1] - a[1]);
    const rows = new Map(
      (await this.deps.repos.knowledge.chunksById(ordered.map(([id]) => id))).map((row) => [
        Number(row.id),
        row,
      ]),
    );
    const hits: SearchHit[] = [];
    for (const [id, fused] of ordered) {
      const row = rows.get(id);
      if (!row) continue;
      const attributes = JSON.parse(row.attributes) as Record<string, AttributeValue>;
      if (request.filters && !matchesFilter(attributes, request.filters)) continue;
      const score = Math.min(1, fused / best);
      if (request.scoreThreshold !== undefined && score < request.scoreThreshold) continue;
      hits.push({
        vectorStoreId: row.vector_store_id,
        fileId: row.file_id,
        chunkIndex: row.chunk_index,
        filename: row.filename,
        score,
        attributes,
        content: [{ type: "text", text: row.content }],
      });
      if (hits.length >= request.maxNumResults) break;
    }
    return hits;
  }
}
