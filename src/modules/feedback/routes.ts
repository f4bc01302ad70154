import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { FeedbackService } from "./feedback-service.js";
import {
  feedbackListSchema,
  messageFeedbackParamsSchema,
  messageFeedbackSchema,
  rateBodySchema,
  threadFeedbackParamsSchema,
} from "./schemas.js";

const tags = ["Feedback"];
const PATH = "/threads/:thread_id/messages/:message_id/feedback";
const NOT_FOUND = "`thread_not_found`, `message_not_found`: no such thread, or no such message in it.";

/** Feedback on bot messages under /v1 (docs/quality.md, "Feedback"); the same access as reading the thread. */
export function feedbackRoutes(app: App, feedback: FeedbackService): void {
  app.post(
    PATH,
    {
      schema: {
        tags,
        operationId: "rateMessage",
        summary: "Rate a bot message, with an optional comment and a better answer",
        description:
          "One feedback per message and rater: a signed-in operator rates as themselves, an API key as the " +
          "project's API (`source` `operator`, `operator` null). Rating again replaces the caller's feedback " +
          "as a whole (a field not sent becomes null) and keeps its id. Raises `message.feedback`.",
        params: messageFeedbackParamsSchema,
        body: rateBodySchema,
        response: {
          200: messageFeedbackSchema,
          ...errorResponses({
            404: NOT_FOUND,
            422: "`message_not_rateable`: the message is not the bot's (a user's, an operator's or a tool step).",
          }),
        },
      },
    },
    async (request) =>
      feedback.rate(authOf(request), request.params.thread_id, request.params.message_id, request.body),
  );

  app.get(
    PATH,
    {
      schema: {
        tags,
        operationId: "listMessageFeedback",
        summary: "A message's feedback: the customer's and each operator's",
        params: messageFeedbackParamsSchema,
        response: { 200: feedbackListSchema, ...errorResponses({ 404: NOT_FOUND }) },
      },
    },
    async (request) => ({
      data: await feedback.listForMessage(
        authOf(request),
        request.params.thread_id,
        request.params.message_id,
      ),
    }),
  );

  app.delete(
    PATH,
    {
      schema: {
        tags,
        operationId: "deleteMessageFeedback",
        summary: "Take back the caller's feedback on a message",
        description: "Raises `message.feedback` with `removed` true. Others' feedback stays.",
        params: messageFeedbackParamsSchema,
        response: {
          200: deletedSchema,
          ...errorResponses({
            404: `${NOT_FOUND} \`feedback_not_found\`: the caller has given no feedback on the message.`,
          }),
        },
      },
    },
    async (request) => {
      const removed = await feedback.remove(
        authOf(request),
        request.params.thread_id,
        request.params.message_id,
      );
      return { id: removed.id, deleted: true as const };
    },
  );

  app.get(
    "/threads/:thread_id/feedback",
    {
      schema: {
        tags,
        operationId: "listThreadFeedback",
        summary: "Every feedback on a thread's messages, oldest first",
        params: threadFeedbackParamsSchema,
        response: { 200: feedbackListSchema },
      },
    },
    async (request) => ({ data: await feedback.listForThread(authOf(request), request.params.thread_id) }),
  );
}
