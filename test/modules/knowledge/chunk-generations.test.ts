import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Transactor } from "../../../src/events/unit-of-work.js";
import { newId } from "../../../src/infra/ids.js";
import { JobQueue } from "../../../src/job-queue/job-queue.js";
import { FileStore } from "../../../src/modules/knowledge/file-store.js";
import type { ChunkingStrategy } from "../../../src/modules/knowledge/ingest/chunking-strategy.js";
import { type ChunkBatchHook, WRITE_BATCH_CHUNKS } from "../../../src/modules/knowledge/ingestion.js";
import { KnowledgeService } from "../../../src/modules/knowledge/knowledge-service.js";
import { createLexicalEmbedder, type Embedder } from "../../../src/modules/memory/embedder.js";
import type { Storage } from "../../../src/storage/database.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { detectStoreVectorIndex } from "../../../src/storage/vector-index/detect-vector-index.js";
import type { StoreVectorIndex } from "../../../src/storage/vector-index/vector-index.js";
import { fnv1aHex, normalize } from "../../../src/storage/vector-index/vectors.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { openKnowledgeStorage } from "./knowledge-storage.js";

const PROJECT = "prj_generations";

/** Small chunks: the file is written in several batches. */
const SMALL: ChunkingStrategy = {
  type: "static",
  static: { max_chunk_size_tokens: 100, chunk_overlap_tokens: 0 },
};
/** Large chunks: none has the text of a small one. */
const LARGE: ChunkingStrategy = {
  type: "static",
  static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: 0 },
};

const WORDS = "delivery refund bike repair warranty order price store card battery wheel brake".split(" ");

/** Numbered sentences enough for about 2.5 batches of small chunks (some 400 characters each). */
function prose(): string {
  const sentences: string[] = [];
  for (let i = 0, length = 0; length < WRITE_BATCH_CHUNKS * 400 * 2.5; i += 1) {
    const words = Array.from({ length: 9 }, (_, j) => WORDS[(i * 5 + j * 7) % WORDS.length]);
    sentences.push(`Item ${i} covers ${words.join(" ")} model${i}.`);
    length += sentences[i]!.length + 1;
  }
  return sentences.join(" ");
}

const QUERIES = ["refund battery", "brake repair warranty", "delivery price model17", "wheel order card"];

