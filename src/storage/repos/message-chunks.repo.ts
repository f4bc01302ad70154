import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Database } from "../schema.js";
import type { MessagesTable } from "../schema-conversations.js";
import type { MessageChunksTable } from "../schema-memory.js";
import { detectVectorIndex } from "../vector-index/detect-vector-index.js";
import { MemoryScopeIndex } from "../vector-index/memory-scope-index.js";
import type {
  ChunkHit,
  EmbedderKey,
  NearestQuery,
  VectorBackend,
  VectorIndex,
} from "../vector-index/vector-index.js";
import { normalize, toBytes } from "../vector-index/vectors.js";

export { loadSqliteVec } from "../vector-index/sqlite-vec-index.js";
export type { ChunkHit, EmbedderKey, NearestQuery, VectorBackend } from "../vector-index/vector-index.js";
export { fromBytes, normalize } from "../vector-index/vectors.js";

export type MessageChunkRow = Selectable<MessageChunksTable>;
type MessageRow = Selectable<MessagesTable>;

export interface MessageRef {
  project_id: string;
  person_id: string | null;
  thread_id: string;
  seq: number;
  id: string;
}

export interface NewChunk {
  content: string;
  vector: ArrayLike<number>;
}

export interface MessageChunksRepoOptions {
  /** `auto` (default) detects sqlite-vec or pgvector; `exact-scan` forces the fallback. */
  backend?: "auto" | "exact-scan";
  /**
   * SQLite, `auto` only: bytes of in-memory vector copies of the scopes searched lately
   * (MemoryScopeIndex; `PARLEY_RECALL_MEMORY_MB`). 0 (default): every search asks the index.
   */
  memoryBytes?: number;
}

const EMBEDDER_ID = /^[\w.:@/+-]{1,200}$/;

/**
 * Message chunks with their embeddings, and nearest-neighbour search over them through a
 * VectorIndex (storage/vector-index/: sqlite-vec, pgvector or an exact scan, detected once).
 * `message_chunks.vector` (L2-normalised float32, little-endian) is the source of truth: an
 * index can be rebuilt from it and backends switched without re-embedding.
 *
 * Build it over the root Kysely instance, not a transaction: it opens its own transactions and
 * its index may run DDL the first time it meets an embedder.
 */
