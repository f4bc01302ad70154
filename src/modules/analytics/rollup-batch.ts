import {
  HOURLY_COUNTS,
  type HourlyCount,
  type HourlyCounts,
  type RollupKey,
} from "../../storage/repos/analytics.repo.js";
import type { Repos } from "../../storage/repos/index.js";

/** Where a thread's counts go: its bot and channel (the hour is given with each count). */
export interface ThreadBucket {
  bot_id: string;
  channel: string;
}

/** The keyed counts beside the hourly rows (schema-analytics.ts). */
export type CounterMetric = "tool" | "failure" | "handoff" | "frt_bot" | "frt_people";

/**
 * The increments of one change, summed per row before they are written: one upsert per row,
 * in key order, so that concurrent changes lock rows in the same order on PostgreSQL (no
 * deadlock between them) and a change touching a row twice writes it once.
 */
export class RollupBatch {
  private readonly hourly = new Map<string, { key: RollupKey; counts: HourlyCounts }>();
  private readonly counters = new Map<string, { key: RollupKey; metric: string; name: string; n: number }>();

  constructor(private readonly projectId: string) {}

  add(bucket: ThreadBucket, hour: number, counts: Partial<Record<HourlyCount, number>>): void {
    const key = this.keyOf(bucket, hour);
    const id = keyId(key);
    let row = this.hourly.get(id);
    if (!row) {
      row = { key, counts: Object.fromEntries(HOURLY_COUNTS.map((c) => [c, 0])) as HourlyCounts };
      this.hourly.set(id, row);
    }
    for (const [column, n] of Object.entries(counts) as Array<[HourlyCount, number]>) row.counts[column] += n;
  }

  count(bucket: ThreadBucket, hour: number, metric: CounterMetric, name: string, n = 1): void {
    const key = this.keyOf(bucket, hour);
    const id = `${keyId(key)}\u0000${metric}\u0000${name}`;
    const row = this.counters.get(id);
    if (row) row.n += n;
    else this.counters.set(id, { key, metric, name, n });
  }

  get empty(): boolean {
    return this.hourly.size === 0 && this.counters.size === 0;
  }

  /** Writes every row that changed, hourly rows first, each kind in key order. */
  async flush(repos: Repos): Promise<void> {
    for (const id of [...this.hourly.keys()].sort()) {
      const row = this.hourly.get(id)!;
      if (HOURLY_COUNTS.some((column) => row.counts[column] !== 0)) {
        await repos.analytics.addHourly(row.key, row.counts);
      }
    }
    for (const id of [...this.counters.keys()].sort()) {
      const row = this.counters.get(id)!;
      if (row.n !== 0) await repos.analytics.addCounter(row.key, row.metric, row.name, row.n);
    }
  }

  private keyOf(bucket: ThreadBucket, hour: number): RollupKey {
    return { projectId: this.projectId, hour, botId: bucket.bot_id, channel: bucket.channel };
  }
}

/** Sorts by hour first (zero-padded), then bot and channel. */
function keyId(key: RollupKey): string {
  return `${String(key.hour).padStart(12, "0")}\u0000${key.botId}\u0000${key.channel}`;
}
