import { type MigrationProvider, Migrator, sql } from "kysely";
import type { Storage } from "./database.js";
import { allMigrations } from "./migrations/index.js";

/**
 * On PostgreSQL the migration tables live in the connection's current schema, named
 * explicitly: Kysely otherwise looks for them in every schema of the database and mistakes
 * another application's (or another Parley's) tables for its own.
 */
async function migratorFor(storage: Storage): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(storage.dialect) };
  if (storage.dialect !== "postgres") return new Migrator({ db: storage.db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL has no current schema: check search_path");
  return new Migrator({ db: storage.db, provider, migrationTableSchema: schema });
}

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const { error, results } = await (await migratorFor(storage)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** True when every known migration has been applied (used by /readyz). */
export async function migrationsApplied(storage: Storage): Promise<boolean> {
  const migrations = await (await migratorFor(storage)).getMigrations();
  return migrations.every((m) => m.executedAt !== undefined);
}
