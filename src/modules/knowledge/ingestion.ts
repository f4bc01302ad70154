import { setImmediate } from "node:timers/promises";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { VectorStoreFileRow } from "../../storage/repos/knowledge.repo.js";
import type { StoreVectorIndex } from "../../storage/vector-index/vector-index.js";
import { normalize, toBytes } from "../../storage/vector-index/vectors.js";
import type { Embedder } from "../memory/index.js";
import { CHUNK_SLICE_MS, dropChunks } from "./drop-chunks.js";
import type { FileStore } from "./file-store.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import { DocumentParseError, lastErrorCodeOf } from "./ingest/document-parse-error.js";
import type { DocumentParser, ParsedChunks } from "./ingest/parse-pool.js";
import { INGEST_MAX_ATTEMPTS, ingestFileJob } from "./jobs.js";

/** Embeddings are asked for this many chunks at a time. */
const EMBED_BATCH = 64;

/**
 * At most this many of a file's chunks are written per transaction; fewer when CHUNK_SLICE_MS
 * runs out first (docs/operations.md, "Parse workers").
 */
export const WRITE_BATCH_CHUNKS = 200;

/**
 * Called after each batch of a file's chunks is committed, before the next is written (the
 * batch's chunks are stored and not yet searchable). Tests hold an ingestion there, or stop it.
 */
export type ChunkBatchHook = (progress: {
  storeId: string;
  fileId: string;
  written: number;
  total: number;
}) => Promise<void> | void;

/**
 * How many parses of one file may go unanswered because the process died during them before the
 * file is refused as `parse_crashed` (the poison-pill rule, docs/operations.md "Parse workers"):
 * one death may be a deploy or an unrelated crash, so the file gets one more try; a second says
 * the file is the likely cause, and parsing it at every start would never end.
 */
export const MAX_UNANSWERED_PARSES = 2;

/** The ingestion of store files (docs/knowledge.md, "Ingestion"). */
export class Ingestion {
  constructor(
    private readonly deps: {
      repos: Repos;
      transactor: Transactor;
      files: FileStore;
      vectors: StoreVectorIndex;
      embedder: Embedder;
      parser: DocumentParser;
      clock: Clock;
      prepare: () => Promise<void>;
      afterChunkBatch?: ChunkBatchHook | undefined;
    },
  ) {}

