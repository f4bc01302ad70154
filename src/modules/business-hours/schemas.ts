import { z } from "zod";
import { textPerLanguageSchema } from "../../infra/common-schemas.js";
import { isTimeZone, minutesOf, WEEKDAYS, type Weekday } from "./schedule.js";

/** At most this many intervals a day, holidays (days or ranges), and messages. */
export const MAX_INTERVALS_PER_DAY = 12;
export const MAX_HOLIDAYS = 400;
export const MAX_MESSAGE_LENGTH = 2000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const realDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const intervalSchema = z
  .strictObject({
    from: z.string().regex(TIME, "must be a time HH:MM (00:00–23:59)").describe("Opens, local HH:MM."),
    to: z
      .string()
      .regex(END_TIME, "must be a time HH:MM (00:00–23:59, or 24:00 for the day's end)")
      .describe("Closes, local HH:MM; `24:00` is the day's end."),
  })
  .refine((interval) => minutesOf(interval.from) < minutesOf(interval.to), {
    message: "must be later than `from` (an interval past midnight is two: until 24:00, then from 00:00)",
    path: ["to"],
  });

/** A day's intervals: well-formed, and none overlapping another (touching is fine). */
const daySchema = z
  .array(intervalSchema)
  .max(MAX_INTERVALS_PER_DAY)
  .default([])
  .superRefine((intervals, context) => {
    const order = intervals
      .map((interval, index) => ({ index, from: minutesOf(interval.from), to: minutesOf(interval.to) }))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < order.length; i += 1) {
      const previous = order[i - 1];
      const current = order[i];
      if (previous && current && current.from < previous.to) {
        context.addIssue({
          code: "custom",
          message: `overlaps the interval at index ${previous.index}`,
          path: [current.index, "from"],
        });
      }
    }
  })
  .describe("The day's open intervals, local time; none: closed all day.");

const weeklySchema = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema])) as Record<Weekday, typeof daySchema>,
  )
  .describe("Open intervals for each weekday (`mon` … `sun`), in `timezone`.");

const holidaySchema = z
  .strictObject({
    date: z.string().refine(realDate, "must be a date YYYY-MM-DD").describe("The closed day (local)."),
    to: z
      .string()
      .refine(realDate, "must be a date YYYY-MM-DD")
      .optional()
      .describe("The range's last closed day, included; absent: `date` alone."),
    name: z.string().trim().max(200).optional().describe("What it is, for people (`New Year`)."),
  })
  .refine((holiday) => holiday.to === undefined || holiday.to >= holiday.date, {
    message: "must not be before `date`",
    path: ["to"],
  });

const messageSchema = textPerLanguageSchema("message", MAX_MESSAGE_LENGTH)
  .nullable()
  .default(null)
  .describe(
    "What the customer is told when a conversation is handed to people while they are out: " +
      "`default` and, optionally, one text per language (`en`, `ru`, …). `{{next_open}}` becomes the next " +
      "opening in the customer's language and the project's time zone, `{{timezone}}` the zone. Null: none.",
  );

/** The project's business hours as stored and as the API shows them (without `updated_at`). */
export const businessHoursBodySchema = z.strictObject({
  enabled: z.boolean().describe("Off: always open (no out-of-hours message, the prompt says open)."),
  timezone: z
    .string()
    .max(64)
    .refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin")
    .describe("An IANA time zone (`Europe/Berlin`); intervals and holidays are its local time."),
  weekly: weeklySchema,
  holidays: z.array(holidaySchema).max(MAX_HOLIDAYS).default([]).describe("Closed days, local dates."),
  out_of_hours_message: messageSchema,
});

export type BusinessHoursSettings = z.output<typeof businessHoursBodySchema>;

const intervalOut = z.object({ from: z.string(), to: z.string() });

export const businessHoursSchema = z
  .object({
    enabled: z.boolean(),
    timezone: z.string(),
    weekly: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(intervalOut)])) as Record<
        Weekday,
        z.ZodArray<typeof intervalOut>
      >,
    ),
    holidays: z.array(z.object({ date: z.string(), to: z.string().optional(), name: z.string().optional() })),
    out_of_hours_message: z.record(z.string(), z.string()).nullable(),
    updated_at: z.string().nullable().describe("Null: never set (the defaults: off, UTC, closed)."),
  })
  .meta({ id: "BusinessHours", description: "A project's business hours (docs/business-hours.md)." });

export type BusinessHours = z.infer<typeof businessHoursSchema>;

export const businessHoursStatusQuerySchema = z.object({
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("The moment asked about, ISO 8601 (default: now)."),
});

export const businessHoursStatusSchema = z
  .object({
    enabled: z.boolean(),
    open: z.boolean().describe("Whether people are in at `at` (always true while business hours are off)."),
    at: z.string(),
    next_open_at: z
      .string()
      .nullable()
      .describe("The next opening after `at`; null when none within a year (or hours are off)."),
    next_close_at: z
      .string()
      .nullable()
      .describe("The next closing after `at`; null when none within a year (or hours are off)."),
    timezone: z.string(),
  })
  .meta({ id: "BusinessHoursStatus" });

export type BusinessHoursStatus = z.infer<typeof businessHoursStatusSchema>;
