import { formatLocalTime, type Schedule, type ScheduleStatus, scheduleStatus, WEEKDAYS } from "./schedule.js";
import type { BusinessHoursSettings } from "./schemas.js";

/** A project that never set its business hours: off (always open), UTC, no intervals. */
export const DEFAULT_BUSINESS_HOURS: BusinessHoursSettings = {
  enabled: false,
  timezone: "UTC",
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as BusinessHoursSettings["weekly"],
  holidays: [],
  out_of_hours_message: null,
};

/** The stored document, or the defaults (a missing key of an older document: its default). */
export function parseBusinessHours(json: string | undefined): BusinessHoursSettings {
  if (json === undefined) return DEFAULT_BUSINESS_HOURS;
  const stored = JSON.parse(json) as Partial<BusinessHoursSettings>;
  return {
    ...DEFAULT_BUSINESS_HOURS,
    ...stored,
    weekly: { ...DEFAULT_BUSINESS_HOURS.weekly, ...stored.weekly },
  };
}

/** Whether people are in at `at`: with business hours off, always, with no next opening or closing. */
export function businessHoursStatus(settings: BusinessHoursSettings, at: Date): ScheduleStatus {
  if (!settings.enabled) return { open: true, nextOpenAt: null, nextCloseAt: null };
  const schedule: Schedule = settings;
  return scheduleStatus(schedule, at);
}

/**
 * The out-of-hours message for a customer writing in `language`: that language's text, else
 * `default`, with `{{next_open}}` (the next opening, in that language and the project's zone;
 * "" when none is known) and `{{timezone}}` filled. Null: no message configured.
 */
export function outOfHoursText(
  settings: BusinessHoursSettings,
  status: ScheduleStatus,
  language: string,
): string | null {
  const messages = settings.out_of_hours_message;
  if (!messages) return null;
  const template = messages[language] ?? messages.default;
  if (template === undefined) return null;
  const nextOpen = status.nextOpenAt ? formatLocalTime(status.nextOpenAt, settings.timezone, language) : "";
  return fillVariables(template, { next_open: nextOpen, timezone: settings.timezone }).trim();
}

/** `{{name}}` (spaces inside the braces allowed) replaced by its value; unknown names are left. */
export function fillVariables(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
