import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";

/** Namespace of the per-project event locks (bootstrap-lock.ts uses another). */
const PROJECT_EVENT_LOCK_NAMESPACE = 727_102;

/**
 * Takes the project's event lock until the transaction ends (PostgreSQL; SQLite has one writer
 * anyway); taken again by the same transaction it is a no-op. Recording thread events and
 * webhook events both take it, so within a project their order is commit order, and a
 * transaction that records both takes one lock, not two (no two such transactions can wait
 * for each other in opposite orders). Changes to a project's webhook endpoints that must not
 * interleave with recording an event (disabling one) take it first.
 */
export async function lockProjectEvents(trx: Kysely<Database>, projectId: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${PROJECT_EVENT_LOCK_NAMESPACE}, hashtext(${projectId}))`.execute(
    trx,
  );
}
