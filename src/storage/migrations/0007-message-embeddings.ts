import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Message chunks and their embeddings, for semantic recall. The table is the same on both
 * dialects and holds every vector as float32 bytes; the nearest-neighbour structures depend
 * on what the server offers (a sqlite-vec `vec0` table, a pgvector column with an HNSW
 * index) and on the embedder's dimension, so MessageChunksRepo creates them at run time.
 * Deleting a message deletes its chunks; deleting a person keeps them, unrecallable.
 */
export function messageEmbeddings(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("message_chunks")
        .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("person_id", "text", (c) => c.references("persons.id").onDelete("set null"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("message_seq", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("chunk_index", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("embedder_id", "text", (c) => c.notNull())
        .addColumn("vector", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      // Recall reads one person's chunks of one embedder (equality on all three, so person_id
      // may lead: the index then also serves the foreign key when a person is deleted).
      await db.schema
        .createIndex("message_chunks_person_idx")
        .on("message_chunks")
        .columns(["person_id", "project_id", "embedder_id"])
        .execute();
      // Indexing is idempotent per message: replaces or skips that message's chunks.
      await db.schema
        .createIndex("message_chunks_message_unique")
        .on("message_chunks")
        .columns(["message_id", "embedder_id", "chunk_index"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("message_chunks").execute();
    },
  };
}
