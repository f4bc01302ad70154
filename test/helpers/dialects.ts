import { openStorage, type Storage, type StorageOptions } from "../../src/storage/database.js";
import { openPostgresTestStorage, postgresAvailable } from "./postgres.js";

export type TestDialect = "sqlite" | "postgres";

/** Both dialects, each suite run once per dialect; PostgreSQL is skipped only outside CI. */
export const DIALECTS: TestDialect[] = ["sqlite", "postgres"];

export const postgresReady = await postgresAvailable();

export function shouldSkip(dialect: TestDialect): boolean {
  return dialect === "postgres" && !postgresReady;
}

/**
 * `options`: the busy timeout and clock of transactions. Test storages recognise a query on the
 * root handle inside its transaction exactly (`scopes`), so that every misuse a suite reaches
 * fails it (docs/operations.md, "Database busy and held transactions").
 */
export async function openTestStorage(
  dialect: TestDialect,
  options: Pick<
    StorageOptions,
    "busyTimeoutMs" | "now" | "misuseDetection" | "pgPoolSize" | "sqlitePath"
  > = {},
): Promise<Storage & { pgSchema?: string }> {
  const withScopes = { misuseDetection: "scopes" as const, ...options };
  return dialect === "postgres"
    ? openPostgresTestStorage(withScopes)
    : openStorage({ sqlitePath: ":memory:", ...withScopes, pgPoolSize: undefined });
}
