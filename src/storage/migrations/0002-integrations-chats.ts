import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/** Integrations and chats. A bot with chats cannot be deleted (the service answers 409). */
export function integrationsAndChats(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("integrations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("vendor", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("auth_data", "text", (c) => c.notNull())
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("integrations_project_idx")
        .on("integrations")
        .columns(["project_id", "created_at"])
        .execute();

      await db.schema
        .createTable("chats")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("integration_id", "text", (c) => c.references("integrations.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull().references("bots.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("chats_name_unique", ["integration_id", "name"])
        .execute();
      await db.schema
        .createIndex("chats_project_idx")
        .on("chats")
        .columns(["project_id", "created_at"])
        .execute();
      await db.schema.createIndex("chats_bot_idx").on("chats").columns(["bot_id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("chats").execute();
      await db.schema.dropTable("integrations").execute();
    },
  };
}
