import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/**
 * A template send with a future `scheduledAt` (docs/channels.md, "Templates"): checked against
 * the stored template again when due, and stored and delivered once even if the job runs twice.
 */
export const templateMessageJob = defineJob(
  "whatsapp.template_message",
  z.object({
    projectId: z.string(),
    threadId: z.string(),
    name: z.string(),
    language: z.string(),
    parameters: z.object({ header: z.array(z.string()).optional(), body: z.array(z.string()).optional() }),
    /** The signed-in operator who scheduled it. */
    operator: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
);
