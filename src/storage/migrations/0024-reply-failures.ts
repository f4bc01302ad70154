import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Replies that failed and credit held by running turns (docs/conversations.md, "Failed
 * replies"; docs/billing.md, "When credits run out"):
 * - `threads.reply_failure`: JSON of the last give-up whose messages are still unanswered
 *   (code, reason, attempts, message ids), cleared by the reply that answers them;
 * - `billing_accounts.last_charge`: what the project's last reply cost, the amount a new turn
 *   holds against the balance while its model runs;
 * - `credit_holds`: those holds, each until its turn ends (or `expires_at`, should its process
 *   die first).
 */
export function replyFailures(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const int = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("threads").addColumn("reply_failure", t.json).execute();
      await db.schema
        .alterTable("billing_accounts")
        .addColumn("last_charge", int, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("credit_holds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("amount", int, (c) => c.notNull())
        .addColumn("expires_at", t.timestamp, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("credit_holds_project_idx")
        .on("credit_holds")
        .columns(["project_id", "expires_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("credit_holds").execute();
      await db.schema.alterTable("billing_accounts").dropColumn("last_charge").execute();
      await db.schema.alterTable("threads").dropColumn("reply_failure").execute();
    },
  };
}
