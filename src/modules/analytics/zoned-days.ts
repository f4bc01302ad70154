/**
 * Local days of an IANA time zone as sums of UTC hours (docs/quality.md, "Analytics"), with the
 * built-in Intl: an hour belongs to the local day its start falls in, at the offset the zone has
 * at that start. Zones a whole number of hours from UTC get exact days, DST included; in zones
 * with :30 or :45 offsets (Asia/Kolkata, Asia/Kathmandu) a day runs from the first whole UTC
 * hour that starts in it, so its first and last 30 or 45 minutes lean to the neighbouring day.
 */

import { zoneOffsetMs } from "../../lib/zoned-time.js";
import type { OffsetSegment } from "../../storage/repos/analytics.repo.js";

export const HOUR_MS = 3_600_000;

/** The local day of an hour of the segments. */
export function localDayOf(segments: readonly OffsetSegment[], hour: number): number {
  const segment = segments.find((s) => hour < s.toHour) ?? segments.at(-1);
  return Math.floor((hour * 60 + (segment?.offsetMinutes ?? 0)) / 1440);
}
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export { isTimeZone } from "../../lib/zoned-time.js";

/** How many minutes the zone's wall clock is ahead of UTC at an instant (+03:00 → 180). */
export function offsetMinutesAt(zone: string, instantMs: number): number {
  return Math.round(zoneOffsetMs(instantMs, zone) / MINUTE_MS);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The `YYYY-MM-DD` date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's day number in the zone. */
export function today(zone: string, now: Date): number {
  const at = now.getTime();
  return Math.floor((at + offsetMinutesAt(zone, at) * MINUTE_MS) / DAY_MS);
}

/** The whole UTC hour an instant is in. */
export function hourOf(instantMs: number): number {
  return Math.floor(instantMs / HOUR_MS);
}

/** The first instant of a local day (its midnight, or the first instant after a skipped one). */
function dayStartMs(zone: string, day: number): number {
  const wall = day * DAY_MS;
  let instant = wall;
  for (let i = 0; i < 3; i++) {
    const next = wall - offsetMinutesAt(zone, instant) * MINUTE_MS;
    if (next === instant) break;
    instant = next;
  }
  return instant;
}

/**
 * The UTC hours of local days `fromDay`..`toDay` (inclusive), as stretches of one offset each:
 * from the first hour starting in `fromDay` to the first starting after `toDay`.
 */
export function offsetSegments(zone: string, fromDay: number, toDay: number): OffsetSegment[] {
  const fromHour = Math.ceil(dayStartMs(zone, fromDay) / HOUR_MS);
  const toHour = Math.ceil(dayStartMs(zone, toDay + 1) / HOUR_MS);
  const offsetOf = (hour: number) => offsetMinutesAt(zone, hour * HOUR_MS);
  const segments: OffsetSegment[] = [];
  let start = fromHour;
  let offset = offsetOf(start);
  // Offsets change a few times a year at most: step a day at a time, then find the hour.
  for (let probe = start; probe < toHour; ) {
    const next = Math.min(probe + 24, toHour - 1);
    if (next <= probe) break;
    if (offsetOf(next) === offset) {
      probe = next;
      continue;
    }
    let low = probe;
    let high = next;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetOf(middle) === offset) low = middle;
      else high = middle;
    }
    segments.push({ fromHour: start, toHour: high, offsetMinutes: offset });
    start = high;
    offset = offsetOf(high);
    probe = high;
  }
  segments.push({ fromHour: start, toHour, offsetMinutes: offset });
  return segments;
}
