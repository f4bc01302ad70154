import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * People who run Parley through the console (docs/console.md): accounts of an organization,
 * their role in each project, their sign-in sessions; and who works on a thread.
 */
export function operators(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("operators")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("organization_id", "text", (c) =>
          c.notNull().references("organizations.id").onDelete("cascade"),
        )
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("operators_email_unique")
        .on("operators")
        .columns(["organization_id", "email"])
        .unique()
        .execute();
      await db.schema.createIndex("operators_email_idx").on("operators").column("email").execute();

      await db.schema
        .createTable("project_members")
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("operator_id", "text", (c) => c.notNull().references("operators.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("last_sign_in_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("project_members_pk", ["project_id", "operator_id"])
        .execute();
      await db.schema
        .createIndex("project_members_operator_idx")
        .on("project_members")
        .column("operator_id")
        .execute();

      await db.schema
        .createTable("operator_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("operator_id", "text", (c) => c.notNull().references("operators.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("expires_at", t.timestamp, (c) => c.notNull())
        .addColumn("revoked_at", t.timestamp)
        .addColumn("user_agent", "text")
        .execute();
      await db.schema
        .createIndex("operator_sessions_operator_idx")
        .on("operator_sessions")
        .column("operator_id")
        .execute();

      await db.schema.alterTable("threads").addColumn("assignee_id", "text").execute();
      await db.schema.alterTable("threads").addColumn("assignee_name", "text").execute();
      await db.schema.alterTable("threads").addColumn("taken_over_by", t.json).execute();
      await db.schema.alterTable("threads").addColumn("taken_over_at", t.timestamp).execute();
      await db.schema
        .createIndex("threads_assignee_idx")
        .on("threads")
        .columns(["project_id", "assignee_id"])
        .execute();
      await db.schema.alterTable("messages").addColumn("operator", t.json).execute();
    },
  };
}
