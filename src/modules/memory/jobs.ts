import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/** Embeds a thread's newest messages for semantic recall (idempotent). */
export const memoryIndexJob = defineJob(
  "memory.index",
  z.object({ projectId: z.string(), threadId: z.string() }),
);