  /**
   * The ingestion job: parse and chunk one store file in a parse worker, embed and index it,
   * replacing what an earlier run left. A document that cannot be read, or that a worker gave up
   * on, ends in `error` with the reason at once; anything else is retried, and after the last
   * attempt the file is `error` too: no file stays pending. A file whose parses were cut short
   * by the process dying MAX_UNANSWERED_PARSES times is not parsed again.
   *
   * The run claims the file's next chunk generation first; the chunks are written under it in
   * batches that search does not see, and published at once when the file turns `processed`
   * (docs/knowledge.md, "Ingestion"). A later claim (the file added again, deleted, or a second
   * run) makes this one stop without publishing.
   */
  async ingest(storeId: string, fileId: string, attempt: number): Promise<void> {
    const knowledge = this.deps.repos.knowledge;
    const generation = await knowledge.claimGeneration(storeId, fileId);
    if (generation === undefined) {
      // Not pending: a run that died after publishing may have left the old generation behind.
      if (await knowledge.findStoreFile(storeId, fileId)) await this.dropStale(storeId, fileId);
      return;
    }
    // Read after the claim: a change to the store file since (added again) claims anew.
    const storeFile = await knowledge.findStoreFile(storeId, fileId);
    const file = await knowledge.findFile(fileId);
    if (!storeFile || !file) return;
    try {
      if (storeFile.parse_attempts >= MAX_UNANSWERED_PARSES) {
        throw new DocumentParseError(
          "parse_crashed",
          `"${file.filename}" was being parsed when the server stopped, ${storeFile.parse_attempts} times; ` +
            "it is not parsed again. Add the file to the store again to retry it.",
        );
      }
      await this.deps.prepare();
      const { text, chunks } = await this.parse(storeId, fileId, {
        bytes: await this.deps.files.readAll(file.path),
        filename: file.filename,
        strategy: JSON.parse(storeFile.chunking_strategy) as ChunkingStrategy,
      });
      const vectors: number[][] = [];
      for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
        const batch = chunks
          .slice(start, start + EMBED_BATCH)
          .map((chunk) => chunk.content.slice(0, this.deps.embedder.maxInputChars));
        vectors.push(...(await this.deps.embedder.embed(batch)));
      }
      await this.write(storeFile, generation, chunks, vectors, Buffer.byteLength(text, "utf8"));
    } catch (error) {
      const unreadable = error instanceof DocumentParseError;
      if (!unreadable && attempt < INGEST_MAX_ATTEMPTS) throw error;
      const failed = await knowledge.updateClaimedStoreFile(storeId, fileId, generation, {
        status: "error",
        last_error: JSON.stringify({
          code: unreadable ? lastErrorCodeOf(error.code) : "server_error",
          message: error instanceof Error ? error.message : String(error),
        }),
        updated_at: this.deps.clock.now().toISOString(),
      });
      // What this run wrote before it failed is no one's now.
      if (failed) await this.dropStale(storeId, fileId);
    }
  }

  /**
   * Writes the chunks under `generation` in short transactions, then publishes them and the `processed`
   * status in one short update, then deletes the generation they replace. First it deletes what
   * a crashed or superseded run left. A batch finding the claim lost (the file added again,
   * cancelled or being deleted) stops the run; what it wrote is deleted.
   */
  private async write(
    storeFile: VectorStoreFileRow,
    generation: number,
    chunks: ParsedChunks["chunks"],
    vectors: number[][],
    usageBytes: number,
  ): Promise<void> {
    const { vector_store_id: storeId, file_id: fileId } = storeFile;
    await this.dropStale(storeId, fileId);
    const now = this.deps.clock.now().toISOString();
    const units = chunks.map((_chunk, index) => normalize(vectors[index] ?? []));
    for (let start = 0; start < chunks.length; ) {
      const from = start;
      const written = await this.deps.repos.transaction(async (repos) => {
        if (!(await repos.knowledge.holdsGeneration(storeId, fileId, generation))) return 0;
        const started = performance.now();
        let end = from;
        while (
          end < chunks.length &&
          end - from < WRITE_BATCH_CHUNKS &&
          (end === from || performance.now() - started < CHUNK_SLICE_MS)
        ) {
          const chunk = chunks[end]!;
          const vector = units[end] ?? new Float32Array();
          const [id] = await repos.knowledge.insertChunks([
            {
              project_id: storeFile.project_id,
              vector_store_id: storeId,
              file_id: fileId,
              chunk_index: chunk.index,
              content: chunk.content,
              tokens: chunk.tokens,
              embedder_id: this.deps.embedder.id,
              vector: toBytes(vector),
              created_at: now,
              generation,
            },
          ]);
          await this.deps.vectors.add(repos.knowledge.connection, this.deps.embedder, [
            { id: id!, scope: { storeId }, vector },
          ]);
          end += 1;
        }
        return end - from;
      });
      if (written === 0) {
        await this.dropStale(storeId, fileId);
        return;
      }
      start += written;
      await setImmediate();
      await this.deps.afterChunkBatch?.({ storeId, fileId, written: start, total: chunks.length });
    }
    await this.deps.repos.knowledge.updateClaimedStoreFile(storeId, fileId, generation, {
      status: "processed",
      live_generation: generation,
      last_error: null,
      usage_bytes: usageBytes,
      updated_at: now,
    });
    await this.dropStale(storeId, fileId);
  }

  /** Deletes, in batches, the store file's chunks that no search sees and no run will publish. */
  private async dropStale(storeId: string, fileId: string): Promise<void> {
    await this.deps.prepare(); // before the transactions: see KnowledgeService.deleteStore
    await dropChunks(this.deps, (repos, limit) => repos.knowledge.staleChunkIds(storeId, fileId, limit));
  }

  /**
   * The file parsed and chunked by a parse worker. The attempt is counted in the database before
   * the worker gets the file and cleared once it answers, whatever the answer: only a process
   * that dies during the parse leaves it counted.
   */
  private async parse(
    storeId: string,
    fileId: string,
    job: Parameters<DocumentParser["parse"]>[0],
  ): Promise<ParsedChunks> {
    const knowledge = this.deps.repos.knowledge;
    let counted = false;
    try {
      return await this.deps.parser.parse(job, {
        started: async () => {
          await knowledge.addParseAttempt(storeId, fileId);
          counted = true;
        },
      });
    } finally {
      if (counted) await knowledge.updateStoreFile(storeId, fileId, { parse_attempts: 0 });
    }
  }

  /** A pending store file whose job is gone (a process died first) gets one again. */
  async resumePending(): Promise<void> {
    for (const row of await this.deps.repos.knowledge.pendingStoreFiles()) {
      await this.deps.transactor.run(row.project_id, (unit) =>
        unit.enqueue({
          ...jobOf(ingestFileJob, {
            projectId: row.project_id,
            storeId: row.vector_store_id,
            fileId: row.file_id,
          }),
          dedupeKey: `ingest:${row.vector_store_id}:${row.file_id}:resume`,
          maxAttempts: INGEST_MAX_ATTEMPTS,
        }),
      );
    }
  }
}
