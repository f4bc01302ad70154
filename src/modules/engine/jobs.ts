import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

const threadPayload = z.object({ projectId: z.string(), threadId: z.string() });

/** Runs a turn for a thread (no stream; its reply reaches the thread's events and webhooks). */
export const replyJob = defineJob("thread.reply", threadPayload);

/** Titles a thread from its first exchange (ai.memory.generateTitle). */
export const titleJob = defineJob("thread.title", threadPayload);
