import { Gauge, type Registry } from "prom-client";

/** How a job counts in `parley_jobs`: pending jobs split by whether they are due yet. */
export type JobGaugeState = "queued" | "scheduled" | "running" | "failed";

/** What the database-wide gauges show, read in a few aggregate queries at scrape time. */
export interface DatabaseSnapshot {
  jobs: Array<{ type: string; state: JobGaugeState; count: number }>;
  /** Age of the oldest pending delivery to an active endpoint; 0 when none is pending. */
  oldestPendingWebhookSeconds: number;
  pendingApprovals: number;
}

export interface ScrapeGaugeDeps {
  /** The database-wide figures; may reject (the gauges are then left out of that scrape). */
  readDatabase(): Promise<DatabaseSnapshot>;
  /** Event streams (thread events, widget events) open in this process. */
  openEventStreams(): number;
  /** Bytes of semantic recall's in-memory vector copies in this process. */
  recallMemoryBytes(): number;
  /** Seconds the longest-open database transaction of this process has been open; 0 when none is. */
  longestTransactionHoldSeconds(): number;
  log: { warn(obj: object, msg: string): void };
  /** How long one database read serves scrapes (default 5 s): scrapers may be many. */
  cacheMs?: number;
  /** A read slower than this counts as failed (default 2 s), so a stuck database cannot hang /metrics. */
  timeoutMs?: number;
}

/**
 * Gauges computed when /metrics is scraped. The database ones cost one read (a few aggregate
 * queries) per `cacheMs`, whatever the number of scrapers; when it fails the gauges are left out
 * of the answer (and `parley_database_gauges_up` is 0) rather than failing /metrics, and the
 * failure is logged once until a read succeeds again.
 */
export function installScrapeGauges(registry: Registry, deps: ScrapeGaugeDeps): void {
  const snapshots = new SnapshotCache(deps);
  const registers = [registry];
  const seenJobSeries = new Set<string>();

  new Gauge({
    name: "parley_jobs",
    help: "Jobs in the database by type and state (queued: due now; scheduled: due later; running; failed: given up, kept 7 days). The same from every process.",
    labelNames: ["type", "state"] as const,
    registers,
    async collect() {
      const snapshot = await snapshots.get();
      this.reset();
      if (!snapshot) return;
      const present = new Set<string>();
      for (const { type, state, count } of snapshot.jobs) {
        present.add(JSON.stringify([type, state]));
        this.set({ type, state }, count);
      }
      // A series seen before reads 0 rather than vanishing when its jobs are gone.
      for (const key of seenJobSeries) {
        if (present.has(key)) continue;
        const [type, state] = JSON.parse(key) as [string, string];
        this.set({ type, state }, 0);
      }
      for (const key of present) seenJobSeries.add(key);
    },
  });

  new Gauge({
    name: "parley_webhook_oldest_pending_delivery_age_seconds",
    help: "Age of the oldest pending webhook delivery to an active endpoint (0 when none). The same from every process.",
    registers,
    async collect() {
      const snapshot = await snapshots.get();
      if (snapshot) this.set(snapshot.oldestPendingWebhookSeconds);
      else omit(this);
    },
  });

  new Gauge({
    name: "parley_approvals_pending",
    help: "Tool calls waiting for a person's approval. The same from every process.",
    registers,
    async collect() {
      const snapshot = await snapshots.get();
      if (snapshot) this.set(snapshot.pendingApprovals);
      else omit(this);
    },
  });

  new Gauge({
    name: "parley_database_gauges_up",
    help: "1 when the database-wide gauges could be read for this scrape, 0 when they were left out.",
    registers,
    async collect() {
      this.set((await snapshots.get()) ? 1 : 0);
    },
  });

  new Gauge({
    name: "parley_event_streams_open",
    help: "Thread and widget event streams open in this process.",
    registers,
    collect() {
      this.set(deps.openEventStreams());
    },
  });

  new Gauge({
    name: "parley_database_transaction_longest_hold_seconds",
    help: "How long the longest-open database transaction of this process has been open (0 when none is); /readyz is not ready past PARLEY_DATABASE_HOLD_LIMIT_MS.",
    registers,
    collect() {
      this.set(deps.longestTransactionHoldSeconds());
    },
  });

  new Gauge({
    name: "parley_recall_memory_bytes",
    help: "Bytes held by this process in in-memory vector copies for semantic recall (SQLite; at most PARLEY_RECALL_MEMORY_MB).",
    registers,
    collect() {
      this.set(deps.recallMemoryBytes());
    },
  });
}

/** A gauge without labels otherwise reports 0; removing its one series leaves it out. */
function omit(gauge: Gauge): void {
  gauge.reset();
  gauge.remove();
}

/** One database read shared by every gauge of a scrape, and by scrapes within `cacheMs`. */
class SnapshotCache {
  private current: { at: number; value: Promise<DatabaseSnapshot | undefined> } | undefined;
  private failing = false;

  constructor(private readonly deps: ScrapeGaugeDeps) {}

  get(): Promise<DatabaseSnapshot | undefined> {
    const now = Date.now();
    if (!this.current || now - this.current.at >= (this.deps.cacheMs ?? 5_000)) {
      this.current = { at: now, value: this.read() };
    }
    return this.current.value;
  }

  private async read(): Promise<DatabaseSnapshot | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = this.deps.timeoutMs ?? 2_000;
    try {
      const snapshot = await Promise.race([
        this.deps.readDatabase(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          timer.unref();
        }),
      ]);
      this.failing = false;
      return snapshot;
    } catch (error) {
      if (!this.failing) this.deps.log.warn({ err: error }, "metrics: database gauges skipped");
      this.failing = true;
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
