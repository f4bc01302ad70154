import { randomBytes } from "node:crypto";
import pg from "pg";
import { openStorage, type Storage, type StorageOptions } from "../../src/storage/database.js";

/** The PostgreSQL the suite runs against (CI starts it; see .ci/run). */
export const TEST_DATABASE_URL =
  process.env.PARLEY_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let availability: Promise<boolean> | undefined;

/**
 * Whether PostgreSQL answers. Outside CI a missing server skips the PostgreSQL suites with a
 * warning; under CI (CI=true) a missing server is an error, so the suite is never silently skipped.
 */
export function postgresAvailable(): Promise<boolean> {
  availability ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch (error) {
      if (process.env.CI)
        throw new Error(`PostgreSQL is required under CI and is unreachable: ${String(error)}`);
      process.stderr.write(`PostgreSQL unreachable at ${TEST_DATABASE_URL}: skipping PostgreSQL suites\n`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return availability;
}

/** A storage in a fresh schema of its own; closing drops the schema. */
export async function openPostgresTestStorage(
  options: Pick<StorageOptions, "now" | "misuseDetection" | "pgPoolSize"> = {},
): Promise<Storage & { pgSchema: string }> {
  const schema = `parley_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const storage = openStorage({
    databaseUrl: TEST_DATABASE_URL,
    pgSchema: schema,
    pgPoolSize: options.pgPoolSize ?? 4,
    ...(options.now ? { now: options.now } : {}),
    ...(options.misuseDetection ? { misuseDetection: options.misuseDetection } : {}),
  });
  return {
    ...storage,
    // For another process on the same data (a CLI): PGOPTIONS="-c search_path=<schema>".
    pgSchema: schema,
    async close() {
      await storage.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}
