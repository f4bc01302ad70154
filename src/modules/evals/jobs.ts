import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/** Runs an evaluation run's cases (docs/quality.md, "Evaluations"); a run again resumes it. */
export const evalRunJob = defineJob("evals.run", z.object({ projectId: z.string(), runId: z.string() }));

/**
 * Runs of the job in all: a run whose process died or stopped goes on where it stopped; a shutdown
 * costs an attempt, so there are enough for a few deploys during one run.
 */
export const EVAL_RUN_ATTEMPTS = 8;
