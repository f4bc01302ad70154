import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Messaging channels (docs/channels.md): what connectors remember per integration (sealed), the
 * webhook connection's state, one thread per vendor conversation, persons keyed by their
 * channel, attachments and outbound delivery on messages, and the dedupe keys of inbound events.
 */
export function channels(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("integrations").addColumn("connector_state", "text").execute();
      await db.schema.alterTable("integrations").addColumn("connection_status", "text").execute();
      await db.schema.alterTable("integrations").addColumn("connection_error", t.json).execute();
      await db.schema.alterTable("integrations").addColumn("connection_checked_at", t.timestamp).execute();

      await db.schema.alterTable("threads").addColumn("external_conversation_id", "text").execute();
      await db.schema
        .createIndex("threads_conversation_unique")
        .on("threads")
        .columns(["chat_id", "external_conversation_id"])
        .unique()
        .where(sql.ref("external_conversation_id"), "is not", null)
        .execute();

      // A vendor's user ids are unique only within that vendor: the key is (channel, user id).
      await db.schema.alterTable("persons").addColumn("channel", "text").execute();
      await db.schema.alterTable("persons").addColumn("channel_user_id", "text").execute();
      await db.schema
        .createIndex("persons_channel_unique")
        .on("persons")
        .columns(["project_id", "channel", "channel_user_id"])
        .unique()
        .where(sql.ref("channel"), "is not", null)
        .execute();

      await db.schema.alterTable("messages").addColumn("attachments", t.json).execute();
      await db.schema.alterTable("messages").addColumn("delivery", t.json).execute();

      await db.schema
        .createTable("inbound_events")
        .addColumn("integration_id", "text", (c) =>
          c.notNull().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("external_id", "text", (c) => c.notNull())
        .addColumn("received_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("inbound_events_pk", ["integration_id", "external_id"])
        .execute();
      await db.schema
        .createIndex("inbound_events_received_idx")
        .on("inbound_events")
        .columns(["received_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("inbound_events").execute();
      await db.schema.dropIndex("persons_channel_unique").execute();
      await db.schema.dropIndex("threads_conversation_unique").execute();
      for (const column of ["attachments", "delivery"]) {
        await db.schema.alterTable("messages").dropColumn(column).execute();
      }
      for (const column of ["channel", "channel_user_id"]) {
        await db.schema.alterTable("persons").dropColumn(column).execute();
      }
      await db.schema.alterTable("threads").dropColumn("external_conversation_id").execute();
      for (const column of [
        "connector_state",
        "connection_status",
        "connection_error",
        "connection_checked_at",
      ]) {
        await db.schema.alterTable("integrations").dropColumn(column).execute();
      }
    },
  };
}
