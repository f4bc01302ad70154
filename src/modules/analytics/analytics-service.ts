import type { Clock } from "../../infra/clock.js";
import { type ErrorDetail, validationFailed } from "../../infra/errors.js";
import { RecentCache } from "../../lib/recent-cache.js";
import {
  type DailyCounts,
  HOURLY_COUNTS,
  type HourlyCounts,
  KEYED_COUNTS,
  type KeyedCounts,
  type OffsetSegment,
  type RollupLevel,
} from "../../storage/repos/analytics.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { ANALYTICS_ALL } from "../../storage/schema-analytics.js";
import { toCredits } from "../billing/index.js";
import { DayCache } from "./day-cache.js";
import { type Percentiles, percentilesOf } from "./response-time-bins.js";
import {
  type AnalyticsDay,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsTotals,
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS,
} from "./schemas.js";
import { dateOfDay, dayNumber, isTimeZone, localDayOf, offsetSegments, today } from "./zoned-days.js";

/** The first day any zone's hours are all counted on (1970-01-01 starts before hour 0 east of UTC). */
const FIRST_DAY = 1;

/** Days whose keyed counts a process keeps (a year of four levels in two zones is about 3,000). */
const CACHED_DAYS = 20_000;

/** One day's sums (or the range's). */
interface Sums {
  counts: HourlyCounts;
  keyed: KeyedCounts;
}

/**
 * The analytics API's reading side (docs/quality.md, "Analytics", "Reading"): a range of local
 * days of a time zone, from the rows of the project, a bot, a channel, or both. The counts are
 * summed by day in the database; the keyed counts (tool calls, failures, hand-overs,
 * response-time bins) are read hour by hour for the days whose rows changed since this process
 * last read them, and kept per day otherwise.
 */
export class AnalyticsService {
  private readonly days = new DayCache(CACHED_DAYS);
  /** Ranges' offsets and days' hours, by zone and range: the same ranges are asked for again. */
  private readonly layouts = new RecentCache<string, RangeLayout>(256);

  constructor(private readonly deps: { repos: Repos; clock: Clock }) {}

  async report(projectId: string, query: AnalyticsQuery): Promise<AnalyticsReport> {
    const { fromDay, toDay, zone } = this.rangeOf(query);
    const { segments, spans } = this.layouts.get(`${zone}\u0000${fromDay}\u0000${toDay}`, () =>
      layoutOf(zone, fromDay, toDay),
    );
    const level: RollupLevel = {
      projectId,
      botId: query.bot_id ?? ANALYTICS_ALL,
      channel: query.channel ?? ANALYTICS_ALL,
    };
    const clamp = (day: number) => Math.min(toDay, Math.max(fromDay, day));
    const days = new Map<number, Sums>();
    for (let day = fromDay; day <= toDay; day++) days.set(day, emptySums());
    const counted = new Map<number, DailyCounts>();
    for (const row of await this.deps.repos.analytics.dailyCounts(level, segments)) {
      const day = clamp(row.day);
      addCounts(days.get(day)!.counts, row);
      const known = counted.get(day);
      counted.set(day, known ? { ...row, version: known.version + row.version } : row);
    }
    await this.readKeyedCounts(level, counted, spans, days, clamp, segments);

    const total = emptySums();
    for (const sums of days.values()) mergeInto(total, sums);
    const totals: AnalyticsTotals = {
      ...countsOf(total),
      handoff_reasons: ranked(total.keyed.handoffs).map(([reason, count]) => ({
        reason: reason as AnalyticsTotals["handoff_reasons"][number]["reason"],
        count,
      })),
      failed_replies_by_code: ranked(total.keyed.failures).map(([code, count]) => ({ code, count })),
      tool_calls: ranked(total.keyed.tool_calls).map(([name, count]) => ({ name, count })),
    };
    return {
      from: dateOfDay(fromDay),
      to: dateOfDay(toDay),
      time_zone: zone,
      bot_id: query.bot_id ?? null,
      channel: query.channel ?? null,
      totals,
      days: [...days.entries()].map(
        ([day, sums]): AnalyticsDay => ({ date: dateOfDay(day), ...countsOf(sums) }),
      ),
    };
  }

  /**
   * The keyed counts of the days that have rows: kept ones while their version sum holds, the
   * others read, a run of consecutive days at a time, and kept.
   */
  private async readKeyedCounts(
    level: RollupLevel,
    counted: Map<number, DailyCounts>,
    spans: Map<number, { fromHour: number; toHour: number }>,
    days: Map<number, Sums>,
    clamp: (day: number) => number,
    segments: Parameters<typeof localDayOf>[0],
  ): Promise<void> {
    const keyOf = (day: number) => {
      const span = spans.get(day)!;
      return `${level.projectId}\u0000${level.botId}\u0000${level.channel}\u0000${span.fromHour}\u0000${span.toHour}`;
    };
    const missing: number[] = [];
    for (const [day, row] of [...counted.entries()].sort(([a], [b]) => a - b)) {
      // A kept day's counts are shared, never changed: a new version makes a new entry.
      const kept = this.days.get(keyOf(day), row.version);
      if (kept) days.get(day)!.keyed = kept;
      else missing.push(day);
    }
    for (const run of runsOf(missing)) {
      const read = new Map<number, KeyedCounts>(run.map((day) => [day, emptyKeyed()]));
      const from = spans.get(run[0]!)!.fromHour;
      const to = spans.get(run.at(-1)!)!.toHour;
      for (const row of await this.deps.repos.analytics.keyedRows(level, from, to)) {
        const keyed = read.get(clamp(localDayOf(segments, row.hour)));
        if (keyed) addKeyed(keyed, row);
      }
      for (const [day, keyed] of read) {
        days.get(day)!.keyed = keyed;
        this.days.set(keyOf(day), { version: counted.get(day)!.version, keyed });
      }
    }
  }

