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

/**
 * How a root-handle query is recognised as issued from inside an open transaction's work:
 * - `stacks` (the default): where it could wait on that transaction: when it would have to wait
 *   for a connection a transaction holds (SQLite: the transaction holds the only one; PostgreSQL:
 *   every connection of the pool is in a transaction), by the call's async stack trace. The
 *   work runs under a function named for this storage, found when the query is awaited from the
 *   work, directly or through `await`s, `.then` and Promise.all. Costs nothing while no query
 *   waits. Not seen: a query the work reaches through a promise an async function returned
 *   without awaiting it (SQLite: it then waits the busy timeout and fails with a
 *   DatabaseBusyError, so the database is never wedged), or one that took a free PostgreSQL
 *   connection (it may then wait on the transaction's row locks).
 * - `scopes`: every root-handle query, exactly, by AsyncLocalStorage. On Node 20 it enables
 *   async hooks for every promise of the process, which cost about a quarter more CPU per turn
 *   (measured with npm run bench): the test suites use it, to find every misuse before it ships.
 */
export type MisuseDetection = "stacks" | "scopes";

/** The transaction (or held connection) whose work is running, and the ones around it. */
interface Scope {
  readonly guard: TransactionGuard;
  open: boolean;
  readonly outer: Scope | undefined;
}

/** One for the process: scopes of every storage, told apart by their guard. */
const scopes = new AsyncLocalStorage<Scope>();

/** Frames looked at for the work's marker: the query's own, Kysely's, repositories', services'. */
const STACK_FRAMES = 64;
const callSites = (_error: Error, sites: NodeJS.CallSite[]) => sites;
let guards = 0;

/**
 * A transaction never waits on itself (docs/operations.md, "Database busy and held transactions"). The work of a
 * transaction (or of `db.connection()`) is run by `within`; a query on the root handle of the
 * same storage issued from that work while it runs fails at once with a TransactionMisuseError
 * instead of waiting (forever on SQLite: the transaction holds the one connection). Work it
 * started that is not awaited by it (a timer, a cached promise) is left alone. Nothing is looked
 * at while no transaction is open; see MisuseDetection. Also keeps when each open transaction
 * began (readiness, metrics).
 */
export class TransactionGuard implements TransactionMonitor {
  private readonly began = new Map<DatabaseConnection, number>();
  private readonly listeners = new Set<(error: TransactionMisuseError) => void>();
  /** Works running in `within` now. */
  private running = 0;
  /** The name of the function that runs this storage's transaction work (`stacks`). */
  private readonly marker: string;
  private readonly runMarked: <A, T>(work: (handle: A) => Promise<T>, handle: A) => Promise<T>;

  constructor(
    readonly dialect: Dialect,
    options: {
      /** Monotonic milliseconds (tests pass their own). */
      now?: (() => number) | undefined;
      detection?: MisuseDetection | undefined;
    } = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.detection = options.detection ?? "stacks";
    guards += 1;
    this.marker = `parleyTransactionWork${guards}`;
    // A named async function that awaits the work: its frame is in the async stack of
    // whatever the work awaits (the name is what the stack shows).
    const named = {
      async [this.marker]<A, T>(work: (handle: A) => Promise<T>, handle: A): Promise<T> {
        return await work(handle);
      },
    };
    this.runMarked = named[this.marker]!;
  }

  readonly now: () => number;
  readonly detection: MisuseDetection;

  /** Runs a transaction's (or a held connection's) work, so that its misuse can be recognised. */
  async within<A, T>(work: (handle: A) => Promise<T>, handle: A): Promise<T> {
    this.running += 1;
    try {
      if (this.detection === "stacks") return await this.runMarked(work, handle);
      const scope: Scope = { guard: this, open: true, outer: scopes.getStore() };
      try {
        return await scopes.run(scope, work, handle);
      } finally {
        scope.open = false;
      }
    } finally {
      this.running -= 1;
    }
  }

