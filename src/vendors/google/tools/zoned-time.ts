/**
 * Wall-clock time in IANA time zones with the built-in Intl (no time zone library): offsets,
 * local parts, and local date-times to instants (docs/oauth-tools.md).
 */

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: Monday 1 … Sunday 7. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone (an IANA name such as Europe/Moscow, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant. */
export function localParts(instantMs: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return {
    year,
    month,
    day,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    weekday: weekday === 0 ? 7 : weekday,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (+03:00 → 10 800 000). */
export function zoneOffsetMs(instantMs: number, zone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const p = localParts(whole, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

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
