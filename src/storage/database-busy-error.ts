/**
 * SQLite's single writer stayed taken longer than the busy timeout
 * (`PARLEY_DATABASE_BUSY_TIMEOUT_MS`, docs/operations.md, "Database busy"): held by a
 * transaction of this process (the one connection), or locked by another process (SQLite's
 * `busy_timeout`, whose SQLITE_BUSY becomes this error). Requests answer 503 `database_busy`
 * with Retry-After; jobs are retried as after any failure.
 */
export class DatabaseBusyError extends Error {
  /** Seconds after which a retry is worth it: the Retry-After of the 503. */
  readonly retryAfterSeconds: number;

  constructor(
    readonly waitedMs: number,
    readonly holder: "this process" | "another process",
    options?: { cause?: unknown },
  ) {
    super(
      `The database is busy: SQLite's single writer, held by ${holder}, was not free within ${waitedMs} ms ` +
        "(docs/operations.md, 'Database busy').",
      options,
    );
    this.name = "DatabaseBusyError";
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitedMs / 1000));
  }
}
