import { type MigrationProvider, Migrator } from "kysely";
import type { Storage } from "./database.js";
import { allMigrations } from "./migrations/index.js";

function migratorFor(storage: Storage): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(storage.dialect) };
  return new Migrator({ db: storage.db, provider });
}

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const { error, results } = await migratorFor(storage).migrateToLatest();
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
  const migrations = await migratorFor(storage).getMigrations();
  return migrations.every((m) => m.executedAt !== undefined);
}
