import type { Kysely, Selectable, Updateable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { McpServersTable } from "../schema-mcp.js";
import { isConstraintViolation } from "./chats.repo.js";

export type McpServerRow = Selectable<McpServersTable>;

/** A listing's outcome, as `recordListing` stores it. */
export type McpListingRecord =
  | { ok: true; tools: string; transport: "streamable_http" | "sse"; at: string }
  | { ok: false; error: string; at: string };

/** Remote MCP servers of projects (docs/mcp.md). */
const listOfProject = preparedQuery<{ projectId: string }, McpServerRow>((db, arg) =>
  db
    .selectFrom("mcp_servers")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .orderBy("created_at")
    .orderBy("id"),
);

export class McpServersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the server; false when the project already has a server of that name. A conflict
   * inserts nothing rather than failing, so it never aborts the caller's transaction on
   * PostgreSQL (docs/api.md, "Concurrent creates").
   */
  async insert(row: McpServerRow): Promise<boolean> {
    const result = await this.db
      .insertInto("mcp_servers")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "name"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(id: string): Promise<McpServerRow | undefined> {
    return this.db.selectFrom("mcp_servers").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Oldest first. */
  async listByProject(projectId: string): Promise<McpServerRow[]> {
    return listOfProject.all(this.db, { projectId });
  }

  async countByProject(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom("mcp_servers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Applies the patch; false when a new name is already taken in the project. */
  async update(id: string, patch: Updateable<McpServersTable>): Promise<boolean> {
    try {
      await this.db.updateTable("mcp_servers").set(patch).where("id", "=", id).execute();
      return true;
    } catch (error) {
      if (isConstraintViolation(error, "unique")) return false;
      throw error;
    }
  }

  /**
   * Claims the next listing of a server for the caller: true when no listing was started since
   * `startedBefore` (so at most one process lists a server per interval). Records `now`.
   */
  async claimRefresh(id: string, startedBefore: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("mcp_servers")
      .set({ refresh_started_at: now })
      .where("id", "=", id)
      .where((eb) =>
        eb.or([eb("refresh_started_at", "is", null), eb("refresh_started_at", "<", startedBefore)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Stores a listing's outcome unless the server changed since it was read (`updatedAt`): a
   * success replaces the tools, a failure keeps the last good list and records why.
   */
  async recordListing(id: string, updatedAt: string, record: McpListingRecord): Promise<boolean> {
    const patch: Updateable<McpServersTable> = record.ok
      ? {
          tools: record.tools,
          tools_refreshed_at: record.at,
          connection_status: "connected",
          connection_error: null,
          connection_transport: record.transport,
          connection_checked_at: record.at,
        }
      : { connection_status: "failed", connection_error: record.error, connection_checked_at: record.at };
    const result = await this.db
      .updateTable("mcp_servers")
      .set(patch)
      .where("id", "=", id)
      .where("updated_at", "=", updatedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("mcp_servers").where("id", "=", id).execute();
  }
}
