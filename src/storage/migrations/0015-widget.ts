import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/** The web widget (docs/widget.md): each widget chat's settings, and its visitors. */
export function widget(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("widget_configs")
        .addColumn("chat_id", "text", (c) => c.primaryKey().references("chats.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("allowed_origins", t.json, (c) => c.notNull())
        .addColumn("theme", t.json, (c) => c.notNull())
        .addColumn("identity_required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("identity_secret", "text")
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("widget_visitors")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("chat_id", "text", (c) => c.notNull().references("chats.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("person_external_id", "text", (c) => c.notNull())
        .addColumn("identity_user_id", "text")
        .addColumn("person_name", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("last_seen_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("widget_visitors_identity_idx")
        .on("widget_visitors")
        .columns(["chat_id", "identity_user_id"])
        .execute();
    },
  };
}
