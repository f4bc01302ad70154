import { ToolRefusal } from "../../../tools/tool-refusal.js";
import { stringSetting } from "../../shared/tool-http.js";
import type { WorkingHours } from "./free-slots.js";
import { isTimeZone } from "./zoned-time.js";

/**
 * The Google integration's `settings` the calendar tools read (docs/oauth-tools.md):
 * - `calendar_id`: the calendar to read and write, default `primary` (the connected account's own);
 * - `time_zone`: the IANA zone of the working hours, default the calendar's own time zone;
 * - `working_hours_start`, `working_hours_end`: `HH:MM`, default `09:00` and `18:00`;
 * - `working_days`: ISO weekdays worked (Monday 1 … Sunday 7), default `[1, 2, 3, 4, 5]`.
 */

const INTEGRATION = "Google";
export const DEFAULT_WORKING_HOURS = { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5] } as const;

export function calendarIdOf(settings: Record<string, unknown>): string {
  return stringSetting(settings, "calendar_id", {
    integration: INTEGRATION,
    expected: 'a calendar id such as "primary" or "team@group.calendar.google.com"',
    pattern: /^[^\s/]{1,255}$/,
    fallback: "primary",
  });
}

/** `settings.time_zone` when set (checked), else undefined: the calendar's own zone is used. */
export function configuredTimeZone(settings: Record<string, unknown>): string | undefined {
  if (settings.time_zone === undefined || settings.time_zone === null || settings.time_zone === "") {
    return undefined;
  }
  const zone = settings.time_zone;
  if (typeof zone !== "string" || !isTimeZone(zone)) {
    throw new ToolRefusal(
      `The ${INTEGRATION} integration's settings.time_zone is not valid: it must be an IANA time zone such as Europe/Moscow; an administrator must fix it.`,
    );
  }
  return zone;
}

function minutesOf(key: string, value: string, allowEndOfDay: boolean): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  const limit = allowEndOfDay ? 24 * 60 : 24 * 60 - 1;
  if (!match || Number(match[2]) > 59 || minutes > limit) {
    throw new ToolRefusal(
      `The ${INTEGRATION} integration's settings.${key} is not valid: it must be a time as HH:MM, e.g. "09:00"; an administrator must fix it.`,
    );
  }
  return minutes;
}

/** The working hours in the zone given, from the settings or the defaults (09:00–18:00, Monday to Friday). */
export function workingHoursOf(settings: Record<string, unknown>, zone: string): WorkingHours {
  const time = (key: string, fallback: string) =>
    stringSetting(settings, key, {
      integration: INTEGRATION,
      expected: 'a time as HH:MM, e.g. "09:00"',
      fallback,
    });
  const startMinute = minutesOf(
    "working_hours_start",
    time("working_hours_start", DEFAULT_WORKING_HOURS.start),
    false,
  );
  const endMinute = minutesOf(
    "working_hours_end",
    time("working_hours_end", DEFAULT_WORKING_HOURS.end),
    true,
  );
  if (endMinute <= startMinute) {
    throw new ToolRefusal(
      `The ${INTEGRATION} integration's settings.working_hours_end must be after settings.working_hours_start; an administrator must fix it.`,
    );
  }
  const days = settings.working_days ?? DEFAULT_WORKING_HOURS.days;
  if (
    !Array.isArray(days) ||
    days.length === 0 ||
    !days.every((day) => Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 7)
  ) {
    throw new ToolRefusal(
      `The ${INTEGRATION} integration's settings.working_days is not valid: it must be a list of weekdays from 1 (Monday) to 7 (Sunday), e.g. [1, 2, 3, 4, 5]; an administrator must fix it.`,
    );
  }
  return { startMinute, endMinute, days: new Set(days as number[]), zone };
}

const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** "09:00–18:00 Mon, Tue, Wed, Thu, Fri (Europe/Moscow)": what the model is told the slots were taken from. */
export function describeWorkingHours(hours: WorkingHours): string {
  const days = [...hours.days].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES[day - 1]);
  return `${hhmm(hours.startMinute)}–${hhmm(hours.endMinute)} ${days.join(", ")} (${hours.zone})`;
}
