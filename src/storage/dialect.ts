import { type Kysely, PostgresAdapter } from "kysely";

export type Dialect = "sqlite" | "postgres";

/**
 * The dialect behind a Kysely handle (the root instance or a transaction). The one place that
 * reads it from Kysely's executor, which Kysely marks internal: repositories in a transaction
 * do not carry the Storage they came from.
 */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
