import { openStorage, type Storage } from "../../src/storage/database.js";
import { openPostgresTestStorage, postgresAvailable } from "./postgres.js";

export type TestDialect = "sqlite" | "postgres";

/** Both dialects, each suite run once per dialect; PostgreSQL is skipped only outside CI. */
export const DIALECTS: TestDialect[] = ["sqlite", "postgres"];

export const postgresReady = await postgresAvailable();

export function shouldSkip(dialect: TestDialect): boolean {
  return dialect === "postgres" && !postgresReady;
}

export async function openTestStorage(dialect: TestDialect): Promise<Storage> {
  return dialect === "postgres" ? openPostgresTestStorage() : openStorage({ sqlitePath: ":memory:" });
}
