import type { Clock } from "../../infra/clock.js";
import { type ErrorDetail, validationFailed } from "../../infra/errors.js";
import {
  type DailyCounterRow,
  type DailyHourlyRow,
  HOURLY_COUNTS,
  type HourlyCounts,
} from "../../storage/repos/analytics.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { toCredits } from "../billing/index.js";
import { type Percentiles, percentilesOf } from "./response-time-bins.js";
import {
  type AnalyticsDay,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsTotals,
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS,
} from "./schemas.js";
import { dateOfDay, dayNumber, isTimeZone, offsetSegments, today } from "./zoned-days.js";

/** One day's sums (or the range's): the hourly columns and the response-time bins. */
interface Sums {
  counts: HourlyCounts;
  frtBot: Map<number, number>;
  frtPeople: Map<number, number>;
}

/**
 * The analytics API's reading side (docs/quality.md, "Analytics"): a range of local days of a
 * time zone, read from the rollups in two grouped queries (hourly rows, keyed counts), summed
 * by day and over the range.
 */
export class AnalyticsService {
  constructor(private readonly deps: { repos: Repos; clock: Clock }) {}

  async report(projectId: string, query: AnalyticsQuery): Promise<AnalyticsReport> {
    const { fromDay, toDay, zone } = this.rangeOf(query);
    const rollups = {
      projectId,
      segments: offsetSegments(zone, fromDay, toDay),
      botId: query.bot_id,
      channel: query.channel,
    };
    const [hourly, counters] = await Promise.all([
      this.deps.repos.analytics.dailyTotals(rollups),
      this.deps.repos.analytics.dailyCounters(rollups),
    ]);
    const days = new Map<number, Sums>();
    for (let day = fromDay; day <= toDay; day++) days.set(day, emptySums());
    // A day outside the range can only come from an hour at a clock change: it joins the nearest end.
    const sumsOf = (day: number) => days.get(Math.min(toDay, Math.max(fromDay, day)))!;
    for (const row of hourly) addHourly(sumsOf(row.day), row);
    const named = {
      handoff: new Map<string, number>(),
      failure: new Map<string, number>(),
      tool: new Map<string, number>(),
    };
    for (const row of counters) addCounter(sumsOf(row.day), named, row);

    const total = emptySums();
    for (const sums of days.values()) mergeInto(total, sums);
    const totals: AnalyticsTotals = {
      ...countsOf(total),
      handoff_reasons: ranked(named.handoff).map(([reason, count]) => ({
        reason: reason as AnalyticsTotals["handoff_reasons"][number]["reason"],
        count,
      })),
      failed_replies_by_code: ranked(named.failure).map(([code, count]) => ({ code, count })),
      tool_calls: ranked(named.tool).map(([name, count]) => ({ name, count })),
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

  /** The range's days, or 422 naming what is wrong: an unknown zone, `from` after `to`, too long. */
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
    if (fromDay > toDay) {
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

function emptySums(): Sums {
  return {
    counts: Object.fromEntries(HOURLY_COUNTS.map((column) => [column, 0])) as HourlyCounts,
    frtBot: new Map(),
    frtPeople: new Map(),
  };
}

function addHourly(sums: Sums, row: DailyHourlyRow): void {
  for (const column of HOURLY_COUNTS) sums.counts[column] += row[column];
}

function addCounter(
  sums: Sums,
  named: Record<"handoff" | "failure" | "tool", Map<string, number>>,
  row: DailyCounterRow,
): void {
  switch (row.metric) {
    case "frt_bot":
    case "frt_people": {
      const bins = row.metric === "frt_bot" ? sums.frtBot : sums.frtPeople;
      const bin = Number(row.key);
      bins.set(bin, (bins.get(bin) ?? 0) + row.n);
      return;
    }
    case "handoff":
    case "failure":
    case "tool":
      named[row.metric].set(row.key, (named[row.metric].get(row.key) ?? 0) + row.n);
      return;
  }
}

function mergeInto(total: Sums, sums: Sums): void {
  for (const column of HOURLY_COUNTS) total.counts[column] += sums.counts[column];
  for (const [from, into] of [
    [sums.frtBot, total.frtBot],
    [sums.frtPeople, total.frtPeople],
  ] as const) {
    for (const [bin, n] of from) into.set(bin, (into.get(bin) ?? 0) + n);
  }
}

/** Most first, then by name; zero and negative counts left out. */
function ranked(counts: Map<string, number>): Array<[string, number]> {
  return [...counts.entries()].filter(([, n]) => n > 0).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

const ratio = (part: number, whole: number, digits = 4): number | null =>
  whole > 0 ? round(part / whole, digits) : null;

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function countsOf({ counts: c, frtBot, frtPeople }: Sums): Omit<AnalyticsDay, "date"> {
  const credits = toCredits(c.cost);
  const responseTimes = (bins: Map<number, number>): Percentiles => percentilesOf(bins);
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
    first_response: { bot: responseTimes(frtBot), people: responseTimes(frtPeople) },
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
