import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Ratings of the bot's messages (docs/quality.md, "Feedback"): 👍/👎 from the customer (the
 * widget) or from an operator (the console, the API), with a comment and, from operators, a
 * better answer (`correction`). One row per message and rater: `rater` is `customer`, `api`
 * (an API key, with no operator), or `operator:<operator id>`, never null, so that the unique
 * index makes "rating again replaces it" hold under parallel requests on both databases (a
 * unique index would let two rows with a null operator through). The rows go with their message.
 */
export function messageFeedback(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("message_feedback")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("operator_id", "text")
        .addColumn("rater", "text", (c) => c.notNull())
        .addColumn("rating", "text", (c) => c.notNull())
        .addColumn("comment", "text")
        .addColumn("correction", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("message_feedback_rater_unique", ["message_id", "rater"])
        .execute();
      // A thread's feedback (the console's thread view, traces).
      await db.schema
        .createIndex("message_feedback_thread_idx")
        .on("message_feedback")
        .columns(["project_id", "thread_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("message_feedback").execute();
    },
  };
}
