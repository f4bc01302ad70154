import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { RecentCache } from "../lib/recent-cache.js";
import { GuardedKysely } from "./guarded-kysely.js";
import { withNamedStatements } from "./pg-named-statements.js";
import type { Database } from "./schema.js";
import {
  guardedDialect,
  type MisuseDetection,
  TransactionGuard,
  type TransactionMonitor,
} from "./transaction-guard.js";
import { loadSqliteVec } from "./vector-index/sqlite-vec-index.js";
import { WriterQueue } from "./writer-queue.js";

export type { Dialect } from "./dialect.js";

import type { Dialect } from "./dialect.js";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Its transactions in progress and misuse reports (transaction-guard.ts); absent on a
   * storage not made by openStorage (tests' and benchmarks' own Kysely instances).
   */
  transactions?: TransactionMonitor;
}

/** Default of `busyTimeoutMs` (PARLEY_DATABASE_BUSY_TIMEOUT_MS). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface StorageOptions {
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or ":memory:". */
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests isolate themselves in one). */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * SQLite: how long a query or transaction waits for the single writer, whether this process's
   * own transactions hold it or another process (busy_timeout), before a DatabaseBusyError
   * (docs/operations.md, "Database busy"). Default 5000.
   */
  busyTimeoutMs?: number;
  /** Monotonic milliseconds for timing transactions (tests pass their own). */
  now?: () => number;
  /** How a query inside its transaction on the root handle is recognised (see MisuseDetection); default `stacks`. */
  misuseDetection?: MisuseDetection;
}

const PG_TIMESTAMPTZ_OID = 1184;
const PG_INT8_OID = 20;

/** Timestamps come back as the same ISO strings SQLite stores; counts as numbers. */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === PG_TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
      if (oid === PG_INT8_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

export function openStorage(options: StorageOptions): Storage {
  if (options.databaseUrl) {
    const poolSize = options.pgPoolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolSize,
      types: pgTypes(),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const guard = new TransactionGuard("postgres", { now: options.now, detection: options.misuseDetection });
    const db = new GuardedKysely<Database>(
      {
        dialect: guardedDialect(new PostgresDialect({ pool: withNamedStatements(pool) }), guard, {
          kind: "pool",
          size: poolSize,
          exhausted: () => pool.idleCount === 0 && pool.totalCount >= poolSize,
        }),
      },
      guard,
    );
    return { db, dialect: "postgres", close: () => db.destroy(), transactions: guard };
  }
  const path = options.sqlitePath ?? ":memory:";
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // Vector search for semantic recall; without the extension recall falls back to an exact scan.
  loadSqliteVec(sqlite);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  sqlite.pragma("synchronous = NORMAL");
  const guard = new TransactionGuard("sqlite", { now: options.now, detection: options.misuseDetection });
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  const db = new GuardedKysely<Database>(
    {
      dialect: guardedDialect(dialect, guard, {
        kind: "sqlite",
        writer: new WriterQueue(busyTimeoutMs),
        busyTimeoutMs,
      }),
    },
    guard,
  );
  return { db, dialect: "sqlite", close: () => db.destroy(), transactions: guard };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of Parley's
 * queries. The same SQL text reuses its prepared statement (least recently used evicted).
 * Safe because the driver runs one statement at a time on this connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new RecentCache<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => sqlite.close(),
    prepare: (text: string) =>
      statements.get(text, (sql) => sqlite.prepare(sql)) as unknown as ReturnType<SqliteDatabase["prepare"]>,
  };
}

/** Round trip used by /readyz. */
export async function ping(storage: Storage): Promise<void> {
  await sql`select 1`.execute(storage.db);
}
