import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../../../src/storage/database.js";
import type { Repos } from "../../../src/storage/repos/index.js";
import {
  detectStoreVectorIndex,
  type VectorIndexChoice,
} from "../../../src/storage/vector-index/detect-vector-index.js";
import type { StoreNearestQuery, StoreVectorIndex } from "../../../src/storage/vector-index/vector-index.js";
import { normalize, toBytes } from "../../../src/storage/vector-index/vectors.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { seededRandom } from "../../helpers/seeded-random.js";
import { sqliteVecInstalled } from "../memory/memory-fixtures.js";
import { openKnowledgeStorage } from "./knowledge-storage.js";

const PROJECT = "prj_vectors";
const EMBEDDER = { id: "test/random@32", dimensions: 32 };
const CHOICES: VectorIndexChoice[] = ["auto", "exact-scan"];

function randomUnit(next: () => number): Float32Array {
  return normalize(Array.from({ length: EMBEDDER.dimensions }, () => next() - 0.5));
}

/** `around` moved a little: a near twin of it. */
function nearTwin(around: Float32Array, next: () => number): Float32Array {
  return normalize(Array.from(around, (value) => value + (next() - 0.5) * 0.05));
}

/**
 * Vector stores search through the VectorIndex interface recall uses (docs/knowledge.md,
 * "Search"): sqlite-vec, pgvector where the server offers it, else the exact scan. Whatever the
 * backend, a search finds what the exact scan finds, only in the stores it names, and only
 * chunks of their file's live generation (docs/knowledge.md, "Ingestion").
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`vector stores' index (${dialect})`, () => {
    let storage: Storage;
    let repos: Repos;

    beforeEach(async () => {
      ({ storage, repos } = await openKnowledgeStorage(dialect, [PROJECT]));
    });
    afterEach(async () => {
      await storage.close();
    });

    const detect = (choice: VectorIndexChoice) => detectStoreVectorIndex(storage.db, storage.dialect, choice);

    async function store(id: string): Promise<void> {
      const now = new Date().toISOString();
      await repos.knowledge.insertStore({
        id,
        project_id: PROJECT,
        name: id,
        metadata: "{}",
        expires_after: null,
        expires_at: null,
        last_active_at: now,
        created_at: now,
        updated_at: now,
      });
    }

    /** A processed file of the store, its live generation 0. */
    async function file(storeId: string, fileId: string): Promise<void> {
      const now = new Date().toISOString();
      await repos.knowledge.insertFile({
        id: fileId,
        project_id: PROJECT,
        filename: `${fileId}.txt`,
        purpose: "assistants",
        bytes: 1,
        path: `${PROJECT}/${fileId}`,
        created_at: now,
      });
      await repos.knowledge.upsertStoreFile({
        vector_store_id: storeId,
        file_id: fileId,
        project_id: PROJECT,
        status: "processed",
        last_error: null,
        attributes: "{}",
        chunking_strategy: JSON.stringify({ type: "auto" }),
        usage_bytes: 0,
        batch_id: null,
        created_at: now,
        updated_at: now,
      });
    }

    /** Stores chunks of the file under `generation` and, with an index, indexes them; their ids. */
    async function chunks(
      index: StoreVectorIndex | undefined,
      storeId: string,
      fileId: string,
      vectors: Float32Array[],
      generation = 0,
    ): Promise<number[]> {
      return repos.transaction(async (trx) => {
        const now = new Date().toISOString();
        const ids = await trx.knowledge.insertChunks(
          vectors.map((vector, chunkIndex) => ({
            project_id: PROJECT,
            vector_store_id: storeId,
            file_id: fileId,
            chunk_index: chunkIndex,
            content: `chunk ${chunkIndex}`,
            tokens: 2,
            embedder_id: EMBEDDER.id,
            vector: toBytes(vector),
            created_at: now,
            generation,
          })),
        );
        await index?.add(
          trx.knowledge.connection,
          EMBEDDER,
          ids.map((id, i) => ({ id, scope: { storeId }, vector: vectors[i]! })),
        );
        return ids;
      });
    }

    const query = (storeIds: string[], limit = 10): StoreNearestQuery => ({
      embedder: EMBEDDER,
      storeIds,
      limit,
    });

    it("detects sqlite-vec or pgvector where offered, else falls back to the exact scan", async () => {
      let expected: string;
      if (dialect === "sqlite") expected = sqliteVecInstalled ? "sqlite-vec" : "exact-scan";
      else {
        const offered = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(
          storage.db,
        );
        expected = offered.rows.length > 0 ? "pgvector" : "exact-scan";
      }
      expect((await detect("auto")).backend).toBe(expected);
      expect((await detect("exact-scan")).backend).toBe("exact-scan");
      process.stderr.write(`[knowledge] vector stores on ${dialect}: backend ${expected}\n`);
    });

    it("finds what the exact scan finds, in the stores searched only", async () => {
      const index = await detect("auto");
      const exact = await detect("exact-scan");
      await index.prepare(EMBEDDER);
      const next = seededRandom(11);
      const idsOf = new Map<string, number[]>();
      for (const storeId of ["vs_a", "vs_b", "vs_other"]) {
        await store(storeId);
        await file(storeId, `file_${storeId}`);
        const vectors = Array.from({ length: 60 }, () => randomUnit(next));
        idsOf.set(storeId, await chunks(index, storeId, `file_${storeId}`, vectors));
      }
      const searched = new Set([...idsOf.get("vs_a")!, ...idsOf.get("vs_b")!]);
      for (let q = 0; q < 12; q++) {
        const vector = randomUnit(next);
        const found = await index.nearest(query(["vs_a", "vs_b"]), vector);
        const expected = await exact.nearest(query(["vs_a", "vs_b"]), vector);
        expect(expected).toHaveLength(10);
        expect(found.map((hit) => hit.chunkId)).toEqual(expected.map((hit) => hit.chunkId));
        for (const [i, hit] of found.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 4);
        expect(found.every((hit) => searched.has(hit.chunkId))).toBe(true);
      }
      expect(await index.nearest(query([]), randomUnit(next))).toEqual([]);
    });

    for (const choice of CHOICES) {
      it(`sees a file's live generation only, the old chunks or the new, never a mix (${choice})`, async () => {
        const index = await detect(choice);
        await index.prepare(EMBEDDER);
        await store("vs_a");
        await file("vs_a", "file_a");
        const next = seededRandom(23);
        const target = randomUnit(next);
        const live = await chunks(
          index,
          "vs_a",
          "file_a",
          Array.from({ length: 30 }, () => randomUnit(next)),
        );
        // A re-ingestion under way: many near twins of the query, nearer than every live chunk,
        // so an index that ranks them must look past them (sqlite-vec asks for more).
        const staged = await chunks(
          index,
          "vs_a",
          "file_a",
          Array.from({ length: 120 }, () => nearTwin(target, next)),
          1,
        );
        const before = await index.nearest(query(["vs_a"]), target);
        expect(before).toHaveLength(10);
        expect(before.every((hit) => live.includes(hit.chunkId))).toBe(true);

        // Published: the new generation alone answers.
        await repos.knowledge.updateStoreFile("vs_a", "file_a", { live_generation: 1 });
        const after = await index.nearest(query(["vs_a"], 50), target);
        expect(after).toHaveLength(50);
        expect(after.every((hit) => staged.includes(hit.chunkId))).toBe(true);
      });
    }

    it("indexes chunks stored while it was not there", async () => {
      await store("vs_a");
      await file("vs_a", "file_a");
      const next = seededRandom(5);
      const ids = await chunks(
        undefined,
        "vs_a",
        "file_a",
        Array.from({ length: 20 }, () => randomUnit(next)),
      );
      const index = await detect("auto");
      await index.prepare(EMBEDDER);
      const vector = randomUnit(next);
      const found = await index.nearest(query(["vs_a"], 20), vector);
      expect(found.map((hit) => hit.chunkId).sort((a, b) => a - b)).toEqual(ids);
    });
  });
}
