import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";
import { messageFileSchema } from "../outbound-files/index.js";

const scheduledMessage = z.object({
  projectId: z.string(),
  threadId: z.string(),
  text: z.string(),
  /** The signed-in operator who scheduled it (operator messages only). */
  operator: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Buttons under an operator's message (docs/channels.md, "Buttons"), validated when it was scheduled. */
  buttons: z.array(z.object({ label: z.string(), url: z.string().optional() })).optional(),
  /** Files an operator's message sends (docs/channels.md, "Files"), checked when it was scheduled. */
  files: z.array(messageFileSchema).optional(),
});

/** An operator's message sent with a future scheduledAt: delivered only while still `manual`. */
export const operatorMessageJob = defineJob("thread.operator_message", scheduledMessage);

/** A message the AI scheduled (schedule_message): delivered only while the thread is `auto`. */
export const botMessageJob = defineJob("thread.bot_message", scheduledMessage);

/**
 * A snooze with a time runs out (docs/conversations.md, "Status"): the thread is reopened only
 * if it is still snoozed until this very time; a re-snooze or a reopen meanwhile leaves it be.
 */
export const snoozeWakeJob = defineJob(
  "thread.snooze_wake",
  z.object({ projectId: z.string(), threadId: z.string(), snoozedUntil: z.string() }),
);
