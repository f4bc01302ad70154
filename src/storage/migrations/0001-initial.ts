import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/** Organizations, projects, API keys, bots and idempotency records. */
export function initial(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("organizations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("projects")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("organization_id", "text", (c) =>
          c.notNull().references("organizations.id").onDelete("cascade"),
        )
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("avatar_url", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("projects_organization_idx")
        .on("projects")
        .column("organization_id")
        .execute();

      await db.schema
        .createTable("api_keys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("lookup_prefix", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("last_used_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("revoked_at", t.timestamp)
        .execute();
      await db.schema.createIndex("api_keys_lookup_idx").on("api_keys").column("lookup_prefix").execute();
      await db.schema.createIndex("api_keys_project_idx").on("api_keys").column("project_id").execute();

      await db.schema
        .createTable("bots")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("settings", t.json, (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("bots_project_idx")
        .on("bots")
        .columns(["project_id", "created_at"])
        .execute();

      await db.schema
        .createTable("idempotency_keys")
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("status_code", "integer")
        .addColumn("response_body", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("idempotency_keys_pk", ["project_id", "idempotency_key"])
        .execute();
      await db.schema
        .createIndex("idempotency_keys_created_idx")
        .on("idempotency_keys")
        .column("created_at")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["idempotency_keys", "bots", "api_keys", "projects", "organizations"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
