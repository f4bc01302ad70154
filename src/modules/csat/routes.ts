import { authOf } from "../../infra/api-guard.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { CsatService } from "./csat-service.js";
import {
  csatRatingSchema,
  csatSettingsBodySchema,
  csatSettingsSchema,
  csatSummarySchema,
  ratingBodySchema,
  ratingsPageSchema,
  ratingsQuerySchema,
  summaryQuerySchema,
  threadRatingParamsSchema,
  threadRatingSchema,
} from "./schemas.js";

const tags = ["CSAT"];
const THREAD_NOT_FOUND = "`thread_not_found`: no such thread.";

/** CSAT under /v1 (docs/csat.md): the setting, the reports, a thread's rating. */
export function csatRoutes(
  app: App,
  csat: CsatService,
  resolveThread: (auth: AuthContext, threadId: string) => Promise<ThreadRow>,
): void {
  app.get(
    "/csat",
    {
      schema: {
        tags,
        operationId: "getCsatSettings",
        summary: "The project's CSAT survey setting",
        description:
          "Never set: the defaults (off, the built-in question, scale `1-5`) with `updated_at` null.",
        response: { 200: csatSettingsSchema },
      },
    },
    async (request) => csat.getSettings(authOf(request)),
  );

  app.post(
    "/csat",
    {
      schema: {
        tags,
        operationId: "replaceCsatSettings",
        summary: "Replace the project's CSAT survey setting",
        description:
          "Replaces the whole setting. 422 names the field (a question without `default`, an unknown scale).",
        body: csatSettingsBodySchema,
        response: { 200: csatSettingsSchema },
      },
    },
    async (request) => csat.replaceSettings(authOf(request), request.body),
  );

  app.get(
    "/csat/summary",
    {
      schema: {
        tags,
        operationId: "getCsatSummary",
        summary: "Answered CSAT surveys: count, average and distribution, per operator or per bot",
        description: "Answers in [`from`, `to`) by when they were answered; all of them without a range.",
        querystring: summaryQuerySchema,
        response: {
          200: csatSummarySchema,
          ...errorResponses({ 400: "`invalid_range`: `from` is after `to`." }),
        },
      },
    },
    async (request) => csat.summary(authOf(request), request.query),
  );

  app.get(
    "/csat/ratings",
    {
      schema: {
        tags,
        operationId: "listCsatRatings",
        summary: "Answered CSAT surveys, newest answer first",
        querystring: ratingsQuerySchema,
        response: {
          200: ratingsPageSchema,
          ...errorResponses({
            400: "`invalid_range`: `from` is after `to`. `invalid_cursor`: the cursor is not this list's.",
          }),
        },
      },
    },
    async (request) => csat.list(authOf(request), request.query),
  );

  app.get(
    "/threads/:thread_id/rating",
    {
      schema: {
        tags,
        operationId: "getThreadRating",
        summary: "A thread's latest CSAT survey and its answer",
        params: threadRatingParamsSchema,
        response: { 200: threadRatingSchema, ...errorResponses({ 404: THREAD_NOT_FOUND }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const thread = await resolveThread(auth, request.params.thread_id);
      return { rating: await csat.ofThread(auth.projectId, thread.id) };
    },
  );

  app.post(
    "/threads/:thread_id/rating",
    {
      schema: {
        tags,
        operationId: "rateThread",
        summary: "Record the customer's CSAT rating given elsewhere",
        description:
          "Answers the thread's waiting survey; with none waiting, records a rating unless one is recorded " +
          "since the thread's last survey. Raises `conversation.rated` (source `api`).",
        params: threadRatingParamsSchema,
        body: ratingBodySchema,
        response: {
          200: csatRatingSchema,
          ...errorResponses({
            404: THREAD_NOT_FOUND,
            409: "`already_rated`: the conversation's rating is recorded already.",
          }),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const thread = await resolveThread(auth, request.params.thread_id);
      return csat.rate(auth.projectId, thread.id, request.body, "api");
    },
  );
}
