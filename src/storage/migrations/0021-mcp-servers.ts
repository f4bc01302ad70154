import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Remote MCP servers of a project (docs/mcp.md): where they are, their sealed credentials, the
 * tools they listed last and how the last connection went. A server goes with its project;
 * its name is unique in the project, since tools are named after it (`mcp:<name>:<tool>`).
 */
export function mcpServers(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mcp_servers")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("transport", "text", (c) => c.notNull())
        .addColumn("auth", "text")
        .addColumn("auth_summary", t.json)
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("timeout_ms", "integer", (c) => c.notNull())
        .addColumn("tools", t.json, (c) => c.notNull())
        .addColumn("tools_refreshed_at", t.timestamp)
        .addColumn("connection_status", "text", (c) => c.notNull())
        .addColumn("connection_error", "text")
        .addColumn("connection_transport", "text")
        .addColumn("connection_checked_at", t.timestamp)
        .addColumn("refresh_started_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("mcp_servers_project_name_idx")
        .on("mcp_servers")
        .columns(["project_id", "name"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("mcp_servers").execute();
    },
  };
}
