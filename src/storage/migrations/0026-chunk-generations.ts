import type { Kysely, Migration } from "kysely";

/**
 * Generations of a store file's chunks (docs/knowledge.md, "Ingestion"): ingestion writes a
 * file's new chunks in many short transactions, each chunk tagged with the generation its run
 * claimed (`knowledge_chunks.generation`), and search sees only the chunks of the generation
 * the store file publishes (`vector_store_files.live_generation`). Publishing the new one is a
 * one-row update; the old generation, and what a crashed or superseded run left, are deleted in
 * batches afterwards. `staging_generation` is the last generation an ingestion run claimed: a run
 * whose claim is no longer the last one stops, and may not publish. Existing chunks and files are
 * generation 0, so everything already ingested stays visible.
 */
export function chunkGenerations(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("knowledge_chunks")
        .addColumn("generation", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("vector_store_files")
        .addColumn("live_generation", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("vector_store_files")
        .addColumn("staging_generation", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // A file's chunks by generation: what the batched deletes of old and abandoned chunks read.
      await db.schema
        .createIndex("knowledge_chunks_file_generation_idx")
        .on("knowledge_chunks")
        .columns(["vector_store_id", "file_id", "generation"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("knowledge_chunks_file_generation_idx").execute();
      await db.schema.alterTable("vector_store_files").dropColumn("staging_generation").execute();
      await db.schema.alterTable("vector_store_files").dropColumn("live_generation").execute();
      await db.schema.alterTable("knowledge_chunks").dropColumn("generation").execute();
    },
  };
}
