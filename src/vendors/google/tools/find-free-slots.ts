import { z } from "zod";
import { atDateTime } from "../../../tools/human-time.js";
import { textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { asArray, asRecord, asString } from "../../shared/json-fields.js";
import { calendarRequest, workingTimeZone } from "./calendar-api.js";
import { calendarIdOf, describeWorkingHours, workingHoursOf } from "./calendar-settings.js";
import { cutSlots, type Interval, subtractBusy, workingWindows } from "./free-slots.js";
import { readTime, timeInput, timeZoneInput } from "./time-input.js";
import { formatInZone } from "./zoned-time.js";

/** At most this many slots are returned; a longer search range than this is refused. */
export const MAX_SLOTS = 10;
export const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

export const findFreeSlotsInput = z.object({
  from: timeInput(
    "Start of the range to search: a date (from the start of that day) or a date-time; without an offset it is read in time_zone.",
    { dateAllowed: true },
  ),
  to: timeInput(
    "End of the range: a date (up to the end of that day) or a date-time; without an offset it is read in time_zone.",
    { dateAllowed: true },
  ),
  duration_minutes: z
    .number()
    .int("must be a whole number of minutes")
    .min(5, "must be between 5 and 480")
    .max(480, "must be between 5 and 480")
    .describe("How long the meeting is, in minutes (5 to 480)."),
  time_zone: timeZoneInput
    .optional()
    .describe(
      "IANA time zone to read from/to in and to show the slots in, e.g. the user's Europe/Moscow; default the calendar's.",
    ),
});

/** The busy intervals of the calendar as freeBusy answered them; a refusal for a calendar Google could not read. */
function busyOf(answer: Record<string, unknown>, calendarId: string): Interval[] {
  const calendars = asRecord(answer.calendars) ?? {};
  const entries = Object.values(calendars);
  const calendar =
    asRecord(calendars[calendarId]) ?? (entries.length === 1 ? asRecord(entries[0]) : undefined);
  if (!calendar) throw new ToolRefusal(`Google Calendar did not answer for the calendar "${calendarId}".`);
  const errors = asArray(calendar.errors).map((item) => asString(asRecord(item)?.reason) ?? "unknown");
  if (errors.length > 0) {
    throw new ToolRefusal(`Google Calendar cannot read the calendar "${calendarId}": ${errors.join(", ")}.`);
  }
  return asArray(calendar.busy)
    .map(asRecord)
    .map((busy) => ({
      start: Date.parse(asString(busy?.start) ?? ""),
      end: Date.parse(asString(busy?.end) ?? ""),
    }))
    .filter((busy) => Number.isFinite(busy.start) && Number.isFinite(busy.end));
}

/**
 * `google_calendar_find_free_slots` (docs/oauth-tools.md): the calendar's busy times from
 * `POST /calendar/v3/freeBusy`, subtracted from the working hours of the integration's settings;
 * answers up to 10 back-to-back slots of the duration, starting on the quarter hour.
 */
export const googleCalendarFindFreeSlotsTool: IntegrationTool = {
  name: "google_calendar_find_free_slots",
  description:
    "Finds free time slots of a given length in the team's Google Calendar within working hours, between two " +
    `dates, to offer the user a meeting time. Returns up to ${MAX_SLOTS} slots (start and end with offsets); ` +
    "narrow the range to see others.",
  presentation: {
    title: { en: "Find free time in Google Calendar", ru: "Найти свободное время в Google Календаре" },
    summary: {
      en: "Looks up free slots in your Google Calendar, so the bot can offer the customer a time.",
      ru: "Ищет свободные окна в Google Календаре, чтобы бот мог предложить клиенту время.",
    },
    ask: (args, language) => {
      const from = textArg(args, "from");
      const to = textArg(args, "to");
      const range = from && to ? ` (${atDateTime(from, language)} — ${atDateTime(to, language)})` : "";
      return language === "ru"
        ? `посмотреть свободное время в нашем календаре${range}`
        : `check our calendar for free time${range}`;
    },
  },
  inputSchema: findFreeSlotsInput,
  async execute(context, input: z.infer<typeof findFreeSlotsInput>) {
    const calendarId = calendarIdOf(context.settings);
    workingHoursOf(context.settings, "UTC"); // settings are checked before any call
    const zone = await workingTimeZone(context, calendarId);
    const hours = workingHoursOf(context.settings, zone);
    const shownIn = input.time_zone ?? zone;
    const now = Date.now();
    const asked = {
      start: readTime("from", input.from, shownIn, "start"),
      end: readTime("to", input.to, shownIn, "end"),
    };
    if (asked.end <= asked.start) throw new ToolRefusal("`to` must be after `from`");
    if (asked.end <= now) {
      throw new ToolRefusal(
        `that range is in the past (it is now ${formatInZone(now, shownIn)}); give a future range`,
      );
    }
    const from = Math.max(asked.start, now);
    if (asked.end - from > MAX_RANGE_DAYS * DAY_MS) {
      throw new ToolRefusal(`the range may span at most ${MAX_RANGE_DAYS} days; give a shorter one`);
    }
    const windows = workingWindows(from, asked.end, hours);
    const base = {
      calendar_id: calendarId,
      time_zone: shownIn,
      duration_minutes: input.duration_minutes,
      working_hours: describeWorkingHours(hours),
    };
    if (windows.length === 0) return { ...base, slots: [], more_available: false };
    const answer = await calendarRequest(context, {
      what: "reading the calendar's busy times",
      method: "POST",
      path: "/calendar/v3/freeBusy",
      json: {
        timeMin: new Date(from).toISOString(),
        timeMax: new Date(asked.end).toISOString(),
        items: [{ id: calendarId }],
      },
    });
    const free = subtractBusy(windows, busyOf(answer, calendarId));
    const { slots, truncated } = cutSlots(free, input.duration_minutes * 60_000, MAX_SLOTS);
    return {
      ...base,
      slots: slots.map((slot) => ({
        start: formatInZone(slot.start, shownIn),
        end: formatInZone(slot.end, shownIn),
      })),
      more_available: truncated,
    };
  },
};
