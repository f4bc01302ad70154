/**
 * Local date-times in IANA time zones for the calendar tools (docs/oauth-tools.md): wall-clock
 * times to instants, instants as ISO with their offset, and the times a model gives.
 */
import { localParts, zoneOffsetMs } from "../../../lib/zoned-time.js";

export { isTimeZone, type LocalParts, localParts, zoneOffsetMs } from "../../../lib/zoned-time.js";

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in the zone names. A repeated time (clocks set back) is its
 * first occurrence; a skipped one (clocks set forward) is shifted forward by the gap, as
 * calendars do (02:30 on a spring-forward night at 02:00 is 03:30).
 */
export function wallTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  zone: string,
): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  // The offsets a day before and after: a DST change in between gives two candidates.
  const earlier = asUtc - zoneOffsetMs(asUtc - DAY_MS, zone);
  const later = asUtc - zoneOffsetMs(asUtc + DAY_MS, zone);
  const names = (instant: number) => zoneOffsetMs(instant, zone) === asUtc - instant;
  const candidates = [earlier, later].filter(names);
  return candidates.length > 0 ? Math.min(...candidates) : earlier;
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, "0");

/** `2026-03-10T09:00:00+03:00`: the instant as the zone's wall clock with its offset. */
export function formatInZone(instantMs: number, zone: string): string {
  const p = localParts(instantMs, zone);
  const offsetMinutes = Math.round(zoneOffsetMs(instantMs, zone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}

/** A date (`2026-03-10`), or a date-time with or without an offset (`2026-03-10T09:00`, `…+03:00`, `…Z`). */
export const DATE_OR_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Reads a time the model gave. A date alone is the start of that day in the zone (`edge:
 * "start"`) or the start of the next day (`edge: "end"`, so "to 2026-03-10" includes that
 * day); a date-time without an offset is the zone's wall clock. Undefined when the text names
 * no real date or time (Feb 30, 25:00).
 */
export function parseTimeInput(text: string, zone: string, edge: "start" | "end"): number | undefined {
  const match = DATE_OR_DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  if (h === undefined) {
    const date = edge === "end" ? new Date(Date.UTC(year, month - 1, day + 1)) : probe;
    return wallTimeToInstant(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: 0,
        minute: 0,
      },
      zone,
    );
  }
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (offset !== undefined) {
    const normalized = /^[+-]\d{4}$/.test(offset) ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset;
    const offsetMatch = /^([+-])(\d{2}):(\d{2})$/.exec(normalized);
    if (offsetMatch && (Number(offsetMatch[2]) > 23 || Number(offsetMatch[3]) > 59)) return undefined;
    const instant = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${pad(second)}${normalized.toUpperCase()}`);
    return Number.isNaN(instant) ? undefined : instant;
  }
  return wallTimeToInstant({ year, month, day, hour, minute, second }, zone);
}

/** Whether the text carries its own offset (then no zone is needed to read it). */
export function hasOffset(text: string): boolean {
  const match = DATE_OR_DATE_TIME.exec(text.trim());
  return match?.[7] !== undefined;
}
