import type { KeyedCounts } from "../../storage/repos/analytics.repo.js";

/** What the reading side keeps of a day: its keyed counts, and the version sum they were read at. */
export interface CachedDay {
  version: number;
  keyed: KeyedCounts;
}

/**
 * The keyed counts of local days already read (tool calls, failures, hand-overs, response-time
 * bins), by the rows they were read from (level and hours), at most `capacity` days, the least
 * recently used going first. An entry is used only while the day's rows sum to the same version
 * (docs/quality.md, "Analytics", "Reading"): any change to a row of the day raises the sum, so a
 * kept day is never stale, and each process keeps its own.
 */
export class DayCache {
  private readonly entries = new Map<string, CachedDay>();

  constructor(private readonly capacity: number) {}

  /** The day's keyed counts if they were read at this version. */
  get(key: string, version: number): KeyedCounts | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.keyed;
  }

  set(key: string, entry: CachedDay): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }
}
