import { type Kysely, sql } from "kysely";
import type { Storage } from "./database.js";
import { allMigrations } from "./migrations/index.js";

/** Applied migrations, by name. */
export const MIGRATIONS_TABLE = "parley_migrations";
/** An arbitrary constant: the advisory lock that serialises migrating processes on PostgreSQL. */
const MIGRATION_LOCK_ID = 727_100;

/**
 * Parley's own migration runner rather than Kysely's Migrator: Kysely's checks whether its
 * tables exist by introspecting every table of every schema on the server, which is slow on
 * a shared database and fails when another schema is dropped meanwhile. This one reads one
 * table in the current schema, takes an advisory lock on PostgreSQL so concurrent starts
 * apply each migration once, and runs every migration in its own transaction.
 */
async function ensureTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(MIGRATIONS_TABLE)
    .ifNotExists()
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("applied_at", "text", (c) => c.notNull())
    .execute();
}

async function appliedNames(db: Kysely<unknown>): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATIONS_TABLE)}`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

/** Applies pending migrations in name order; returns the names applied. Throws naming the one that failed. */
export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const migrations = Object.entries(allMigrations(storage.dialect)).sort(([a], [b]) => a.localeCompare(b));
  return storage.db.connection().execute(async (connection) => {
    const db = connection as unknown as Kysely<unknown>;
    const postgres = storage.dialect === "postgres";
    if (postgres) await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(db);
    try {
      await ensureTable(db);
      const applied = await appliedNames(db);
      const done: string[] = [];
      for (const [name, migration] of migrations) {
        if (applied.has(name)) continue;
        try {
          await db.transaction().execute(async (trx) => {
            await migration.up(trx);
            await sql`insert into ${sql.table(MIGRATIONS_TABLE)} (name, applied_at) values (${name}, ${new Date().toISOString()})`.execute(
              trx,
            );
          });
        } catch (error) {
          throw new Error(
            `Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
            {
              cause: error,
            },
          );
        }
        done.push(name);
      }
      return done;
    } finally {
      if (postgres) await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(db);
    }
  });
}

/** True when every known migration has been applied (used by /readyz). */
export async function migrationsApplied(storage: Storage): Promise<boolean> {
  const known = Object.keys(allMigrations(storage.dialect));
  try {
    const applied = await appliedNames(storage.db as unknown as Kysely<unknown>);
    return known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
