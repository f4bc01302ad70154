import type { Dialect } from "./dialect.js";

/**
 * A query on the root handle (`storage.db`, or repositories built over it) was issued inside
 * the work of a transaction of the same storage that is still open
 * (docs/operations.md, "Database busy and held transactions"). On SQLite it would wait forever for the one
 * connection the transaction holds, and every later query with it; on PostgreSQL it takes a
 * second pool connection, which can deadlock on the transaction's row locks or exhaust the pool.
 * It is a bug in the code that issued it: thrown at once, and reported to the storage's misuse
 * listeners (the server logs it as an error with this stack).
 */
export class TransactionMisuseError extends Error {
  constructor(dialect: Dialect) {
    super(
      `A query outside its transaction was issued inside it: the work of an open ${dialect} transaction ` +
        "sent this query to the root handle (storage.db or repositories over it) instead of the transaction's. " +
        (dialect === "sqlite"
          ? "On SQLite it would wait forever for the one connection the transaction holds. "
          : "On PostgreSQL it would take a second connection, which can deadlock on the transaction's locks. ") +
        "Use the transaction's handle: the repos given to repos.transaction's work or the unit of work's " +
        "repos (the stack shows where the query was issued).",
    );
    this.name = "TransactionMisuseError";
  }
}
