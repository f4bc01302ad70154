/**
 * A project's business hours as a pure computation (docs/business-hours.md): whether people are
 * in at a moment, and when they next open and close, in the project's IANA time zone through
 * Intl alone (no time zone database of our own). Wall times are the zone's: a week of
 * "09:00–18:00" stays 09:00–18:00 local across daylight saving changes.
 */

import { localParts, zoneOffsetMs } from "../../lib/zoned-time.js";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `from` and `to` are local "HH:MM"; `to` may be "24:00" (the day's end). */
export interface Interval {
  from: string;
  to: string;
}

/** One closed day, or the days `date` to `to` (both included). */
export interface Holiday {
  date: string;
  to?: string | undefined;
  name?: string | undefined;
}

export interface Schedule {
  timezone: string;
  weekly: Readonly<Record<Weekday, readonly Interval[]>>;
  holidays: readonly Holiday[];
}

export interface ScheduleStatus {
  open: boolean;
  /** The next opening after the moment; null when none comes within a year and a week. */
  nextOpenAt: Date | null;
  /** The next closing after the moment; null when none comes within a year and a week. */
  nextCloseAt: Date | null;
}

const DAY_MS = 86_400_000;
/** Look this many days ahead at first; when that finds no answer, a year and a week. */
const SHORT_HORIZON_DAYS = 15;
const LONG_HORIZON_DAYS = 372;

/** Whether Intl knows the zone (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === "" || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes from the day's start of "HH:MM" ("24:00" is 1440). */
export function minutesOf(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/**
 * The instant of a local date (a UTC midnight standing for the calendar day) and minute. A wall
 * time the zone skips (clocks going forward) is moved forward by the gap; one it repeats
 * (clocks going back) is its later occurrence.
 */
function instantOf(dayMs: number, minutes: number, zone: string): number {
  const guess = dayMs + minutes * 60_000;
  const first = zoneOffsetMs(guess, zone);
  const second = zoneOffsetMs(guess - first, zone);
  return guess - (first === second ? first : second);
}

/** "YYYY-MM-DD" of a calendar day (its UTC midnight). */
export function dateKey(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

function weekdayOf(dayMs: number): Weekday {
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(dayMs).getUTCDay() + 6) % 7] as Weekday;
}

function isHoliday(key: string, holidays: readonly Holiday[]): boolean {
  return holidays.some((holiday) => key >= holiday.date && key <= (holiday.to ?? holiday.date));
}

/**
 * The open stretches, as UTC instants, of the local days from the day before `at` for `days`
 * days, touching ones merged (22:00–24:00 then 00:00–02:00 is one stretch). `end`: the end of
 * the days looked at; a stretch reaching it has no known end.
 */
function stretches(
  schedule: Schedule,
  at: number,
  days: number,
): { list: Array<[number, number]>; end: number } {
  const zone = schedule.timezone;
  const today = localParts(at, zone);
  const firstDay = Date.UTC(today.year, today.month - 1, today.day) - DAY_MS;
  const list: Array<[number, number]> = [];
  for (let index = 0; index <= days; index += 1) {
    const dayMs = firstDay + index * DAY_MS;
    if (isHoliday(dateKey(dayMs), schedule.holidays)) continue;
    const intervals = [...(schedule.weekly[weekdayOf(dayMs)] ?? [])].sort(
      (a, b) => minutesOf(a.from) - minutesOf(b.from),
    );
    for (const interval of intervals) {
      const start = instantOf(dayMs, minutesOf(interval.from), zone);
      const end = instantOf(dayMs, minutesOf(interval.to), zone);
      if (end <= start) continue;
      const last = list.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else list.push([start, end]);
    }
  }
  return { list, end: instantOf(firstDay + (days + 1) * DAY_MS, 0, zone) };
}

function statusWithin(schedule: Schedule, at: number, days: number): ScheduleStatus {
  const { list, end } = stretches(schedule, at, days);
  const known = (ms: number) => (ms >= end ? null : new Date(ms));
  const current = list.find(([start, stop]) => start <= at && at < stop);
  const nextStart = list.find(([start]) => start > at);
  if (current) {
    return {
      open: true,
      nextCloseAt: known(current[1]),
      nextOpenAt: nextStart ? new Date(nextStart[0]) : null,
    };
  }
  return {
    open: false,
    nextOpenAt: nextStart ? new Date(nextStart[0]) : null,
    nextCloseAt: nextStart ? known(nextStart[1]) : null,
  };
}

/**
 * Whether the schedule is open at `at`, and its next opening and closing after it (both given
 * either way: open, the close comes first; closed, the opening). Null: none within a year and a
 * week (a fully closed week; open around the clock).
 */
export function scheduleStatus(schedule: Schedule, at: Date): ScheduleStatus {
  const ms = at.getTime();
  const near = statusWithin(schedule, ms, SHORT_HORIZON_DAYS);
  if (near.nextOpenAt && near.nextCloseAt) return near;
  return statusWithin(schedule, ms, LONG_HORIZON_DAYS);
}

/** Whether people are in at `at`. */
export function isOpenAt(schedule: Schedule, at: Date): boolean {
  return scheduleStatus(schedule, at).open;
}

/**
 * An instant as people read it in the zone and language: "Monday, November 30 at 09:00" /
 * "понедельник, 30 ноября в 09:00". An unknown language falls back to English.
 */
export function formatLocalTime(at: Date, zone: string, language: string): string {
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  };
  try {
    return new Intl.DateTimeFormat(language, options).format(at);
  } catch {
    return new Intl.DateTimeFormat("en", options).format(at);
  }
}
