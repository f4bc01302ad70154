import { DatabaseBusyError } from "./database-busy-error.js";

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * SQLite's one connection, taken by one query or transaction at a time, in arrival order, each
 * waiting at most `timeoutMs` (docs/operations.md, "Database busy"): a waiter not served by
 * then leaves the queue with a DatabaseBusyError. Kysely's own connection mutex cannot be given
 * up once waited on, so this queue stands in front of it and the mutex is never contended.
 * Taking a free queue allocates nothing; a timer exists only while someone waits.
 */
export class WriterQueue {
  private taken = false;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly timeoutMs: number) {}

  /** Whether a query or transaction has the connection now (another would wait). */
  get held(): boolean {
    return this.taken;
  }

  /** Undefined when taken at once; else a promise resolved when taken, rejected when the wait runs out. */
  acquire(): Promise<void> | undefined {
    if (!this.taken) {
      this.taken = true;
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, timer: undefined };
      waiter.timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new DatabaseBusyError(this.timeoutMs, "this process"));
      }, this.timeoutMs);
      this.waiting.push(waiter);
    });
  }

  /** Hands the connection to the next waiter, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.taken = false;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }
}
