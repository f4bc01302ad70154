import type { AnalyticsReport } from "./api";

/**
 * The dashboard's logic, apart from its components: date ranges, the chart rows of a report,
 * and how durations, rates and credits read.
 */

export const PRESETS = [7, 30, 90, 365] as const;
export type Preset = (typeof PRESETS)[number];

/** Today (`YYYY-MM-DD`) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function presetRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The browser's time zone, UTC when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every IANA zone the browser knows, the given one always among them. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])].sort((a, b) =>
    a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b),
  );
}

/** The channels to filter by: the vendors of the project's integrations, and `api`. */
export function channelChoices(integrations: ReadonlyArray<{ vendor: string }>): string[] {
  return [...new Set([...integrations.map((i) => i.vendor), "api"])].sort();
}

/** One day as the charts draw it: counts, rates in percent, times in seconds, credits. */
export interface ChartRow {
  date: string;
  label: string;
  resolved: number;
  handedOff: number;
  other: number;
  resolutionRate: number | null;
  handoffRate: number | null;
  botP50: number | null;
  botP90: number | null;
  peopleP50: number | null;
  peopleP90: number | null;
  cost: number;
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export function chartRows(report: AnalyticsReport, language: string): ChartRow[] {
  const label = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
  return report.days.map((day) => ({
    date: day.date,
    label: label.format(new Date(`${day.date}T00:00:00Z`)),
    resolved: day.resolved_conversations,
    handedOff: day.handed_off_conversations,
    other: day.conversations - day.resolved_conversations - day.handed_off_conversations,
    resolutionRate: percent(day.resolution_rate),
    handoffRate: percent(day.handoff_rate),
    botP50: seconds(day.first_response.bot.p50_ms),
    botP90: seconds(day.first_response.bot.p90_ms),
    peopleP50: seconds(day.first_response.people.p50_ms),
    peopleP90: seconds(day.first_response.people.p90_ms),
    cost: day.cost.credits,
  }));
}

/** `850 ms`, `4.2 s`, `12 min`, `3.5 h`, `2 d` (units in the console's language). */
export function formatDuration(ms: number | null, language: string): string {
  if (ms === null) return "—";
  const steps: Array<[number, Intl.NumberFormatOptions["unit"], number]> = [
    [1, "millisecond", 1_000],
    [1_000, "second", 60_000],
    [60_000, "minute", 3_600_000],
    [3_600_000, "hour", 86_400_000],
    [86_400_000, "day", Number.POSITIVE_INFINITY],
  ];
  const [scale, unit] = steps.find(([, , below]) => ms < below) ?? steps[steps.length - 1]!;
  const value = ms / scale;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** A rate (0–1) as `42.5 %`; `—` without one. */
export function formatRate(rate: number | null, language: string): string {
  if (rate === null) return "—";
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(rate);
}

/** Credits with up to three decimals (what a reply costs is often below 0.01). */
export function formatCredits(credits: number | null, language: string): string {
  if (credits === null) return "—";
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(credits);
}

/** Ticks of a logarithmic axis of seconds: round durations from 10 ms to a week. */
const LOG_TICKS = [0.01, 0.1, 1, 10, 60, 600, 3600, 36_000, 86_400, 604_800];

/**
 * The response-time axis for the rows' values (seconds): the round ticks around them, and a
 * domain from the tick below the smallest to the tick above the largest. No values: 0.1–10 s.
 */
export function responseAxis(rows: ChartRow[]): { domain: [number, number]; ticks: number[] } {
  const values = rows
    .flatMap((row) => [row.botP50, row.botP90, row.peopleP50, row.peopleP90])
    .filter((value): value is number => value !== null && value > 0);
  const low = values.length > 0 ? Math.min(...values) : 0.1;
  const high = values.length > 0 ? Math.max(...values) : 10;
  const first = [...LOG_TICKS].reverse().find((tick) => tick <= low) ?? LOG_TICKS[0]!;
  const last = LOG_TICKS.find((tick) => tick >= high) ?? LOG_TICKS[LOG_TICKS.length - 1]!;
  return { domain: [first, last], ticks: LOG_TICKS.filter((tick) => tick >= first && tick <= last) };
}
