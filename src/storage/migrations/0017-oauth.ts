import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * OAuth connections (docs/oauth.md): consent requests in flight, kept server-side so that a
 * state is single-use across processes, and each integration's sealed tokens with the version
 * and lease columns that let one process at a time refresh them.
 */
export function oauth(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("oauth_states")
        .addColumn("state_hash", "text", (c) => c.primaryKey())
        .addColumn("integration_id", "text", (c) =>
          c.notNull().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("expires_at", t.timestamp, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("used_at", t.timestamp)
        .execute();
      await db.schema
        .createIndex("oauth_states_expires_idx")
        .on("oauth_states")
        .column("expires_at")
        .execute();
      await db.schema
        .createIndex("oauth_states_integration_idx")
        .on("oauth_states")
        .column("integration_id")
        .execute();

      await db.schema
        .createTable("oauth_tokens")
        .addColumn("integration_id", "text", (c) =>
          c.primaryKey().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("vendor", "text", (c) => c.notNull())
        .addColumn("sealed_grant", "text", (c) => c.notNull())
        .addColumn("expires_at", t.timestamp)
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("refresh_lease_until", t.timestamp)
        .addColumn("refresh_lease_owner", "text")
        .addColumn("lost_reason", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("oauth_tokens").execute();
      await db.schema.dropTable("oauth_states").execute();
    },
  };
}
