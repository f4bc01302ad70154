import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/** Runs an evaluation run's cases (docs/quality.md, "Evaluations"); a run again resumes it. */
export const evalRunJob = defineJob("evals.run", z.object({ projectId: z.string(), runId: z.string() }));

/** Runs of the job in all: a run whose process died goes on where it stopped. */
export const EVAL_RUN_ATTEMPTS = 3;
