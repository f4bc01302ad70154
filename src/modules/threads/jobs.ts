import { z } from "zod";
import { defineJob } from "../../jobs/job-definition.js";

const scheduledMessage = z.object({ projectId: z.string(), threadId: z.string(), text: z.string() });

/** An operator's message sent with a future scheduledAt: delivered only while still `manual`. */
export const operatorMessageJob = defineJob("thread.operator_message", scheduledMessage);

/** A message the AI scheduled (schedule_message): delivered only while the thread is `auto`. */
export const botMessageJob = defineJob("thread.bot_message", scheduledMessage);
