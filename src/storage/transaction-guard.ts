import { AsyncLocalStorage } from "node:async_hooks";
import type { DatabaseConnection, Driver, Dialect as KyselyDialect, TransactionSettings } from "kysely";
import { DatabaseBusyError } from "./database-busy-error.js";
import type { Dialect } from "./dialect.js";
import { TransactionMisuseError } from "./transaction-misuse-error.js";
import type { WriterQueue } from "./writer-queue.js";

/** What a storage tells about its transactions in progress (readiness, metrics, logs). */
export interface TransactionMonitor {
  /** How long the longest-open transaction of this storage has been open, in ms; 0 when none is. */
  longestHoldMs(): number;
  /** Called with every TransactionMisuseError as it is thrown; returns the unsubscribe. */
  onMisuse(listener: (error: TransactionMisuseError) => void): () => void;
}

/** The transaction (or held connection) whose work is running, and the ones around it. */
interface Scope {
  readonly guard: TransactionGuard;
  readonly openedAt: number;
  open: boolean;
  readonly outer: Scope | undefined;
}

/** One for the process: scopes of every storage, told apart by their guard. */
const scopes = new AsyncLocalStorage<Scope>();

/**
 * A transaction never waits on itself (docs/operations.md, "Transaction misuse"). The work of a
 * transaction (or of `db.connection()`) runs in an async scope of its own; a query on the root
 * handle of the same storage issued in that scope while the transaction is open fails at once
 * with a TransactionMisuseError instead of waiting (forever on SQLite: the transaction holds the
 * one connection). Work the scope started that outlives the transaction (a timer, a cached
 * promise) is not affected once it has ended. Also keeps when each open transaction began.
 */
export class TransactionGuard implements TransactionMonitor {
  private readonly began = new Map<DatabaseConnection, number>();
  private readonly listeners = new Set<(error: TransactionMisuseError) => void>();

  constructor(
    readonly dialect: Dialect,
    /** Monotonic milliseconds (tests pass their own). */
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs a transaction's (or a held connection's) work in its scope. */
  async within<A, T>(work: (handle: A) => Promise<T>, handle: A): Promise<T> {
    const scope: Scope = { guard: this, openedAt: this.now(), open: true, outer: scopes.getStore() };
    try {
      return await scopes.run(scope, work, handle);
    } finally {
      scope.open = false;
    }
  }

  /** Throws (and reports) a TransactionMisuseError when called in an open scope of this storage. */
  assertOutside(): void {
    for (let scope = scopes.getStore(); scope !== undefined; scope = scope.outer) {
      if (scope.guard !== this || !scope.open) continue;
      const error = new TransactionMisuseError(this.dialect, this.now() - scope.openedAt);
      for (const listener of this.listeners) listener(error);
      throw error;
    }
  }

  transactionBegan(connection: DatabaseConnection): void {
    this.began.set(connection, this.now());
  }

  transactionEnded(connection: DatabaseConnection): void {
    this.began.delete(connection);
  }

  longestHoldMs(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const at of this.began.values()) oldest = Math.min(oldest, at);
    return oldest === Number.POSITIVE_INFINITY ? 0 : Math.max(0, this.now() - oldest);
  }

  onMisuse(listener: (error: TransactionMisuseError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The dialect with its driver wrapped: every connection taken for the root handle is checked
 * against the guard (one AsyncLocalStorage lookup per query), transactions are timed, and on
 * SQLite the one connection is taken through the WriterQueue (bounded wait) and SQLite's own
 * SQLITE_BUSY (another process past busy_timeout) becomes a DatabaseBusyError.
 */
export function guardedDialect(
  inner: KyselyDialect,
  guard: TransactionGuard,
  sqlite?: { writer: WriterQueue; busyTimeoutMs: number },
): KyselyDialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new GuardedDriver(inner.createDriver(), guard, sqlite),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}

class GuardedDriver implements Driver {
  private readonly busyWrapped = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly guard: TransactionGuard,
    private readonly sqlite: { writer: WriterQueue; busyTimeoutMs: number } | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.guard.assertOutside();
    const writer = this.sqlite?.writer;
    if (writer) {
      const wait = writer.acquire();
      if (wait) await wait;
    }
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      writer?.release();
      throw error;
    }
    if (this.sqlite && !this.busyWrapped.has(connection))
      this.wrapBusy(connection, this.sqlite.busyTimeoutMs);
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.sqlite?.writer.release();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    this.guard.transactionBegan(connection);
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (error) {
      this.guard.transactionEnded(connection);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.guard.transactionEnded(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.guard.transactionEnded(connection);
    }
  }

  savepoint(...args: Parameters<NonNullable<Driver["savepoint"]>>): Promise<void> {
    return this.innerMethod("savepoint")(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver["rollbackToSavepoint"]>>): Promise<void> {
    return this.innerMethod("rollbackToSavepoint")(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver["releaseSavepoint"]>>): Promise<void> {
    return this.innerMethod("releaseSavepoint")(...args);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private innerMethod(name: "savepoint" | "rollbackToSavepoint" | "releaseSavepoint") {
    const method = this.inner[name];
    if (!method) throw new Error(`The \`${name}\` method is not supported by this driver`);
    return method.bind(this.inner);
  }

  /**
   * SQLite runs each statement synchronously, so its SQLITE_BUSY is thrown synchronously by
   * executeQuery: one wrapper per connection (SQLite has one), no allocation per query.
   */
  private wrapBusy(connection: DatabaseConnection, busyTimeoutMs: number): void {
    const executeQuery = connection.executeQuery.bind(connection);
    connection.executeQuery = ((query) => {
      try {
        return executeQuery(query);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === "string" && code.startsWith("SQLITE_BUSY"))
          throw new DatabaseBusyError(busyTimeoutMs, "another process", { cause: error });
        throw error;
      }
    }) as DatabaseConnection["executeQuery"];
    this.busyWrapped.add(connection);
  }
}
