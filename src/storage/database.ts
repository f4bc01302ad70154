import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { RecentCache } from "../lib/recent-cache.js";
import { withNamedStatements } from "./pg-named-statements.js";
import type { Database } from "./schema.js";
import { loadSqliteVec } from "./vector-index/sqlite-vec-index.js";

export type { Dialect } from "./dialect.js";

import type { Dialect } from "./dialect.js";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or ":memory:". */
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests isolate themselves in one). */
  pgSchema?: string;
  pgPoolSize?: number;
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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      types: pgTypes(),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const path = options.sqlitePath ?? ":memory:";
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // Vector search for semantic recall; without the extension recall falls back to an exact scan.
  loadSqliteVec(sqlite);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
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
