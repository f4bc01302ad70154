import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Webhook endpoints, the event outbox and one delivery per (event, endpoint). Deliveries carry
 * `seq`, their insertion order: ids are random and timestamps collide, so ordered endpoints
 * and the delivery log sort by it. On PostgreSQL it is a sequence; on SQLite the outbox writes
 * max(seq) + 1, which is safe because SQLite has one writer at a time.
 */
export function webhooks(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("webhook_endpoints")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("events", t.json)
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("ordered", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("disabled_reason", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_endpoints_project_idx")
        .on("webhook_endpoints")
        .columns(["project_id", "created_at"])
        .execute();

      await db.schema
        .createTable("webhook_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("data", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_events_project_idx")
        .on("webhook_events")
        .columns(["project_id", "created_at"])
        .execute();
      // Pruning deletes old events by age alone.
      await db.schema
        .createIndex("webhook_events_created_idx")
        .on("webhook_events")
        .column("created_at")
        .execute();

      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("seq", dialect === "postgres" ? "bigserial" : "integer", (c) => c.notNull())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("endpoint_id", "text", (c) =>
          c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
        )
        .addColumn("event_id", "text", (c) => c.notNull().references("webhook_events.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("schedule_step", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("first_attempt_at", t.timestamp)
        .addColumn("next_attempt_at", t.timestamp)
        .addColumn("locked_until", t.timestamp)
        .addColumn("locked_by", "text")
        .addColumn("last_status_code", "integer")
        .addColumn("last_error", "text")
        .addColumn("last_response", "text")
        .addColumn("delivered_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_seq_unique")
        .on("webhook_deliveries")
        .column("seq")
        .unique()
        .execute();
      // Claiming: pending deliveries by due time.
      await db.schema
        .createIndex("webhook_deliveries_due_idx")
        .on("webhook_deliveries")
        .columns(["status", "next_attempt_at"])
        .execute();
      // The head of an ordered endpoint: its oldest pending delivery.
      await db.schema
        .createIndex("webhook_deliveries_head_idx")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "status", "seq"])
        .execute();
      // The delivery log of an endpoint, newest first.
      await db.schema
        .createIndex("webhook_deliveries_endpoint_idx")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "seq"])
        .execute();
      // Pruning: finished deliveries by age, then events left without deliveries.
      await db.schema
        .createIndex("webhook_deliveries_finished_idx")
        .on("webhook_deliveries")
        .columns(["status", "updated_at"])
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_event_idx")
        .on("webhook_deliveries")
        .column("event_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("webhook_deliveries").execute();
      await db.schema.dropTable("webhook_events").execute();
      await db.schema.dropTable("webhook_endpoints").execute();
    },
  };
}
