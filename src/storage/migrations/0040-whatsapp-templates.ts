import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * WhatsApp message templates (docs/channels.md, "Templates"): the copy of each WhatsApp
 * integration's templates as the Graph API last listed them, one row per name and language.
 * `components` is the template's components as Meta answered them (JSON); a sync replaces the
 * integration's rows, so a template deleted on Meta's side goes too.
 */
export function whatsappTemplates(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("whatsapp_templates")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("integration_id", "text", (c) =>
          c.notNull().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("external_id", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("components", t.json, (c) => c.notNull())
        .addColumn("synced_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("whatsapp_templates_name_unique")
        .on("whatsapp_templates")
        .columns(["integration_id", "name", "language"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("whatsapp_templates").execute();
    },
  };
}
