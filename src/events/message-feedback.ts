import { z } from "zod";
import type { MessageFeedback } from "../storage/repos/message-feedback.repo.js";
import type { FeedbackRating } from "../storage/schema-feedback.js";

export const FEEDBACK_RATINGS = ["up", "down"] as const satisfies readonly FeedbackRating[];
export const COMMENT_MAX = 2000;
export const CORRECTION_MAX = 8000;

/**
 * Feedback on a bot message as everything outside Parley sees it (docs/quality.md,
 * "Feedback"): the API (`MessageFeedback`), the `message.feedback` webhook event and the
 * thread event streams. One shape; each place registers it under its own name.
 */
export const feedbackObjectSchema = z.object({
  id: z.string().describe("`fb_…`; the same while the rater's feedback is replaced."),
  message_id: z.string(),
  thread_id: z.string(),
  source: z
    .enum(["customer", "operator"])
    .describe("`customer`: the end user (the widget); `operator`: a person of the project or an API key."),
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string().nullable(),
  correction: z.string().nullable().describe("A better answer an operator wrote; null from customers."),
  operator: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The signed-in operator who rated; null for the customer and for an API key."),
  created_at: z.string().describe("ISO 8601, UTC"),
  updated_at: z.string().describe("When it was last replaced; ISO 8601, UTC"),
});

/** Holds the Zod schema and the repository's row shape together: a drift fails the build. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: Same<z.infer<typeof feedbackObjectSchema>, MessageFeedback> = true;
void shapesAgree;
