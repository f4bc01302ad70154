import { openStorage, type Storage, type StorageOptions } from "../../src/storage/database.js";
import { openPostgresTestStorage, postgresAvailable } from "./postgres.js";

export type TestDialect = "sqlite" | "postgres";

/** Both dialects, each suite run once per dialect; PostgreSQL is skipped only outside CI. */
export const DIALECTS: TestDialect[] = ["sqlite", "postgres"];

export const postgresReady = await postgresAvailable();

export function shouldSkip(dialect: TestDialect): boolean {
  return dialect === "postgres" && !postgresReady;
}

/** `options`: the busy timeout and clock of transactions (the rest is the test's own). */
export async function openTestStorage(
  dialect: TestDialect,
  options: Pick<StorageOptions, "busyTimeoutMs" | "now"> = {},
): Promise<Storage> {
  return dialect === "postgres"
    ? openPostgresTestStorage(options)
    : openStorage({ sqlitePath: ":memory:", ...options });
}
