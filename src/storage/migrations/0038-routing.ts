import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Routing (docs/routing.md): each member's availability, capacity and last activity in a
 * project; teams and their members; the team a thread is queued to (its name kept on the
 * thread, as the assignee's is); the project's routing settings; and the round-robin cursors,
 * one per project (scope '') and per team, whose project row is also the lock that serialises
 * auto-assignments of a project.
 */
export function routing(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("project_members")
        .addColumn("availability", "text", (c) => c.notNull().defaultTo("online"))
        .execute();
      await db.schema
        .alterTable("project_members")
        .addColumn("capacity", "integer", (c) => c.defaultTo(10))
        .execute();
      await db.schema.alterTable("project_members").addColumn("last_seen_at", t.timestamp).execute();

      await db.schema
        .createTable("teams")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("teams_name_unique", ["project_id", "name"])
        .execute();
      await db.schema
        .createTable("team_members")
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("operator_id", "text", (c) => c.notNull().references("operators.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("team_members_pk", ["team_id", "operator_id"])
        .execute();
      await db.schema
        .createIndex("team_members_operator_idx")
        .on("team_members")
        .columns(["project_id", "operator_id"])
        .execute();

      await db.schema.alterTable("threads").addColumn("team_id", "text").execute();
      await db.schema.alterTable("threads").addColumn("team_name", "text").execute();
      await db.schema
        .createIndex("threads_team_idx")
        .on("threads")
        .columns(["project_id", "team_id"])
        .execute();

      await db.schema
        .createTable("routing_settings")
        .addColumn("project_id", "text", (c) => c.primaryKey().references("projects.id").onDelete("cascade"))
        .addColumn("auto_assign", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("offline_after_minutes", "integer", (c) => c.notNull().defaultTo(15))
        .addColumn("handoff_team_id", "text")
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("routing_cursors")
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("last_operator_id", "text")
        .addPrimaryKeyConstraint("routing_cursors_pk", ["project_id", "scope"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("routing_cursors").execute();
      await db.schema.dropTable("routing_settings").execute();
      await db.schema.dropIndex("threads_team_idx").execute();
      await db.schema.alterTable("threads").dropColumn("team_name").execute();
      await db.schema.alterTable("threads").dropColumn("team_id").execute();
      await db.schema.dropTable("team_members").execute();
      await db.schema.dropTable("teams").execute();
      await db.schema.alterTable("project_members").dropColumn("last_seen_at").execute();
      await db.schema.alterTable("project_members").dropColumn("capacity").execute();
      await db.schema.alterTable("project_members").dropColumn("availability").execute();
    },
  };
}
