import { z } from "zod";

const timestamp = z.string().describe("ISO 8601, UTC");

export const JOB_STATUSES = ["pending", "running", "done", "failed", "cancelled"] as const;

export const jobSchema = z
  .object({
    id: z.string().describe("`job_…`"),
    type: z
      .string()
      .describe(
        "What the job does: `thread.reply`, `thread.operator_message`, `thread.bot_message`, `thread.title`, " +
          "`memory.index`, `channel.deliver`, `integration.connect`, `knowledge.ingest`.",
      ),
    status: z
      .enum(JOB_STATUSES)
      .describe(
        "`pending`: waiting for `run_at` (or for a retry); `running`: a worker has it; `done`; `failed`: " +
          "given up after its last attempt; `cancelled`.",
      ),
    thread_id: z.string().nullable().describe("The thread the job is about, if any."),
    payload: z
      .unknown()
      .describe("The job's input as its handler receives it. Its shape per type is internal and may change."),
    attempts: z.number().int().describe("Runs started so far."),
    max_attempts: z.number().int(),
    run_at: timestamp.describe("When the job is next due: its first run, or its next retry."),
    last_error: z.string().nullable().describe("Why the latest run failed, if one did."),
    cancellable: z
      .boolean()
      .describe(
        "Whether `POST /v1/jobs/:job_id/cancel` would cancel it now (a pending scheduled reply or message).",
      ),
    created_at: timestamp,
    updated_at: timestamp,
    finished_at: timestamp.nullable().describe("When it became done, failed or cancelled."),
  })
  .meta({ id: "Job" });

export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z
  .object({ data: z.array(jobSchema), next_cursor: z.string().nullable() })
  .meta({ id: "JobList" });

export const listJobsQuerySchema = z.object({
  type: z.string().min(1).max(100).optional().describe("Only jobs of this type."),
  status: z.enum(JOB_STATUSES).optional().describe("Only jobs in this status."),
  thread_id: z.string().min(1).max(128).optional().describe("Only jobs about this thread."),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

export type ListJobsQuery = z.infer<typeof listJobsQuerySchema>;

export const jobParamsSchema = z.object({ job_id: z.string().max(128) });
