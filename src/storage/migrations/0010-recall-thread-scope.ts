import type { Kysely, Migration } from "kysely";

/**
 * Semantic recall in threads without a person reads one thread's chunks of one embedder
 * (equality on all three); thread_id leads, which also serves deleting a thread's chunks.
 */
export function recallThreadScope(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("message_chunks_thread_idx")
        .on("message_chunks")
        .columns(["thread_id", "project_id", "embedder_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("message_chunks_thread_idx").execute();
    },
  };
}
