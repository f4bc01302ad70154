/**
 * Wall-clock time in IANA time zones with the built-in Intl (no time zone library): whether a
 * zone exists, its wall clock at an instant, and its offset from UTC. Shared by the calendar
 * tools (docs/oauth-tools.md) and analytics' days (docs/quality.md, "Analytics").
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
