/**
 * The consumer loop shared by the job worker and the webhook dispatcher: poll the database for
 * due work, claim up to the free slots, run each claimed item, and poll again sooner when asked
 * (`wake`) or when the last poll filled every slot. Claims and runs are tracked so `stop()`
 * returns only once everything started has finished.
 */
export interface ClaimLoopOptions<T> {
  pollIntervalMs: number;
  concurrency: number;
  /** Atomically takes up to `limit` due items (under a lease). */
  claim(limit: number): Promise<T[]>;
  /** Processes one claimed item; a rejection is logged, never thrown. */
  run(item: T): Promise<void>;
  /** Poll again after every run, not only when the last poll filled the slots (ordered work). */
  wakeAfterEachRun?: boolean;
  onPollError(error: unknown): void;
  onRunError(error: unknown, item: T): void;
}

export class ClaimLoop<T> {
  private readonly running = new Set<Promise<void>>();
  private readonly claiming = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private pollAgain = false;
  /** The last poll filled every free slot: more may be due as soon as one finishes. */
  private backlog = false;
  private started = false;
  private stopping = false;

  constructor(private readonly options: ClaimLoopOptions<T>) {}

  /** Starts polling, the first time at once. The timers do not keep the process alive. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Polls soon instead of at the next interval; calls made before that poll coalesce into it. */
  wake(): void {
    if (!this.started) return;
    if (this.polling) this.pollAgain = true;
    else this.schedule(0);
  }

  /** Stops polling and resolves once every claim and run under way has finished. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.claiming.size > 0 || this.running.size > 0) {
      await Promise.allSettled([...this.claiming, ...this.running]);
    }
  }

  /**
   * Runs everything due now, `concurrency` at a time, and resolves with how many ran (start-up
   * and tests), including work that becomes due meanwhile. After stop() it runs nothing.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const runs = await this.claimAndLaunch(this.options.concurrency);
      if (runs.length === 0) break;
      ran += runs.length;
      await Promise.all(runs);
    }
    return ran;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (!this.started) return;
    this.polling = true;
    this.pollAgain = false;
    try {
      const free = this.options.concurrency - this.running.size;
      const runs = free > 0 ? await this.claimAndLaunch(free) : [];
      this.backlog = free <= 0 || runs.length === free;
    } catch (error) {
      this.options.onPollError(error);
    } finally {
      this.polling = false;
    }
    if (this.started) this.schedule(this.pollAgain ? 0 : this.options.pollIntervalMs);
  }

  /** Tracked as a whole, so stop() never misses the moment between a claim and its runs. */
  private claimAndLaunch(limit: number): Promise<Promise<void>[]> {
    const claimed = this.options.claim(limit).then((items) => items.map((item) => this.launch(item)));
    this.claiming.add(claimed);
    return claimed.finally(() => this.claiming.delete(claimed));
  }

  private launch(item: T): Promise<void> {
    const run = this.options
      .run(item)
      .catch((error) => this.options.onRunError(error, item))
      .finally(() => {
        this.running.delete(run);
        if (this.backlog || this.options.wakeAfterEachRun) this.wake();
      });
    this.running.add(run);
    return run;
  }
}