  /**
   * Throws (and reports) a TransactionMisuseError when a root-handle query comes from the
   * running work of one of this storage's transactions (`wouldWait`: whether it would have to
   * wait for a connection; see MisuseDetection).
   */
  assertOutside(wouldWait: boolean): void {
    if (this.running === 0) return;
    if (this.detection === "stacks" ? !wouldWait || !this.awaitedByWork() : !this.inOpenScope()) return;
    // Frames enough to reach past Kysely's own to the repository and service that issued it.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = STACK_FRAMES;
    const error = new TransactionMisuseError(this.dialect);
    Error.stackTraceLimit = limit;
    for (const listener of this.listeners) listener(error);
    throw error;
  }

  private inOpenScope(): boolean {
    for (let scope = scopes.getStore(); scope !== undefined; scope = scope.outer) {
      if (scope.guard === this && scope.open) return true;
    }
    return false;
  }

  /** Whether the marker is among the frames (synchronous and async) of the current call. */
  private awaitedByWork(): boolean {
    const limit = Error.stackTraceLimit;
    const prepare = Error.prepareStackTrace;
    Error.stackTraceLimit = STACK_FRAMES;
    Error.prepareStackTrace = callSites;
    try {
      const holder: { stack?: unknown } = {};
      Error.captureStackTrace(holder);
      const sites = holder.stack as NodeJS.CallSite[];
      for (const site of sites) if (site.getFunctionName() === this.marker) return true;
      return false;
    } finally {
      Error.stackTraceLimit = limit;
      Error.prepareStackTrace = prepare;
    }
  }

  /** Transactions begun and not yet ended. */
  get openTransactions(): number {
    return this.began.size;
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

/** What the wrapped driver knows of the dialect's connections. */
export type GuardedConnections =
  | { kind: "sqlite"; writer: WriterQueue; busyTimeoutMs: number }
  | {
      kind: "pool";
      size: number;
      /** Whether taking a connection now would wait for one to be released. */
      exhausted(): boolean;
    };

/**
 * The dialect with its driver wrapped: a connection taken for the root handle is checked
 * against the guard (nothing is looked at while no transaction's work runs), transactions are
 * timed, and on SQLite the one connection is taken through the WriterQueue (bounded wait) and
 * SQLite's own SQLITE_BUSY (another process past busy_timeout) becomes a DatabaseBusyError.
 */
export function guardedDialect(
  inner: KyselyDialect,
  guard: TransactionGuard,
  connections: GuardedConnections,
): KyselyDialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new GuardedDriver(inner.createDriver(), guard, connections),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}

class GuardedDriver implements Driver {
  private readonly busyWrapped = new WeakSet<DatabaseConnection>();
  private readonly sqlite: { writer: WriterQueue; busyTimeoutMs: number } | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly guard: TransactionGuard,
    private readonly connections: GuardedConnections,
  ) {
    this.sqlite = connections.kind === "sqlite" ? connections : undefined;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  // Not async: the common case (nothing to wait for) adds no promise of its own to a query.
  acquireConnection(): Promise<DatabaseConnection> {
    const sqlite = this.sqlite;
    const pool = this.connections.kind === "pool" ? this.connections : undefined;
    // Whether it would wait on a transaction: SQLite's writer is held; every pool connection is
    // in a transaction (one held by a plain query comes back by itself).
    this.guard.assertOutside(
      sqlite ? sqlite.writer.held : this.guard.openTransactions >= pool!.size && pool!.exhausted(),
    );
    if (!sqlite) return this.inner.acquireConnection();
    const wait = sqlite.writer.acquire();
    return wait ? wait.then(this.takeSqlite) : this.takeSqlite();
  }

  /** SQLite's one connection once the writer queue has given it (Kysely's mutex is then free). */
  private readonly takeSqlite = async (): Promise<DatabaseConnection> => {
    const sqlite = this.sqlite!;
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      sqlite.writer.release();
      throw error;
    }
    if (!this.busyWrapped.has(connection)) this.wrapBusy(connection, sqlite.busyTimeoutMs);
    return connection;
  };

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely's drivers release synchronously when called; the queue then hands the connection on.
    const released = this.inner.releaseConnection(connection);
    this.sqlite?.writer.release();
    return released;
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
