import { z } from "zod";

/** Longest range one request may ask for, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;
/** Days shown when `from` and `to` are left out: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export const analyticsQuerySchema = z.object({
  from: z.iso
    .date({ message: "must be a date, YYYY-MM-DD" })
    .optional()
    .describe("First day, in `time_zone`, 1970-01-02 or later (default: 29 days before `to`)."),
  to: z.iso
    .date({ message: "must be a date, YYYY-MM-DD" })
    .optional()
    .describe(
      `Last day, included (default: today in \`time_zone\`). At most ${MAX_RANGE_DAYS} days from \`from\`.`,
    ),
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .default("UTC")
    .describe(
      "An IANA time zone (`Europe/Moscow`): days run from its midnight. Zones at :30 or :45 from UTC " +
        'are counted by whole UTC hours (docs/quality.md, "Analytics").',
    ),
  bot_id: z.string().min(1).max(128).optional().describe("Only this bot's threads."),
  channel: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Only threads of this channel: an integration vendor (`telegram`, `parley`, …) or `api`."),
});

export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const rate = z.number().nullable();

const responseTimesSchema = z
  .object({
    count: z.number().int().describe("Responses measured."),
    p50_ms: z.number().nullable().describe("Median, estimated from a histogram (within about 9 %)."),
    p90_ms: z.number().nullable().describe("90th percentile, estimated the same way."),
  })
  .meta({ id: "AnalyticsResponseTimes" });

const countsShape = {
  conversations: z.number().int().describe("Threads started."),
  resolved_conversations: z
    .number()
    .int()
    .describe("Of the threads started, those the AI replied to that were never handed to a person."),
  handed_off_conversations: z
    .number()
    .int()
    .describe("Of the threads started, those handed to a person (mode `auto` to `manual` or `operator`)."),
  resolution_rate: rate.describe("resolved_conversations / conversations; null without conversations."),
  handoff_rate: rate.describe("handed_off_conversations / conversations; null without conversations."),
  messages: z
    .number()
    .int()
    .describe(
      "Messages people see: the users', the AI's with text and the operators' (not tool results, nor AI messages that only call tools).",
    ),
  user_messages: z.number().int(),
  bot_messages: z.number().int(),
  operator_messages: z.number().int(),
  bot_replies: z.number().int().describe("AI replies: one per answered turn."),
  failed_replies: z.number().int().describe("Replies the AI gave up on (`thread.reply.failed`)."),
  first_response: z
    .object({
      bot: responseTimesSchema.describe("From a user message that found no reply waiting to the AI's reply."),
      people: responseTimesSchema.describe(
        "In threads handed to a person: from a user message waiting for one to an operator's message.",
      ),
    })
    .describe('First response times (docs/quality.md, "Analytics").'),
  feedback: z
    .object({
      up: z.number().int(),
      down: z.number().int(),
      score: rate.describe("up / (up + down); null without ratings."),
    })
    .describe("Ratings of messages, counted on the day they were first given."),
  cost: z
    .object({
      credits: z.number().describe("What billing charged for the replies."),
      per_conversation: rate.describe("credits / conversations."),
      per_resolved_conversation: rate.describe("credits / resolved_conversations."),
    })
    .describe("Credits, up to three decimals."),
};

export const analyticsDaySchema = z
  .object({ date: z.string().describe("YYYY-MM-DD, in `time_zone`."), ...countsShape })
  .meta({ id: "AnalyticsDay" });

export const analyticsTotalsSchema = z
  .object({
    ...countsShape,
    handoff_reasons: z
      .array(
        z.object({
          reason: z
            .enum(["tool", "reply_failure", "operator", "api", "unknown"])
            .describe(
              "`tool`: the AI's handoff_to_operator; `reply_failure`: a failed reply handed the thread over; " +
                "`operator`: a person in the console; `api`: an API key; `unknown`: before analytics or not recorded.",
            ),
          count: z.number().int(),
        }),
      )
      .describe("Hand-overs of the threads started, by reason; most first."),
    failed_replies_by_code: z
      .array(z.object({ code: z.string(), count: z.number().int() }))
      .describe("Failed replies by their code; most first."),
    tool_calls: z
      .array(z.object({ name: z.string(), count: z.number().int() }))
      .describe("Tool calls of AI messages, by the tool's name as the model called it; most first."),
  })
  .meta({ id: "AnalyticsTotals" });

export const analyticsReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    bot_id: z.string().nullable(),
    channel: z.string().nullable(),
    totals: analyticsTotalsSchema,
    days: z.array(analyticsDaySchema).describe("Every day of the range, in order, empty days included."),
  })
  .meta({ id: "AnalyticsReport" });

export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;
