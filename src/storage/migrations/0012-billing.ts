import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/** Billing accounts, their transactions and invoices (docs/billing.md); amounts in millicredits. */
export function billing(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const int = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("billing_accounts")
        .addColumn("project_id", "text", (c) => c.primaryKey().references("projects.id").onDelete("cascade"))
        .addColumn("tariff", "text", (c) => c.notNull())
        .addColumn("credits", int, (c) => c.notNull())
        .addColumn("bonus", int, (c) => c.notNull())
        .addColumn("subscription_until", t.timestamp)
        .addColumn("low_balance_notified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("billing_transactions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("amount", int, (c) => c.notNull())
        .addColumn("bonus_amount", int, (c) => c.notNull())
        .addColumn("credits_after", int, (c) => c.notNull())
        .addColumn("bonus_after", int, (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("details", t.json)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("billing_transactions_recent_idx")
        .on("billing_transactions")
        .columns(["project_id", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("billing_transactions_reference_unique")
        .on("billing_transactions")
        .columns(["project_id", "type", "reference"])
        .unique()
        .where(sql.ref("reference"), "is not", null)
        .execute();

      await db.schema
        .createTable("billing_invoices")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("offer_id", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("amount_minor", int, (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("credits", int, (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("provider_payment_id", "text")
        .addColumn("provider_status", "text")
        .addColumn("payment_url", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addColumn("paid_at", t.timestamp)
        .execute();
      await db.schema
        .createIndex("billing_invoices_project_idx")
        .on("billing_invoices")
        .columns(["project_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("billing_invoices").execute();
      await db.schema.dropTable("billing_transactions").execute();
      await db.schema.dropTable("billing_accounts").execute();
    },
  };
}
