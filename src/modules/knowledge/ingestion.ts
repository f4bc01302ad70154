import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { jobOf } from "../../jobs/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { KnowledgeVectors } from "../../storage/vector-index/knowledge-vectors.js";
import { normalize, toBytes } from "../../storage/vector-index/vectors.js";
import type { Embedder } from "../memory/embedder.js";
import type { FileStore } from "./file-store.js";
import { chunkText } from "./ingest/chunk-text.js";
import type { ChunkingStrategy } from "./ingest/chunking-strategy.js";
import { DocumentParseError, parseDocument } from "./ingest/parse-document.js";
import { INGEST_MAX_ATTEMPTS, ingestFileJob } from "./jobs.js";

/** Embeddings are asked for this many chunks at a time. */
const EMBED_BATCH = 64;

/** The ingestion of store files (docs/knowledge.md, "Ingestion"). */
export class Ingestion {
  constructor(
    private readonly deps: {
      repos: Repos;
      transactor: Transactor;
      files: FileStore;
      vectors: KnowledgeVectors;
      embedder: Embedder;
      clock: Clock;
      prepare: () => Promise<void>;
    },
  ) {}

  /**
   * The ingestion job: parse, chunk, embed and index one store file, replacing what an earlier
   * run left. A document that cannot be read ends in `error` with the reason; anything else is
   * retried, and after the last attempt the file is `error` too: no file stays pending.
   */
  async ingest(storeId: string, fileId: string, attempt: number): Promise<void> {
    const storeFile = await this.deps.repos.knowledge.findStoreFile(storeId, fileId);
    const file = await this.deps.repos.knowledge.findFile(fileId);
    if (!storeFile || !file || storeFile.status !== "pending") return;
    try {
      await this.deps.prepare();
      const parsed = await parseDocument({
        bytes: await this.deps.files.readAll(file.path),
        filename: file.filename,
      });
      const strategy = JSON.parse(storeFile.chunking_strategy) as ChunkingStrategy;
      const chunks = chunkText(parsed.text, strategy);
      const vectors: number[][] = [];
      for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
        const batch = chunks
          .slice(start, start + 64)
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
          usage_bytes: Buffer.byteLength(parsed.text, "utf8"),
          updated_at: now,
        });
      });
    } catch (error) {
      const unreadable = error instanceof DocumentParseError;
      if (!unreadable && attempt < INGEST_MAX_ATTEMPTS) throw error;
      await this.deps.repos.knowledge.updateStoreFile(storeId, fileId, {
        status: "error",
        last_error: JSON.stringify({
          code: unreadable
            ? error.code === "unsupported_format"
              ? "unsupported_file"
              : "invalid_file"
            : "server_error",
          message: error instanceof Error ? error.message : String(error),
        }),
        updated_at: this.deps.clock.now().toISOString(),
      });
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
