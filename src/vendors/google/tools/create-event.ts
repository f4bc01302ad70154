import { z } from "zod";
import { atDateTime } from "../../../tools/human-time.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { asRecord, asString } from "../../shared/json-fields.js";
import { calendarPath, calendarRequest, workingTimeZone } from "./calendar-api.js";
import { calendarIdOf } from "./calendar-settings.js";
import { readTime, timeInput, timeZoneInput } from "./time-input.js";
import { formatInZone } from "./zoned-time.js";

/** How far in the past an event may start (a slot offered a minute ago is still bookable). */
const PAST_TOLERANCE_MS = 5 * 60_000;

export const createEventInput = z.object({
  summary: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(300, "must be at most 300 characters")
    .describe('The event\'s title, e.g. "Demo call with Anna (Acme)".'),
  start: timeInput("When it starts: a date-time; without an offset it is read in time_zone.", {
    dateAllowed: false,
  }),
  end: timeInput("When it ends: a date-time after start; without an offset it is read in time_zone.", {
    dateAllowed: false,
  }),
  description: z
    .string()
    .max(8000, "must be at most 8000 characters")
    .optional()
    .describe("Details for the event: the topic, the user's contact details, what was agreed."),
  attendee_email: z
    .email("must be an email address")
    .max(254, "must be at most 254 characters")
    .optional()
    .describe("The user's email: they are invited and Google emails them the invitation."),
  time_zone: timeZoneInput
    .optional()
    .describe(
      "IANA time zone of start and end when they have no offset, e.g. Europe/Moscow; default the calendar's.",
    ),
});

/**
 * `google_calendar_create_event` (docs/oauth-tools.md): `POST
 * /calendar/v3/calendars/{id}/events` in the integration's `settings.calendar_id`. With an
 * attendee, Google emails the invitation (`sendUpdates=all`); without, nobody is notified.
 */
export const googleCalendarCreateEventTool: IntegrationTool = {
  name: "google_calendar_create_event",
  description:
    "Creates an event in the team's Google Calendar, e.g. a meeting the user agreed to (find a free slot first " +
    "with google_calendar_find_free_slots). With attendee_email the user is invited by email. Returns the event's " +
    "id, link and times.",
  presentation: {
    title: { en: "Book in Google Calendar", ru: "Записать в Google Календарь" },
    summary: {
      en: "Adds an event to your Google Calendar — a visit, a call, a meeting — and can invite the customer by email.",
      ru: "Добавляет событие в Google Календарь — визит, звонок, встречу — и может пригласить клиента по email.",
    },
    ask: (args, language) => {
      const summary = textArg(args, "summary");
      const start = textArg(args, "start");
      const email = textArg(args, "attendee_email");
      const named = summary ? ` ${quote(summary, language, 80)}` : "";
      const when = start ? ` ${atDateTime(start, language)}` : "";
      if (language === "ru")
        return `записать вас${named}${when}${email ? ` и отправить приглашение на ${email}` : ""}`;
      return `book${named}${when} for you${email ? ` and send the invitation to ${email}` : ""}`;
    },
  },
  inputSchema: createEventInput,
  async execute(context, input: z.infer<typeof createEventInput>) {
    const calendarId = calendarIdOf(context.settings);
    const zone = input.time_zone ?? (await workingTimeZone(context, calendarId));
    const start = readTime("start", input.start, zone, "start");
    const end = readTime("end", input.end, zone, "start");
    if (end <= start) throw new ToolRefusal("`end` must be after `start`");
    const now = Date.now();
    if (start < now - PAST_TOLERANCE_MS) {
      throw new ToolRefusal(
        `start is in the past (it is now ${formatInZone(now, zone)}); give a future time`,
      );
    }
    const params = new URLSearchParams({ sendUpdates: input.attendee_email ? "all" : "none" });
    const event = await calendarRequest(context, {
      what: "creating the event",
      method: "POST",
      path: `${calendarPath(calendarId)}/events?${params.toString()}`,
      json: {
        summary: input.summary,
        ...(input.description ? { description: input.description } : {}),
        start: { dateTime: formatInZone(start, zone), timeZone: zone },
        end: { dateTime: formatInZone(end, zone), timeZone: zone },
        ...(input.attendee_email ? { attendees: [{ email: input.attendee_email }] } : {}),
      },
      creates: true,
    });
    const id = asString(event.id);
    if (!id) {
      throw new ToolRefusal(
        "Google Calendar's answer lacked the event's id; check the calendar before trying again.",
      );
    }
    return {
      id,
      url: asString(event.htmlLink) ?? null,
      status: asString(event.status) ?? null,
      summary: asString(event.summary) ?? input.summary,
      start: asString(asRecord(event.start)?.dateTime) ?? formatInZone(start, zone),
      end: asString(asRecord(event.end)?.dateTime) ?? formatInZone(end, zone),
      time_zone: zone,
      invited: input.attendee_email ?? null,
    };
  },
};