  /**
   * The range's days, or 422 naming what is wrong: an unknown zone, `from` before 1970-01-02 or
   * after `to`, too long.
   */
  private rangeOf(query: AnalyticsQuery): { fromDay: number; toDay: number; zone: string } {
    const zone = query.time_zone;
    if (!isTimeZone(zone)) {
      throw validationFailed([
        {
          path: "query.time_zone",
          message: `'${zone}' is not an IANA time zone (such as Europe/Moscow or UTC)`,
        },
      ]);
    }
    const toDay = query.to !== undefined ? dayNumber(query.to) : today(zone, this.deps.clock.now());
    const fromDay = query.from !== undefined ? dayNumber(query.from) : toDay - (DEFAULT_RANGE_DAYS - 1);
    const problems: ErrorDetail[] = [];
    // Hours are counted from 1970-01-01 UTC; nothing happened before it.
    if (fromDay < FIRST_DAY) {
      problems.push({ path: "query.from", message: "must be 1970-01-02 or later" });
    } else if (fromDay > toDay) {
      problems.push({ path: "query.from", message: `must not be after 'to' (${dateOfDay(toDay)})` });
    } else if (toDay - fromDay + 1 > MAX_RANGE_DAYS) {
      problems.push({
        path: "query.to",
        message: `the range is ${toDay - fromDay + 1} days; at most ${MAX_RANGE_DAYS} may be asked for at once`,
      });
    }
    if (problems.length > 0) throw validationFailed(problems);
    return { fromDay, toDay, zone };
  }
}

function emptyKeyed(): KeyedCounts {
  return Object.fromEntries(KEYED_COUNTS.map((metric) => [metric, {}])) as KeyedCounts;
}

function emptySums(): Sums {
  return {
    counts: Object.fromEntries(HOURLY_COUNTS.map((column) => [column, 0])) as HourlyCounts,
    keyed: emptyKeyed(),
  };
}

function addCounts(into: HourlyCounts, counts: HourlyCounts): void {
  for (const column of HOURLY_COUNTS) into[column] += counts[column];
}

function addKeyed(into: KeyedCounts, keyed: KeyedCounts): void {
  for (const metric of KEYED_COUNTS) {
    const target = into[metric];
    for (const [name, n] of Object.entries(keyed[metric])) target[name] = (target[name] ?? 0) + n;
  }
}

function mergeInto(total: Sums, sums: Sums): void {
  addCounts(total.counts, sums.counts);
  addKeyed(total.keyed, sums.keyed);
}

interface RangeLayout {
  segments: OffsetSegment[];
  /** Each day's hours [fromHour, toHour). */
  spans: Map<number, { fromHour: number; toHour: number }>;
}

/**
 * The range's offsets, and each day's hours: a day outside the range can only come from an hour
 * at a clock change, and joins the nearest end.
 */
function layoutOf(zone: string, fromDay: number, toDay: number): RangeLayout {
  const segments = offsetSegments(zone, fromDay, toDay);
  const spans = new Map<number, { fromHour: number; toHour: number }>();
  for (let hour = segments[0]!.fromHour; hour < segments.at(-1)!.toHour; hour++) {
    const day = Math.min(toDay, Math.max(fromDay, localDayOf(segments, hour)));
    const span = spans.get(day);
    if (span) span.toHour = hour + 1;
    else spans.set(day, { fromHour: hour, toHour: hour + 1 });
  }
  return { segments, spans };
}

/** Consecutive days together: [3, 4, 5, 9] → [[3, 4, 5], [9]]. */
function runsOf(days: number[]): number[][] {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** Most first, then by name; zero and negative counts left out. */
function ranked(counts: Record<string, number>): Array<[string, number]> {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

const ratio = (part: number, whole: number, digits = 4): number | null =>
  whole > 0 ? round(part / whole, digits) : null;

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Percentiles of kept days' bins, computed once per kept entry. */
const percentilesMemo = new WeakMap<Record<string, number>, Percentiles>();

function responseTimes(bins: Record<string, number>): Percentiles {
  let percentiles = percentilesMemo.get(bins);
  if (!percentiles) {
    percentiles = percentilesOf(new Map(Object.entries(bins).map(([bin, n]) => [Number(bin), n])));
    percentilesMemo.set(bins, percentiles);
  }
  return percentiles;
}

function countsOf({ counts: c, keyed }: Sums): Omit<AnalyticsDay, "date"> {
  const credits = toCredits(c.cost);
  return {
    conversations: c.conversations,
    resolved_conversations: c.resolved,
    handed_off_conversations: c.handed_off,
    resolution_rate: ratio(c.resolved, c.conversations),
    handoff_rate: ratio(c.handed_off, c.conversations),
    messages: c.user_messages + c.bot_messages + c.operator_messages,
    user_messages: c.user_messages,
    bot_messages: c.bot_messages,
    operator_messages: c.operator_messages,
    bot_replies: c.bot_replies,
    failed_replies: c.failed_replies,
    first_response: { bot: responseTimes(keyed.frt_bot), people: responseTimes(keyed.frt_people) },
    feedback: {
      up: c.feedback_up,
      down: c.feedback_down,
      score: ratio(c.feedback_up, c.feedback_up + c.feedback_down),
    },
    cost: {
      credits,
      per_conversation: ratio(credits, c.conversations, 3),
      per_resolved_conversation: ratio(credits, c.resolved, 3),
    },
  };
}
