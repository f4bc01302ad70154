import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * A lease on an idempotency record whose request is still running: renewed while it runs,
 * so a record whose process died is free again once the lease has expired.
 */
export function idempotencyLeases(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("idempotency_keys").addColumn("locked_until", t.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("idempotency_keys").dropColumn("locked_until").execute();
    },
  };
}
