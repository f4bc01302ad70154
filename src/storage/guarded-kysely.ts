import {
  type ConnectionBuilder,
  type Kysely,
  Kysely as KyselyClass,
  type KyselyConfig,
  type TransactionBuilder,
} from "kysely";
import type { TransactionGuard } from "./transaction-guard.js";

/**
 * The root handle: Kysely whose transactions (and held connections) run their work through the
 * guard, so that a query on this handle from inside them fails at once instead of waiting on
 * them (see TransactionGuard). Handles derived with withPlugin/withSchema are plain Kysely, and
 * controlled transactions (startTransaction) have no work to run: their queries are still timed
 * and bounded, but a misuse inside them is not recognised (Parley's code uses neither).
 */
export class GuardedKysely<DB> extends KyselyClass<DB> {
  readonly #guard: TransactionGuard;

  constructor(config: KyselyConfig, guard: TransactionGuard) {
    super(config);
    this.#guard = guard;
  }

  override transaction(): TransactionBuilder<DB> {
    return guardedTransaction(super.transaction(), this.#guard);
  }

  override connection(): ConnectionBuilder<DB> {
    const builder = super.connection();
    const guard = this.#guard;
    return {
      execute: <T>(work: (db: Kysely<DB>) => Promise<T>) => builder.execute((db) => guard.within(work, db)),
    } as ConnectionBuilder<DB>;
  }
}

function guardedTransaction<DB>(
  builder: TransactionBuilder<DB>,
  guard: TransactionGuard,
): TransactionBuilder<DB> {
  return {
    execute: (work) => builder.execute((trx) => guard.within(work, trx)),
    setAccessMode: (mode) => guardedTransaction(builder.setAccessMode(mode), guard),
    setIsolationLevel: (level) => guardedTransaction(builder.setIsolationLevel(level), guard),
  } as TransactionBuilder<DB>;
}
