import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Payments inside conversations (docs/payments.md): the orders behind payment links a bot made
 * with a project's T-Bank terminal, and the (PaymentId, Status) of every notification applied.
 * An order goes with its project and its integration; it outlives its thread.
 */
export function payments(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const int = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("payment_orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("integration_id", "text", (c) =>
          c.notNull().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("chat_id", "text", (c) => c.notNull())
        .addColumn("terminal_key_sha256", "text", (c) => c.notNull())
        .addColumn("amount_minor", int, (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("payment_id", "text")
        .addColumn("payment_url", "text")
        .addColumn("provider_status", "text")
        .addColumn("error", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addColumn("paid_at", t.timestamp)
        .execute();
      await db.schema
        .createIndex("payment_orders_terminal_idx")
        .on("payment_orders")
        .columns(["terminal_key_sha256", "integration_id"])
        .execute();
      await db.schema
        .createIndex("payment_orders_thread_idx")
        .on("payment_orders")
        .columns(["project_id", "thread_id", "created_at"])
        .execute();

      await db.schema
        .createTable("payment_notifications")
        .addColumn("order_id", "text", (c) => c.notNull().references("payment_orders.id").onDelete("cascade"))
        .addColumn("payment_id", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("received_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("payment_notifications_pk", ["order_id", "payment_id", "status"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("payment_notifications").execute();
      await db.schema.dropTable("payment_orders").execute();
    },
  };
}
