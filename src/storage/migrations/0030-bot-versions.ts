import { createHash } from "node:crypto";
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Bot versions (docs/quality.md, "Versions"): every settings document a bot has had, numbered
 * from 1 per bot and never changed. `bots.settings` stays the published document (what the
 * engine reads on every turn, verbatim from its version so the trace's hash names it);
 * `published_version` and `draft_version` point into the versions. Each existing bot gets its
 * current settings as version 1, published. A chat's `bot_version` says whether the draft
 * answers it (the console's "Try it").
 */
export function botVersions(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("bot_versions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("settings_version", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("published_at", t.timestamp)
        .addUniqueConstraint("bot_versions_number_unique", ["bot_id", "version"])
        .execute();
      await db.schema
        .alterTable("bots")
        .addColumn("published_version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("bots").addColumn("draft_version", "integer").execute();
      await db.schema.alterTable("bots").addColumn("draft_base", "integer").execute();
      await db.schema
        .alterTable("bots")
        .addColumn("publish_requires_evals", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("chats")
        .addColumn("bot_version", "text", (c) => c.notNull().defaultTo("published"))
        .execute();
      const bots = db as unknown as Kysely<{
        bots: { id: string; project_id: string; settings: string; updated_at: string };
        bot_versions: Record<string, unknown>;
      }>;
      const rows = await bots
        .selectFrom("bots")
        .select(["id", "project_id", "settings", "updated_at"])
        .execute();
      for (const row of rows) {
        await bots
          .insertInto("bot_versions")
          .values({
            id: `bver_m${row.id}`,
            project_id: row.project_id,
            bot_id: row.id,
            version: 1,
            settings: row.settings,
            settings_version: createHash("sha256").update(row.settings).digest("hex").slice(0, 12),
            source: "migration",
            note: null,
            created_at: row.updated_at,
            published_at: row.updated_at,
          })
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("chats").dropColumn("bot_version").execute();
      await db.schema.alterTable("bots").dropColumn("publish_requires_evals").execute();
      await db.schema.alterTable("bots").dropColumn("draft_base").execute();
      await db.schema.alterTable("bots").dropColumn("draft_version").execute();
      await db.schema.alterTable("bots").dropColumn("published_version").execute();
      await db.schema.dropTable("bot_versions").execute();
    },
  };
}
