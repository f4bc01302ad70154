import type { Clock } from "../../infra/clock.js";
import type { ThreadsRepo } from "../../storage/repos/threads.repo.js";

/**
 * One AI turn at a time per thread. Inside a process, waiters queue on a promise chain; across
 * processes, the thread's lease row decides (polled while another process holds it). The
 * holder renews the lease while it works, so a crashed holder blocks the thread for at most
 * `leaseMs`.
 */
export class ThreadLock {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      threads: () => ThreadsRepo;
      clock: Clock;
      owner: string;
      leaseMs: number;
      /** False when one process owns the database (embedded SQLite): the in-process queue suffices. */
      crossProcess: boolean;
      pollMs?: number;
      maxWaitMs: number;
    },
  ) {}

  async withLock<T>(projectId: string, threadId: string, work: () => Promise<T>): Promise<T> {
    const key = `${projectId}\u0000${threadId}`;
    const previous = this.tails.get(key) ?? Promise.resolve();
    let releaseLocal: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      releaseLocal = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    try {
      await previous;
      if (!this.deps.crossProcess) return await work();
      await this.acquireLease(projectId, threadId);
      const renewal = setInterval(() => {
        const until = new Date(this.deps.clock.now().getTime() + this.deps.leaseMs).toISOString();
        this.deps
          .threads()
          .renewLease(projectId, threadId, this.deps.owner, until)
          .catch(() => {});
      }, this.deps.leaseMs / 3);
      renewal.unref();
      try {
        return await work();
      } finally {
        clearInterval(renewal);
        await this.deps.threads().releaseLease(projectId, threadId, this.deps.owner);
      }
    } finally {
      releaseLocal();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  private async acquireLease(projectId: string, threadId: string): Promise<void> {
    const started = Date.now();
    for (;;) {
      const now = this.deps.clock.now();
      const until = new Date(now.getTime() + this.deps.leaseMs).toISOString();
      if (
        await this.deps.threads().acquireLease(projectId, threadId, this.deps.owner, now.toISOString(), until)
      )
        return;
      if (Date.now() - started > this.deps.maxWaitMs) {
        throw new Error(`thread ${threadId} is busy in another process`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.deps.pollMs ?? 50));
    }
  }
}