/** A promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Ingestion writes a file's chunks in batches of short transactions under a new generation and
 * publishes them at once with the `processed` status (docs/knowledge.md, "Ingestion"): a
 * search sees the old chunks or the new, never part of the new nor both; a run stopped
 * between batches leaves nothing visible and nothing duplicated after the next run; deleting the
 * file or the store during a run stops it.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`ingestion writes chunk generations (${dialect})`, () => {
    let storage: Storage;
    let knowledge: KnowledgeService;
    let vectors: StoreVectorIndex;
    let embedder: Embedder;
    let hook: ChunkBatchHook | undefined;

    beforeEach(async () => {
      hook = undefined;
      const opened = await openKnowledgeStorage(dialect, [PROJECT]);
      storage = opened.storage;
      const repos = opened.repos;
      const clock = { now: () => new Date() };
      vectors = await detectStoreVectorIndex(storage.db, storage.dialect);
      embedder = createLexicalEmbedder();
      knowledge = new KnowledgeService({
        repos,
        transactor: new Transactor({ repos, jobs: new JobQueue({ clock, newId }), listeners: [] }),
        files: new FileStore(mkdtempSync(join(tmpdir(), "parley-files-")), 10_000_000),
        vectors,
        embedder,
        clock,
        newId,
        afterChunkBatch: (progress) => hook?.(progress),
      });
    });
    afterEach(async () => {
      await storage.close();
    });

    /** A store holding the prose file, ingested with `strategy`. */
    async function ingested(strategy: ChunkingStrategy) {
      const file = await knowledge.createFile(PROJECT, {
        filename: "guide.txt",
        purpose: "assistants",
        content: Readable.from([Buffer.from(prose())]),
      });
      const store = await knowledge.createStore(PROJECT, { name: "Guide" });
      await knowledge.addStoreFile(PROJECT, store.id, { fileId: file.id, chunkingStrategy: strategy });
      await knowledge.ingest(store.id, file.id, 1);
      expect((await knowledge.getStoreFile(PROJECT, store.id, file.id)).status).toBe("processed");
      return { storeId: store.id, fileId: file.id };
    }

    /**
     * Holds the next ingestion after the first batch that brings it to `written` chunks stored
     * (default: its first batch): `reached` once there, `release` to go on.
     */
    function holdAfterFirstBatch(written = 1) {
      const reached = deferred();
      const gate = deferred();
      hook = async (progress) => {
        if (progress.written < written) return;
        hook = undefined;
        reached.resolve();
        await gate.promise;
      };
      return { reached: reached.promise, release: gate.resolve };
    }

    const chunkRows = (fileId: string) =>
      storage.db
        .selectFrom("knowledge_chunks")
        .select(["id", "chunk_index", "generation", "content"])
        .where("file_id", "=", fileId)
        .orderBy("chunk_index")
        .orderBy("id")
        .execute();

    /** Rows of the sqlite-vec table (the vectors it would rank); undefined without one. */
    async function vectorRows(): Promise<number | undefined> {
      if (vectors.backend !== "sqlite-vec") return undefined;
      const table = `knowledge_chunks_vec_${fnv1aHex(embedder.id)}_${embedder.dimensions}`;
      const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
        storage.db,
      );
      return Number(result.rows[0]?.n);
    }

    /** What every search path finds: hybrid hits' texts, full-text ids, nearest ids. */
    async function found(storeId: string) {
      const texts = new Set<string>();
      const ids = new Set<number>();
      let nearestCount = 0;
      for (const query of QUERIES) {
        const { hits } = await knowledge.search(PROJECT, storeId, { query, maxNumResults: 20 });
        for (const hit of hits) texts.add(hit.content[0]?.text ?? "");
        const words = query.split(" ");
        for (const id of await createRepos(storage.db).knowledge.fullText([storeId], words, 50)) ids.add(id);
        const [vector] = await embedder.embed([query]);
        const nearest = await vectors.nearest(
          { embedder, storeIds: [storeId], limit: 50 },
          normalize(vector ?? []),
        );
        nearestCount = Math.max(nearestCount, nearest.length);
        for (const hit of nearest) ids.add(hit.chunkId);
      }
      return { texts, ids, nearestCount };
    }

    it("a re-ingestion under way is invisible to search; its chunks replace the old ones at once", async () => {
      const { storeId, fileId } = await ingested(LARGE);
      const oldRows = await chunkRows(fileId);
      const oldIds = new Set(oldRows.map((row) => Number(row.id)));
      const oldTexts = new Set(oldRows.map((row) => row.content));
      const before = await found(storeId);
      expect(before.texts.size).toBeGreaterThan(0);

      // Added again with other chunking: a re-ingestion, held between two of its batches once it
      // has stored more chunks than the file had (well short of all of them).
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: SMALL });
      const held = holdAfterFirstBatch(oldRows.length + 1);
      const run = knowledge.ingest(storeId, fileId, 1);
      await held.reached;

      const rows = await chunkRows(fileId);
      const staged = rows.filter((row) => !oldIds.has(Number(row.id)));
      expect(staged.length).toBeGreaterThan(oldRows.length); // stored…
      const during = await found(storeId);
      // …and only the old chunks answer, on every path, as many as before (full-text ranks may
      // move: bm25 weighs words by the whole index, the stored batch included).
      expect(during.texts.size).toBeGreaterThan(0);
      expect([...during.texts].every((text) => oldTexts.has(text))).toBe(true);
      expect([...during.ids].every((id) => oldIds.has(id))).toBe(true);
      expect(during.nearestCount).toBe(before.nearestCount);
      expect((await knowledge.storeFileContent(PROJECT, storeId, fileId)).map((c) => c.text)).toEqual(
        oldRows.map((row) => row.content),
      );
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("pending");

      held.release();
      await run;
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("processed");
      const newRows = await chunkRows(fileId);
      expect(newRows.length).toBeGreaterThan(WRITE_BATCH_CHUNKS); // written in more than one batch
      const newIds = new Set(newRows.map((row) => Number(row.id)));
      const newTexts = new Set(newRows.map((row) => row.content));
      expect([...newIds].some((id) => oldIds.has(id))).toBe(false); // the old generation is deleted
      expect([...newTexts].some((text) => oldTexts.has(text))).toBe(false);
      const after = await found(storeId);
      expect(after.texts.size).toBeGreaterThan(0);
      expect([...after.texts].every((text) => newTexts.has(text))).toBe(true);
      expect([...after.ids].every((id) => newIds.has(id))).toBe(true);
      const vectorCount = await vectorRows();
      if (vectorCount !== undefined) expect(vectorCount).toBe(newRows.length);
    });

    it("a run stopped between batches leaves nothing visible; the next run ends processed without duplicates", async () => {
      const { storeId, fileId } = await ingested(LARGE);
      const oldRows = await chunkRows(fileId);
      const oldTexts = new Set(oldRows.map((row) => row.content));
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: SMALL });

      // The process "dies" after two batches: the run ends there, its batches stay behind.
      let batches = 0;
      hook = () => {
        batches += 1;
        if (batches === 2) throw new Error("the process stopped");
      };
      await expect(knowledge.ingest(storeId, fileId, 1)).rejects.toThrow("the process stopped");
      hook = undefined;
      expect((await chunkRows(fileId)).length).toBeGreaterThanOrEqual(oldRows.length + 2);
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("pending");
      const stopped = await found(storeId);
      expect(stopped.texts.size).toBeGreaterThan(0);
      expect([...stopped.texts].every((text) => oldTexts.has(text))).toBe(true);

      // The job runs again.
      await knowledge.ingest(storeId, fileId, 2);
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("processed");
      const rows = await chunkRows(fileId);
      const indexes = rows.map((row) => row.chunk_index);
      expect(new Set(indexes).size).toBe(rows.length);
      expect([...indexes].sort((a, b) => a - b)).toEqual(rows.map((_row, index) => index));
      expect(new Set(rows.map((row) => row.generation)).size).toBe(1);
      const content = await knowledge.storeFileContent(PROJECT, storeId, fileId);
      expect(content).toHaveLength(rows.length);
      const vectorCount = await vectorRows();
      if (vectorCount !== undefined) expect(vectorCount).toBe(rows.length);
      const after = await found(storeId);
      expect([...after.texts].some((text) => oldTexts.has(text))).toBe(false);
    });

    it("a first ingestion stopped between batches shows nothing of the file until the next run publishes it", async () => {
      const file = await knowledge.createFile(PROJECT, {
        filename: "guide.txt",
        purpose: "assistants",
        content: Readable.from([Buffer.from(prose())]),
      });
      const store = await knowledge.createStore(PROJECT, { name: "Guide" });
      await knowledge.addStoreFile(PROJECT, store.id, { fileId: file.id, chunkingStrategy: SMALL });
      hook = () => {
        throw new Error("the process stopped");
      };
      await expect(knowledge.ingest(store.id, file.id, 1)).rejects.toThrow("the process stopped");
      hook = undefined;
      expect((await chunkRows(file.id)).length).toBeGreaterThan(0);
      const stopped = await found(store.id);
      expect(stopped.texts.size).toBe(0);
      expect(stopped.ids.size).toBe(0);
      expect(await knowledge.storeFileContent(PROJECT, store.id, file.id)).toEqual([]);

      await knowledge.ingest(store.id, file.id, 2);
      const rows = await chunkRows(file.id);
      expect(new Set(rows.map((row) => row.chunk_index)).size).toBe(rows.length);
      expect((await found(store.id)).texts.size).toBeGreaterThan(0);
    });

    it("a file added again during a run stops that run; the run of the new add publishes", async () => {
      const { storeId, fileId } = await ingested(LARGE);
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: SMALL });
      const held = holdAfterFirstBatch();
      const first = knowledge.ingest(storeId, fileId, 1);
      await held.reached;
      // Added again, with the large chunks once more.
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: LARGE });
      held.release();
      await first;
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("pending");
      await knowledge.ingest(storeId, fileId, 1);
      expect((await knowledge.getStoreFile(PROJECT, storeId, fileId)).status).toBe("processed");
      const rows = await chunkRows(fileId);
      expect(new Set(rows.map((row) => row.generation)).size).toBe(1);
      expect(rows.length).toBeLessThan(WRITE_BATCH_CHUNKS); // the large chunks, not the small
      const vectorCount = await vectorRows();
      if (vectorCount !== undefined) expect(vectorCount).toBe(rows.length);
    });

    it("deleting the store file during a run stops it and leaves no chunk or vector behind", async () => {
      const { storeId, fileId } = await ingested(LARGE);
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: SMALL });
      const held = holdAfterFirstBatch();
      const run = knowledge.ingest(storeId, fileId, 1);
      await held.reached;
      expect(await knowledge.deleteStoreFile(PROJECT, storeId, fileId)).toEqual({
        id: fileId,
        deleted: true,
      });
      expect((await found(storeId)).texts.size).toBe(0);
      held.release();
      await run;
      expect(await chunkRows(fileId)).toEqual([]);
      expect(await vectorRows()).toBe(vectors.backend === "sqlite-vec" ? 0 : undefined);
      await expect(knowledge.getStoreFile(PROJECT, storeId, fileId)).rejects.toMatchObject({ status: 404 });
    });

    it("deleting the store during a run stops it and leaves no chunk or vector behind", async () => {
      const { storeId, fileId } = await ingested(LARGE);
      await knowledge.addStoreFile(PROJECT, storeId, { fileId, chunkingStrategy: SMALL });
      const held = holdAfterFirstBatch();
      const run = knowledge.ingest(storeId, fileId, 1);
      await held.reached;
      expect(await knowledge.deleteStore(PROJECT, storeId)).toEqual({ id: storeId, deleted: true });
      held.release();
      await run;
      expect(await chunkRows(fileId)).toEqual([]);
      expect(await vectorRows()).toBe(vectors.backend === "sqlite-vec" ? 0 : undefined);
      await expect(knowledge.getStore(PROJECT, storeId)).rejects.toMatchObject({ status: 404 });
    });

    it("deletes a file of several batches in batches, its chunks and vectors with it", async () => {
      const { storeId, fileId } = await ingested(SMALL);
      expect((await chunkRows(fileId)).length).toBeGreaterThan(WRITE_BATCH_CHUNKS);
      await knowledge.deleteFile(PROJECT, fileId);
      expect(await chunkRows(fileId)).toEqual([]);
      expect(await vectorRows()).toBe(vectors.backend === "sqlite-vec" ? 0 : undefined);
      expect((await knowledge.getStore(PROJECT, storeId)).fileCounts.total).toBe(0);
    });
  });
}
