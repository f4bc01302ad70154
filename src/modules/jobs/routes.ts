import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { type JobsService, jobScopeOf } from "./jobs-service.js";
import { jobListSchema, jobParamsSchema, jobSchema, listJobsQuerySchema } from "./schemas.js";

const tags = ["Jobs"];

const SCOPE =
  "A project's jobs only: a job of another project is 404. A console session with the role `operator` " +
  "sees only jobs done for a thread.";

/** The job queue, for clients: what is scheduled or running, what failed, and cancelling scheduled work. */
export function jobRoutes(app: App, jobs: JobsService): void {
  app.get(
    "/jobs",
    {
      schema: {
        tags,
        operationId: "listJobs",
        summary: "List the project's jobs",
        description:
          "Newest first (created_at, then id). Filters: `type`, `status`, `thread_id`. `cursor` (from " +
          `\`next_cursor\`) continues after the last job of the previous page. Finished jobs are kept 7 days. ${SCOPE}`,
        querystring: listJobsQuerySchema,
        response: { 200: jobListSchema },
      },
    },
    async (request) => jobs.list(jobScopeOf(authOf(request)), request.query),
  );

  app.get(
    "/jobs/:job_id",
    {
      schema: {
        tags,
        operationId: "getJob",
        summary: "Get a job",
        description: SCOPE,
        params: jobParamsSchema,
        response: { 200: jobSchema, ...errorResponses({ 404: "`job_not_found`." }) },
      },
    },
    async (request) => jobs.get(jobScopeOf(authOf(request)), request.params.job_id),
  );

  app.post(
    "/jobs/:job_id/cancel",
    {
      schema: {
        tags,
        operationId: "cancelJob",
        summary: "Cancel a scheduled reply or message",
        description:
          "Only a `pending` job of type `thread.reply` (a scheduled reply), `thread.operator_message` or " +
          "`thread.bot_message` (scheduled messages): it becomes `cancelled` and never runs, so nothing of it " +
          "is stored or sent. The `id` of a `202 {scheduled: true}` answer is such a job. No body. " +
          SCOPE,
        params: jobParamsSchema,
        response: {
          200: jobSchema,
          ...errorResponses({
            404: "`job_not_found`.",
            409:
              "`job_not_pending`: the job is running or has finished (done, failed, cancelled); " +
              "`job_not_cancellable`: jobs of its type cannot be cancelled.",
          }),
        },
      },
    },
    async (request) => jobs.cancel(jobScopeOf(authOf(request)), request.params.job_id),
  );
}
