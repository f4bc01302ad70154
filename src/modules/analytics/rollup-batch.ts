import {
  HOURLY_COUNTS,
  type HourlyCount,
  type HourlyCounts,
  KEYED_COUNTS,
  type KeyedCount,
  type KeyedCounts,
  type RollupKey,
} from "../../storage/repos/analytics.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { ANALYTICS_ALL } from "../../storage/schema-analytics.js";

/** Where a thread's counts go: its bot and channel (the hour is given with each count). */
export interface ThreadBucket {
  bot_id: string;
  channel: string;
}

/** The keyed counts of an hourly row (schema-analytics.ts). */
export type CounterMetric = KeyedCount;

interface Row {
  key: RollupKey;
  counts: HourlyCounts;
  keyed: KeyedCounts;
}

/**
 * The increments of one change, summed per row before they are written. Each count goes to the
 * row of its bot and channel and to the rows summed over them (its bot on every channel, its
 * channel for every bot, the project): each row once, in key order (a few rows a statement), so
 * that concurrent changes lock rows in the same order on PostgreSQL (no deadlock between them)
 * and a change touching a row twice writes it once.
 */
export class RollupBatch {
  private readonly rows = new Map<string, Row>();

  constructor(private readonly projectId: string) {}

  add(bucket: ThreadBucket, hour: number, counts: Partial<Record<HourlyCount, number>>): void {
    for (const row of this.rowsOf(bucket, hour)) {
      for (const [column, n] of Object.entries(counts) as Array<[HourlyCount, number]>)
        row.counts[column] += n;
    }
  }

  count(bucket: ThreadBucket, hour: number, metric: CounterMetric, name: string, n = 1): void {
    for (const row of this.rowsOf(bucket, hour)) {
      const counts = row.keyed[metric];
      counts[name] = (counts[name] ?? 0) + n;
    }
  }

  get empty(): boolean {
    return this.rows.size === 0;
  }

  /** Writes every row that changed, in key order. */
  async flush(repos: Repos): Promise<void> {
    const changed: Row[] = [];
    for (const id of [...this.rows.keys()].sort()) {
      const row = this.rows.get(id)!;
      for (const metric of KEYED_COUNTS) {
        for (const [name, n] of Object.entries(row.keyed[metric])) {
          if (n === 0) delete row.keyed[metric][name];
        }
      }
      if (
        HOURLY_COUNTS.some((column) => row.counts[column] !== 0) ||
        KEYED_COUNTS.some((metric) => Object.keys(row.keyed[metric]).length > 0)
      ) {
        changed.push(row);
      }
    }
    if (changed.length > 0) await repos.analytics.addHourly(changed);
  }

  /** The four rows a thread's count goes to. */
  private rowsOf(bucket: ThreadBucket, hour: number): Row[] {
    return [
      [bucket.bot_id, bucket.channel],
      [bucket.bot_id, ANALYTICS_ALL],
      [ANALYTICS_ALL, bucket.channel],
      [ANALYTICS_ALL, ANALYTICS_ALL],
    ].map(([botId, channel]) => {
      const key: RollupKey = { projectId: this.projectId, botId: botId!, channel: channel!, hour };
      // Bot, channel, then hour: the primary key's order.
      const id = `${key.botId}\u0000${key.channel}\u0000${String(hour).padStart(12, "0")}`;
      let row = this.rows.get(id);
      if (!row) {
        row = {
          key,
          counts: Object.fromEntries(HOURLY_COUNTS.map((column) => [column, 0])) as HourlyCounts,
          keyed: Object.fromEntries(KEYED_COUNTS.map((metric) => [metric, {}])) as KeyedCounts,
        };
        this.rows.set(id, row);
      }
      return row;
    });
  }
}
