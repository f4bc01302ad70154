import { tool } from "ai";
import { z } from "zod";
import { atDateTime, inMinutes } from "../../../tools/human-time.js";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { type Language, numberArg, quote, type ToolArgs, textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";

/** How far ahead a message may be scheduled: 30 days. */
export const MAX_SCHEDULE_AHEAD_MINUTES = 30 * 24 * 60;

export const inputSchema = z
  .object({
    text: z
      .string()
      .min(1, "must not be empty")
      .max(4000, "must be at most 4000 characters")
      .describe("The message to send to the user at that time, written as you would write it then."),
    at: z.iso
      .datetime({
        offset: true,
        error: "must be an ISO 8601 date-time with a time zone offset, e.g. 2026-11-21T15:00:00+03:00",
      })
      .optional()
      .describe(
        "When to send it: ISO 8601 with a time zone offset, e.g. 2026-11-21T15:00:00+03:00. Give either this or delay_minutes.",
      ),
    delay_minutes: z
      .number()
      .int("must be a whole number of minutes")
      .min(1, `must be between 1 and ${MAX_SCHEDULE_AHEAD_MINUTES}`)
      .max(MAX_SCHEDULE_AHEAD_MINUTES, `must be between 1 and ${MAX_SCHEDULE_AHEAD_MINUTES}`)
      .optional()
      .describe(
        `When to send it, in minutes from now (1 to ${MAX_SCHEDULE_AHEAD_MINUTES}). Give either this or at.`,
      ),
  })
  .refine((input) => (input.at === undefined) !== (input.delay_minutes === undefined), {
    message: "give exactly one of `at` or `delay_minutes`",
  });

/** "schedule a follow-up message to you in 1 hour: “Did the parcel arrive?”" (and in Russian). */
function askToSchedule(args: ToolArgs, language: Language): string {
  const text = textArg(args, "text");
  const at = textArg(args, "at");
  const delay = numberArg(args, "delay_minutes");
  const when =
    at !== undefined ? atDateTime(at, language) : delay !== undefined ? inMinutes(delay, language) : "";
  const message = text ? `: ${quote(text, language, 200)}` : "";
  return language === "ru"
    ? `запланировать вам сообщение${when ? ` ${when}` : ""}${message}`
    : `schedule a follow-up message to you${when ? ` ${when}` : ""}${message}`;
}

export const scheduleMessageTool: BuiltinTool = {
  name: "schedule_message",
  description:
    "Schedules a follow-up message to the user in this thread, at a given time (ISO 8601 with offset) or after a " +
    "delay in minutes; at most 30 days ahead. The message is sent as the bot's own at that time.",
  presentation: {
    title: { en: "Follow-up message", ru: "Отложенное сообщение" },
    summary: {
      en: "Sends the person a message later — a reminder or a check-in — up to 30 days ahead.",
      ru: "Отправляет собеседнику сообщение позже — напоминание или вопрос — не дальше чем через 30 дней.",
    },
    ask: askToSchedule,
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Schedule a follow-up message to the user in this conversation: a reminder, a check-in, or a promised answer. " +
        "Give the text and either `at` (ISO 8601 with a time zone offset; use get_current_time if you need the date) " +
        "or `delay_minutes`. At most 30 days ahead.",
      inputSchema,
      execute: async ({ text, at, delay_minutes }) => {
        const now = context.clock.now().getTime();
        const when = at !== undefined ? Date.parse(at) : now + (delay_minutes ?? 0) * 60_000;
        if (Number.isNaN(when)) throw new ToolRefusal(`'${at}' is not a valid date-time`);
        if (when <= now) {
          throw new ToolRefusal(
            `${at} is in the past (it is now ${new Date(now).toISOString()}); give a future time`,
          );
        }
        if (when > now + MAX_SCHEDULE_AHEAD_MINUTES * 60_000) {
          throw new ToolRefusal(
            `${at ?? `${delay_minutes} minutes from now`} is more than 30 days ahead (it is now ${new Date(now).toISOString()}); messages can be scheduled at most 30 days ahead`,
          );
        }
        const job = await context.scheduleMessage(text, new Date(when));
        return { scheduled: true as const, id: job.id, scheduled_at: job.scheduledAt };
      },
    }),
};
