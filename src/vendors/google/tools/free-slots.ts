import { localParts, wallTimeToInstant } from "./zoned-time.js";

/**
 * Free slots from a calendar's busy times (docs/oauth-tools.md): the working hours within
 * the asked range, minus the busy intervals, cut into back-to-back slots of the duration.
 */

export interface Interval {
  start: number;
  end: number;
}

export interface WorkingHours {
  /** Minutes after local midnight: 540 is 09:00. */
  startMinute: number;
  /** Minutes after local midnight, after `startMinute`; 1440 is the end of the day. */
  endMinute: number;
  /** ISO weekdays worked: Monday 1 … Sunday 7. */
  days: ReadonlySet<number>;
  /** The zone the hours are in (the business's). */
  zone: string;
}

/** Slot starts are rounded up to this, so slots begin at :00, :15, :30, :45. */
export const SLOT_ALIGNMENT_MS = 15 * 60_000;

/** The working-hours windows of each local day between `from` and `to`, clipped to them. */
export function workingWindows(from: number, to: number, hours: WorkingHours): Interval[] {
  const windows: Interval[] = [];
  const first = localParts(from, hours.zone);
  for (let offset = 0; ; offset++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const at = (minute: number) => {
      const next = new Date(Date.UTC(day.year, day.month - 1, day.day, 0, minute));
      return wallTimeToInstant(
        {
          year: next.getUTCFullYear(),
          month: next.getUTCMonth() + 1,
          day: next.getUTCDate(),
          hour: next.getUTCHours(),
          minute: next.getUTCMinutes(),
        },
        hours.zone,
      );
    };
    const dayStart = at(hours.startMinute);
    if (dayStart >= to) break;
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    if (!hours.days.has(weekday)) continue;
    const start = Math.max(dayStart, from);
    const end = Math.min(at(hours.endMinute), to);
    if (start < end) windows.push({ start, end });
  }
  return windows;
}

/** The parts of the windows no busy interval covers. */
export function subtractBusy(windows: readonly Interval[], busy: readonly Interval[]): Interval[] {
  const sorted = [...busy].filter((b) => b.start < b.end).sort((a, b) => a.start - b.start);
  const free: Interval[] = [];
  for (const window of windows) {
    let cursor = window.start;
    for (const interval of sorted) {
      if (interval.end <= cursor) continue;
      if (interval.start >= window.end) break;
      if (interval.start > cursor) free.push({ start: cursor, end: interval.start });
      cursor = Math.max(cursor, interval.end);
      if (cursor >= window.end) break;
    }
    if (cursor < window.end) free.push({ start: cursor, end: window.end });
  }
  return free;
}

/** Back-to-back slots of the duration in the free intervals, at most `max`; `truncated` when more fit. */
export function cutSlots(
  free: readonly Interval[],
  durationMs: number,
  max: number,
): { slots: Interval[]; truncated: boolean } {
  const slots: Interval[] = [];
  for (const interval of free) {
    let start = Math.ceil(interval.start / SLOT_ALIGNMENT_MS) * SLOT_ALIGNMENT_MS;
    while (start + durationMs <= interval.end) {
      if (slots.length === max) return { slots, truncated: true };
      slots.push({ start, end: start + durationMs });
      start += durationMs;
    }
  }
  return { slots, truncated: false };
}
