import { type Kysely, type Migration, sql } from "kysely";

/**
 * The replies of a thread by the user message they answered through: what a turn reads first
 * (the newest answered seq, `max(reply_to_seq)`), and the reply covering a message. Without it
 * both read every message of the thread, so a turn cost more the longer its thread was
 * (docs/performance.md). Partial: only replies carry reply_to_seq.
 */
export function messageRepliesIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("messages_reply_idx")
        .on("messages")
        .columns(["project_id", "thread_id", "reply_to_seq"])
        .where(sql.ref("reply_to_seq"), "is not", null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("messages_reply_idx").execute();
    },
  };
}
