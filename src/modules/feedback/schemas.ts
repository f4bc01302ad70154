import { z } from "zod";
import {
  COMMENT_MAX,
  CORRECTION_MAX,
  FEEDBACK_RATINGS,
  feedbackObjectSchema,
} from "../../events/message-feedback.js";

/** Feedback on a bot message (docs/quality.md, "Feedback"). */
export const messageFeedbackSchema = feedbackObjectSchema.meta({
  id: "MessageFeedback",
  description: "A rating of a bot message, with a comment and, from operators, a better answer.",
});

export const feedbackListSchema = z
  .object({ data: z.array(messageFeedbackSchema).describe("Oldest first.") })
  .meta({ id: "MessageFeedbackList" });

export const threadFeedbackParamsSchema = z.object({ thread_id: z.string().max(128) });
export const messageFeedbackParamsSchema = z.object({
  thread_id: z.string().max(128),
  message_id: z.string().max(128),
});

/** Trimmed; empty means none. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const rateBodySchema = z.strictObject({
  rating: z.enum(FEEDBACK_RATINGS).describe("👍 `up` or 👎 `down`."),
  comment: optionalText(COMMENT_MAX, "comment").describe(`Why; at most ${COMMENT_MAX} characters.`),
  correction: optionalText(CORRECTION_MAX, "correction").describe(
    `The better answer, kept with the rating; at most ${CORRECTION_MAX} characters.`,
  ),
});
export type RateBody = z.infer<typeof rateBodySchema>;

/** The widget's body: a customer rates and may say why; no correction. */
export const customerRateBodySchema = z.strictObject({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: optionalText(COMMENT_MAX, "comment"),
});
export type CustomerRateBody = z.infer<typeof customerRateBodySchema>;