export class MessageChunksRepo {
  private index: Promise<VectorIndex> | undefined;
  /** The index once detected, for synchronous readers (metrics). */
  private detected: VectorIndex | undefined;
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly options: MessageChunksRepoOptions = {},
  ) {}

  private vectorIndex(): Promise<VectorIndex> {
    this.index ??= detectVectorIndex(
      this.db,
      this.dialect,
      this.options.backend ?? "auto",
      this.options.memoryBytes ?? 0,
    ).then((index) => {
      this.detected = index;
      return index;
    });
    return this.index;
  }

  /** Bytes this process holds in in-memory vector copies (0 without them, or before the first use). */
  heldMemoryBytes(): number {
    return this.detected instanceof MemoryScopeIndex ? this.detected.heldBytes : 0;
  }

  /** Which backend serves searches on this connection; detected once. */
  async backend(): Promise<VectorBackend> {
    return (await this.vectorIndex()).backend;
  }

  /**
   * Creates what the index needs for this embedder (vec0 table, pgvector column and index)
   * and copies in vectors stored while it was unavailable. Idempotent; runs once per embedder
   * and repository. Writes and searches call it themselves.
   */
  prepare(embedder: EmbedderKey): Promise<void> {
    const key = `${embedder.id}#${embedder.dimensions}`;
    let pending = this.prepared.get(key);
    if (!pending) {
      pending = this.prepareOnce(embedder);
      this.prepared.set(key, pending);
      pending.catch(() => this.prepared.delete(key));
    }
    return pending;
  }

  /**
   * Indexes the chunks of these embedders stored without their index entry: after a contact
   * merge re-inserted a person's chunks under the survivor (ContactsRepo.moveChunks). The
   * index's own prepare does it (idempotent); a process that dies first leaves it to the next
   * process's prepare.
   */
  async indexUnindexed(embedders: EmbedderKey[]): Promise<void> {
    if (embedders.length === 0) return;
    const index = await this.vectorIndex();
    for (const embedder of embedders) {
      await this.prepare(embedder);
      await index.prepare(embedder);
    }
  }

  /** The stored chunk texts of each message (by id) for an embedder, in order; none: absent. */
  async contents(messageIds: string[], embedderId: string): Promise<Map<string, string[]>> {
    const byMessage = new Map<string, string[]>();
    // One query per 500 messages: well inside every driver's limit on bound values.
    for (let start = 0; start < messageIds.length; start += 500) {
      const rows = await this.db
        .selectFrom("message_chunks")
        .select(["message_id", "content"])
        .where("message_id", "in", messageIds.slice(start, start + 500))
        .where("embedder_id", "=", embedderId)
        .orderBy("message_id")
        .orderBy("chunk_index")
        .execute();
      for (const row of rows) {
        const texts = byMessage.get(row.message_id);
        if (texts) texts.push(row.content);
        else byMessage.set(row.message_id, [row.content]);
      }
    }
    return byMessage;
  }

  /** Replaces the chunks of a message for an embedder, in one transaction. */
  async replace(
    embedder: EmbedderKey,
    message: MessageRef,
    chunks: NewChunk[],
    createdAt: string,
  ): Promise<void> {
    const index = await this.vectorIndex();
    await this.prepare(embedder);
    for (const chunk of chunks) {
      if (chunk.vector.length !== embedder.dimensions) {
        throw new Error(
          `Embedder ${embedder.id} returned ${chunk.vector.length} dimensions, expected ${embedder.dimensions}.`,
        );
      }
    }
    await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom("message_chunks")
        .select("id")
        .where("message_id", "=", message.id)
        .where("embedder_id", "=", embedder.id)
        .execute();
      if (old.length > 0) {
        await index.remove(
          trx,
          embedder,
          old.map((row) => Number(row.id)),
        );
        await trx
          .deleteFrom("message_chunks")
          .where("message_id", "=", message.id)
          .where("embedder_id", "=", embedder.id)
          .execute();
      }
      const scope = {
        projectId: message.project_id,
        personId: message.person_id,
        threadId: message.thread_id,
      };
      for (const [chunkIndex, chunk] of chunks.entries()) {
        const vector = normalize(chunk.vector);
        const { id } = await trx
          .insertInto("message_chunks")
          .values({
            project_id: message.project_id,
            person_id: message.person_id,
            thread_id: message.thread_id,
            message_seq: message.seq,
            message_id: message.id,
            chunk_index: chunkIndex,
            content: chunk.content,
            embedder_id: embedder.id,
            vector: toBytes(vector),
            created_at: createdAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await index.add(trx, embedder, [{ id: Number(id), scope, vector }]);
      }
    });
  }

  /**
   * The `limit` messages of the scope (a person, or a thread without one) whose best chunk is
   * most similar to `vector`, best first, among chunks of the same embedder and project.
   */
  async nearest(query: NearestQuery): Promise<ChunkHit[]> {
    if (query.limit <= 0) return [];
    const index = await this.vectorIndex();
    await this.prepare(query.embedder);
    const vector = normalize(query.vector);
    if (!vector.some((value) => value !== 0)) return [];
    return index.nearest(query, vector);
  }

  /**
   * The messages around `seq` in its thread: up to `neighbours` before it, itself, and up to
   * `neighbours` after it, oldest first. Counts only user and assistant messages with text
   * (tool steps carry no conversation).
   */
  async around(projectId: string, threadId: string, seq: number, neighbours: number): Promise<MessageRow[]> {
    const conversational = this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("role", "in", ["user", "assistant"])
      .where("content", "!=", "");
    const [before, from] = await Promise.all([
      neighbours > 0
        ? conversational.where("seq", "<", seq).orderBy("seq", "desc").limit(neighbours).execute()
        : Promise.resolve([] as MessageRow[]),
      conversational
        .where("seq", ">=", seq)
        .orderBy("seq")
        .limit(neighbours + 1)
        .execute(),
    ]);
    return [...before.reverse(), ...from];
  }

  /** Chunks of a message (every embedder), in order: for tests and diagnostics. */
  listByMessage(messageId: string): Promise<MessageChunkRow[]> {
    return this.db
      .selectFrom("message_chunks")
      .selectAll()
      .where("message_id", "=", messageId)
      .orderBy("embedder_id")
      .orderBy("chunk_index")
      .execute();
  }

  /** Reclaims the index space of chunks that are gone (see the index's pruneOrphans); returns how many. */
  async pruneOrphans(embedder: EmbedderKey): Promise<number> {
    const index = await this.vectorIndex();
    if (index.backend !== "sqlite-vec") return 0;
    await this.prepare(embedder);
    return index.pruneOrphans(embedder);
  }

  private async prepareOnce(embedder: EmbedderKey): Promise<void> {
    if (!EMBEDDER_ID.test(embedder.id)) throw new Error(`Unusable embedder id '${embedder.id}'.`);
    if (!Number.isInteger(embedder.dimensions) || embedder.dimensions <= 0) {
      throw new Error(`Embedder ${embedder.id}: dimensions must be a positive integer.`);
    }
    await (await this.vectorIndex()).prepare(embedder);
  }
}
