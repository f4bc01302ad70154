/**
 * The business hours form's model (docs/business-hours.md): the API's setting as rows the
 * form edits, and back. Messages are rows of language and text, `default` first.
 */
import type { BusinessHours, BusinessHoursInput, Holiday, Interval, Weekday } from "./api";
import { WEEKDAYS } from "./api";

export interface MessageRow {
  language: string;
  text: string;
}

export interface BusinessHoursForm {
  enabled: boolean;
  timezone: string;
  weekly: Record<Weekday, Interval[]>;
  holidays: Holiday[];
  messages: MessageRow[];
}

export function formOf(hours: BusinessHours): BusinessHoursForm {
  const messages = Object.entries(hours.out_of_hours_message ?? {}).map(([language, text]) => ({
    language,
    text,
  }));
  messages.sort((a, b) => (a.language === "default" ? -1 : b.language === "default" ? 1 : 0));
  return {
    enabled: hours.enabled,
    timezone: hours.timezone,
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [...(hours.weekly[day] ?? [])]])) as Record<
      Weekday,
      Interval[]
    >,
    holidays: hours.holidays.map((holiday) => ({ ...holiday })),
    messages: messages.length > 0 ? messages : [{ language: "default", text: "" }],
  };
}

/** The body to save: empty holiday names and ranges dropped, no message when every text is empty. */
export function inputOf(form: BusinessHoursForm): BusinessHoursInput {
  const messages = form.messages.filter((row) => row.text.trim() !== "");
  return {
    enabled: form.enabled,
    timezone: form.timezone,
    weekly: form.weekly,
    holidays: form.holidays.map((holiday) => ({
      date: holiday.date,
      ...(holiday.to ? { to: holiday.to } : {}),
      ...(holiday.name?.trim() ? { name: holiday.name.trim() } : {}),
    })),
    out_of_hours_message:
      messages.length === 0
        ? null
        : Object.fromEntries(messages.map((row) => [row.language.trim(), row.text.trim()])),
  };
}

/** Every IANA zone the browser knows (the server checks again), the current one kept. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(["UTC", ...known]);
  zones.add(current);
  return [...zones];
}
