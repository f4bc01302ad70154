import type { Kysely, Selectable, Updateable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { CustomToolsTable } from "../schema-custom-tools.js";
import { isConstraintViolation } from "./chats.repo.js";

export type CustomToolRow = Selectable<CustomToolsTable>;

/** The project's own HTTP tools (docs/custom-tools.md). Names are unique per project. */
const listOfProject = preparedQuery<{ projectId: string }, CustomToolRow>((db, arg) =>
  db
    .selectFrom("custom_tools")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .orderBy("created_at")
    .orderBy("id"),
);

export class CustomToolsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the tool; false when the project already has a tool of that name. A conflict
   * inserts nothing rather than failing, so it never aborts the caller's transaction on
   * PostgreSQL (docs/api.md, "Concurrent creates").
   */
  async insert(row: CustomToolRow): Promise<boolean> {
    const result = await this.db
      .insertInto("custom_tools")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "name"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findById(id: string): Promise<CustomToolRow | undefined> {
    return this.db.selectFrom("custom_tools").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The project's tools, oldest first. */
  async listByProject(projectId: string): Promise<CustomToolRow[]> {
    return listOfProject.all(this.db, { projectId });
  }

  /** The names of the project's tools, whatever their status. */
  async namesByProject(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("custom_tools")
      .select("name")
      .where("project_id", "=", projectId)
      .orderBy("name")
      .execute();
    return rows.map((row) => row.name);
  }

  /** Applies the patch; false when a new name is already taken in the project. */
  async update(id: string, patch: Updateable<CustomToolsTable>): Promise<boolean> {
    try {
      await this.db.updateTable("custom_tools").set(patch).where("id", "=", id).execute();
      return true;
    } catch (error) {
      if (isConstraintViolation(error, "unique")) return false;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("custom_tools").where("id", "=", id).execute();
  }
}
