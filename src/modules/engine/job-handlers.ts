import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import { generateThreadTitle } from "./generate-title.js";
import { replyJob, titleJob } from "./jobs.js";
import type { ModelRegistry } from "./model-registry.js";
import type { TurnRunner } from "./run-turn.js";
import { failureText } from "./turn-outcome.js";

/** The engine's background work: turns without a stream, and thread titles. */
export function engineJobHandlers(deps: {
  runner: TurnRunner;
  repos: Repos;
  registry: ModelRegistry;
  defaultModel: string;
}): JobRegistration[] {
  return [
    handleJob(replyJob, async ({ projectId, threadId }, job) => {
      const outcome = await deps.runner.run(projectId, threadId, {
        jobId: job.id,
        retriesLeft: job.attempts < job.maxAttempts,
      });
      // A failure that may pass is retried by the queue's backoff while the job has attempts
      // left; the turn gives up otherwise (a missing provider, no credits, the last attempt),
      // which it records once (docs/conversations.md, "Failed replies").
      if (outcome.kind === "failed" && outcome.retryLater) throw new Error(failureText(outcome));
    }),
    handleJob(titleJob, async ({ projectId, threadId }) => {
      await generateThreadTitle(
        { repos: deps.repos, registry: deps.registry, defaultModel: deps.defaultModel },
        projectId,
        threadId,
      );
    }),
  ];
}
