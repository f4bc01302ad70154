import type { Kysely, Selectable } from "kysely";
import type { Database, IdempotencyKeysTable } from "../schema.js";

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims the key for a request; false when the key is already taken. */
  async claim(row: Omit<IdempotencyRow, "status_code" | "response_body">): Promise<boolean> {
    const result = await this.db
      .insertInto("idempotency_keys")
      .values({ ...row, status_code: null, response_body: null })
      .onConflict((oc) => oc.columns(["project_id", "idempotency_key"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(projectId: string, key: string): Promise<IdempotencyRow | undefined> {
    return this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
  }

  async complete(projectId: string, key: string, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ status_code: statusCode, response_body: body })
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .execute();
  }

  async release(projectId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .execute();
  }

  /** Deletes records created before the cutoff; returns how many. */
  async deleteCreatedBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
