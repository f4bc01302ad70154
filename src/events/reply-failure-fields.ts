import { z } from "zod";

/**
 * What every report of a reply the AI gave up on says (docs/conversations.md, "Failed replies"):
 * the thread's `reply_failure`, the `reply_failed` thread event and the `thread.reply.failed`
 * webhook carry these fields alike.
 */
export const replyFailureFields = {
  message_ids: z.array(z.string()).describe("The user messages left unanswered, oldest first."),
  code: z
    .string()
    .describe(
      "`model_error`, `model_timeout`, `model_unavailable`, `insufficient_credits` or `turn_failed` (docs/conversations.md).",
    ),
  reason: z.string().describe("What went wrong, for a person."),
  attempts: z
    .number()
    .int()
    .min(0)
    .describe("Model calls made before giving up (retries included); 0 for none."),
};
