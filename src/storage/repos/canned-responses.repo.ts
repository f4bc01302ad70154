import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { Database } from "../schema.js";
import type { CannedResponsesTable } from "../schema-canned-responses.js";
import { isConstraintViolation } from "./chats.repo.js";

export type CannedResponseRow = Selectable<CannedResponsesTable>;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern with `escape '\'`. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A project's canned responses (docs/canned-responses.md). Short codes are unique per project. */
export class CannedResponsesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the response; false when the project already has the short code. A conflict
   * inserts nothing rather than failing, so parallel creates of one code never abort a
   * transaction on PostgreSQL (docs/api.md, "Concurrent creates").
   */
  async insert(row: CannedResponseRow): Promise<boolean> {
    const result = await this.db
      .insertInto("canned_responses")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "short_code"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(projectId: string, id: string): Promise<CannedResponseRow | undefined> {
    return this.db
      .selectFrom("canned_responses")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /**
   * A page by short code, after `afterCode`; `search` (already lowercased) must occur in the
   * lowercased code, title or content.
   */
  list(
    projectId: string,
    options: { limit: number; afterCode?: string | undefined; search?: string | undefined },
  ): Promise<CannedResponseRow[]> {
    let query = this.db.selectFrom("canned_responses").selectAll().where("project_id", "=", projectId);
    if (options.afterCode !== undefined) query = query.where("short_code", ">", options.afterCode);
    if (options.search) {
      const pattern = likeContaining(options.search);
      query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
    }
    return query.orderBy("short_code").limit(options.limit).execute();
  }

  /** Applies the patch; false when a new short code is already taken in the project. */
  async update(projectId: string, id: string, patch: Updateable<CannedResponsesTable>): Promise<boolean> {
    try {
      await this.db
        .updateTable("canned_responses")
        .set(patch)
        .where("project_id", "=", projectId)
        .where("id", "=", id)
        .execute();
      return true;
    } catch (error) {
      if (isConstraintViolation(error, "unique")) return false;
      throw error;
    }
  }

  /** False when the project has no such response. */
  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("canned_responses")
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
