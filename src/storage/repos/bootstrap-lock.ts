import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.js";
import type { Database } from "../schema.js";

/** An arbitrary constant shared by every Parley process: the advisory lock of the bootstrap. */
const BOOTSTRAP_LOCK_ID = 727_101;

/**
 * Serialises first-start bootstraps of several processes on one PostgreSQL database. SQLite
 * needs nothing: its write transactions are already exclusive.
 */
export async function lockBootstrap(trx: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`.execute(trx);
}
