import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { jobOf } from "../../jobs/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { KnowledgeVectors } from "../../storage/vector-index/knowledge-vectors.js";
import { normalize, toBytes } from "../../storage/vector-index/vectors.js";
import type { Embedder } from "../memory/embedder.js";
import type { FileStore } from "./file-store.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import { DocumentParseError, lastErrorCodeOf } from "./ingest/document-parse-error.js";
import type { DocumentParser, ParsedChunks } from "./ingest/parse-pool.js";
import { INGEST_MAX_ATTEMPTS, ingestFileJob } from "./jobs.js";

/** Embeddings are asked for this many chunks at a time. */
const EMBED_BATCH = 64;

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
      vectors: KnowledgeVectors;
      embedder: Embedder;
      parser: DocumentParser;
      clock: Clock;
      prepare: () => Promise<void>;
    },
  ) {}

  /**
   * The ingestion job: parse and chunk one store file in a parse worker, embed and index it,
   * replacing what an earlier run left. A document that cannot be read, or that a worker gave up
   * on, ends in `error` with the reason at once; anything else is retried, and after the last
   * attempt the file is `error` too: no file stays pending. A file whose parses were cut short
   * by the process dying MAX_UNANSWERED_PARSES times is not parsed again.
   */
  async ingest(storeId: string, fileId: string, attempt: number): Promise<void> {
    const storeFile = await this.deps.repos.knowledge.findStoreFile(storeId, fileId);
    const file = await this.deps.repos.knowledge.findFile(fileId);
    if (!storeFile || !file || storeFile.status !== "pending") return;
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
      const now = this.deps.clock.now().toISOString();
      await this.deps.repos.transaction(async (repos) => {
        const current = await repos.knowledge.findStoreFile(storeId, fileId);
        if (current?.status !== "pending") return;
        await this.deps.vectors.remove(
          repos.knowledge.connection,
          this.deps.embedder,
          await repos.knowledge.chunkIds(storeId, fileId),
        );
        const units = chunks.map((_chunk, index) => normalize(vectors[index] ?? []));
        const ids = await repos.knowledge.replaceChunks(
          storeId,
          fileId,
          chunks.map((chunk, index) => ({
            project_id: storeFile.project_id,
            vector_store_id: storeId,
            file_id: fileId,
            chunk_index: chunk.index,
            content: chunk.content,
            tokens: chunk.tokens,
            embedder_id: this.deps.embedder.id,
            vector: toBytes(units[index] ?? new Float32Array()),
            created_at: now,
          })),
        );
        await this.deps.vectors.add(
          repos.knowledge.connection,
          this.deps.embedder,
          ids.map((id, index) => ({ id, storeId, vector: units[index] ?? new Float32Array() })),
        );
        await repos.knowledge.updateStoreFile(storeId, fileId, {
          status: "processed",
          last_error: null,
          usage_bytes: Buffer.byteLength(text, "utf8"),
          updated_at: now,
        });
      });
    } catch (error) {
      const unreadable = error instanceof DocumentParseError;
      if (!unreadable && attempt < INGEST_MAX_ATTEMPTS) throw error;
      await this.deps.repos.knowledge.updateStoreFile(storeId, fileId, {
        status: "error",
        last_error: JSON.stringify({
          code: unreadable ? lastErrorCodeOf(error.code) : "server_error",
          message: error instanceof Error ? error.message : String(error),
        }),
        updated_at: this.deps.clock.now().toISOString(),
      });
    }
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
