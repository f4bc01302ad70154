import type { Kysely, Selectable } from "kysely";
import type { Database, IdempotencyKeysTable } from "../schema.js";

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims the key for a request; false when the key is already taken. */
  async claim(
    row: Omit<IdempotencyRow, "status_code" | "response_body" | "locked_until"> & { locked_until?: string },
  ): Promise<boolean> {
    const result = await this.db
      .insertInto("idempotency_keys")
      .values({ locked_until: null, ...row, status_code: null, response_body: null })
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

  /**
   * Takes over a record whose request died (its lease expired): compare-and-set on the lease
   * it was seen with, so of two retries racing for it, one wins.
   */
  async takeOver(
    projectId: string,
    key: string,
    seenLockedUntil: string,
    lockedUntil: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("idempotency_keys")
      .set({ locked_until: lockedUntil })
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .where("status_code", "is", null)
      .where("locked_until", "=", seenLockedUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Extends the leases of requests still running (records already completed are left alone). */
  async renew(projectId: string, keys: string[], lockedUntil: string): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable("idempotency_keys")
      .set({ locked_until: lockedUntil })
      .where("project_id", "=", projectId)
      .where("idempotency_key", "in", keys)
      .where("status_code", "is", null)
      .execute();
  }

  async complete(projectId: string, key: string, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ status_code: statusCode, response_body: body, locked_until: null })
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .execute();
  }

  /**
   * Gives up an unfinished record's lease at once (its work failed): a retry of the same request
   * then carries it on with the same `since`, and any other request may take the key.
   */
  async abandon(projectId: string, key: string, at: string): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ locked_until: at })
      .where("project_id", "=", projectId)
      .where("idempotency_key", "=", key)
      .where("status_code", "is", null)
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
