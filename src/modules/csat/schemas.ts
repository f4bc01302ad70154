import { z } from "zod";
import { textPerLanguageSchema } from "../../infra/common-schemas.js";

const MAX_QUESTION_LENGTH = 1000;
export const MAX_COMMENT_LENGTH = 2000;

/** The project's survey setting as stored and as POST /v1/csat takes it. */
export const csatSettingsBodySchema = z.strictObject({
  enabled: z.boolean().describe("Ask after each resolution; off (the default): no survey."),
  question: textPerLanguageSchema("question", MAX_QUESTION_LENGTH)
    .nullable()
    .default(null)
    .describe(
      "The question: `default` and, optionally, one per language (`en`, `ru`, …), in the customer's language. " +
        "Null: the built-in question. The survey adds how to answer (the scale) after it.",
    ),
  scale: z
    .enum(["1-5", "emoji"])
    .default("1-5")
    .describe(
      "`1-5`: the customer answers with a number; `emoji`: with 😞 🙁 😐 🙂 😍 (1–5). Both are accepted either way.",
    ),
});

export type CsatSettings = z.output<typeof csatSettingsBodySchema>;

export const csatSettingsSchema = z
  .object({
    enabled: z.boolean(),
    question: z.record(z.string(), z.string()).nullable(),
    scale: z.enum(["1-5", "emoji"]),
    updated_at: z.string().nullable().describe("Null: never set (the defaults: off)."),
  })
  .meta({ id: "CsatSettings", description: "A project's CSAT survey setting (docs/csat.md)." });

export type CsatSettingsView = z.infer<typeof csatSettingsSchema>;

export const ratingBodySchema = z.strictObject({
  rating: z
    .number()
    .int()
    .min(1, "must be 1 to 5")
    .max(5, "must be 1 to 5")
    .describe("1 (bad) to 5 (great)."),
  comment: z
    .string()
    .trim()
    .max(MAX_COMMENT_LENGTH)
    .nullable()
    .optional()
    .describe("What the customer said about it."),
});

export type RatingBody = z.output<typeof ratingBodySchema>;

export const csatRatingSchema = z
  .object({
    id: z.string().describe("`csat_…`"),
    thread_id: z.string(),
    chat_id: z.string(),
    bot_id: z.string(),
    operator_id: z
      .string()
      .nullable()
      .describe("Who is rated: the thread's assignee at resolution; null: the bot alone."),
    operator_name: z.string().nullable(),
    channel: z.string().describe("`api`, `widget`, or the messenger's vendor id."),
    status: z
      .enum(["asked", "answered", "expired"])
      .describe("`asked`: waiting for the answer; `answered`; `expired`: the customer wrote something else."),
    rating: z.number().nullable().describe("1–5; null until answered."),
    comment: z.string().nullable(),
    asked_at: z.string(),
    answered_at: z.string().nullable(),
  })
  .meta({ id: "CsatRating", description: "One CSAT survey of a thread and its answer (docs/csat.md)." });

export type CsatRating = z.infer<typeof csatRatingSchema>;

export const threadRatingSchema = z
  .object({
    rating: csatRatingSchema.nullable().describe("The thread's latest survey; null: never asked or rated."),
  })
  .meta({ id: "ThreadRating" });

export const threadRatingParamsSchema = z.object({ thread_id: z.string().max(128) });

const isoDate = z.iso.datetime({ offset: true });

export const summaryQuerySchema = z.object({
  from: isoDate.optional().describe("Answers from this moment on (ISO 8601, included)."),
  to: isoDate.optional().describe("Answers before this moment (ISO 8601, excluded)."),
  group_by: z
    .enum(["operator", "bot"])
    .default("operator")
    .describe("Group by the rated operator or by the bot."),
});

const distributionSchema = z
  .object({ "1": z.number(), "2": z.number(), "3": z.number(), "4": z.number(), "5": z.number() })
  .describe("How many answers gave each rating.");

const summaryGroupSchema = z.object({
  key: z
    .string()
    .nullable()
    .describe("The operator id (null: conversations no operator was assigned to) or the bot id."),
  name: z.string().nullable().describe("The operator's name when known; null for bots."),
  count: z.number(),
  average: z.number().nullable().describe("Rounded to two decimals; null without answers."),
  distribution: distributionSchema,
});

export const csatSummarySchema = z
  .object({
    group_by: z.enum(["operator", "bot"]),
    count: z.number(),
    average: z.number().nullable(),
    distribution: distributionSchema,
    groups: z.array(summaryGroupSchema).describe("Most answers first."),
  })
  .meta({ id: "CsatSummary", description: 'Answered CSAT surveys in a period (docs/csat.md, "Reports").' });

export type CsatSummary = z.infer<typeof csatSummarySchema>;

export const ratingsQuerySchema = z.object({
  from: isoDate.optional().describe("Answers from this moment on (included)."),
  to: isoDate.optional().describe("Answers before this moment (excluded)."),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(50),
  cursor: z.string().max(200).optional().describe("`next_cursor` of the previous page."),
});

export const ratingsPageSchema = z
  .object({
    data: z.array(csatRatingSchema).describe("Answered surveys, newest answer first."),
    next_cursor: z.string().nullable().describe("Null: the last page."),
  })
  .meta({ id: "CsatRatingsPage" });
