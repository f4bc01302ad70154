import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { CannedResponsesService } from "./canned-responses-service.js";
import {
  cannedResponseListSchema,
  cannedResponseParamsSchema,
  cannedResponseSchema,
  createCannedResponseBodySchema,
  listCannedResponsesQuerySchema,
  renderCannedResponseBodySchema,
  renderedCannedResponseSchema,
  updateCannedResponseBodySchema,
} from "./schemas.js";

const tags = ["Canned responses"];
const CODE_TAKEN = {
  409: "`canned_response_code_taken`: the project already has a canned response with this short code.",
};
const NOT_FOUND = {
  404: "`canned_response_not_found`: no canned response with this id in the project (another project's is not found either).",
};

/**
 * A project's ready answers (docs/canned-responses.md): admins and operators alike list,
 * manage and render them (operators/operator-access.ts).
 */
export function cannedResponseRoutes(app: App, service: CannedResponsesService): void {
  app.get(
    "/canned_responses",
    {
      schema: {
        tags,
        operationId: "listCannedResponses",
        summary: "List the project's canned responses",
        description:
          "By short code, `limit` at a time (default 50); `q` keeps those whose short code, title or content " +
          "contains it, case-insensitively.",
        querystring: listCannedResponsesQuerySchema,
        response: { 200: cannedResponseListSchema },
      },
    },
    async (request) => service.list(authOf(request), request.query),
  );

  app.post(
    "/canned_responses",
    {
      schema: {
        tags,
        operationId: "createCannedResponse",
        summary: "Create a canned response",
        description:
          "The short code is stored lowercased and is unique in the project. Placeholders in `content` are " +
          "checked: an unknown variable or a malformed placeholder is 422 naming it.",
        body: createCannedResponseBodySchema,
        response: { 200: cannedResponseSchema, ...errorResponses(CODE_TAKEN) },
      },
    },
    async (request) => service.create(authOf(request), request.body),
  );

  app.get(
    "/canned_responses/:id",
    {
      schema: {
        tags,
        operationId: "getCannedResponse",
        summary: "Get a canned response",
        params: cannedResponseParamsSchema,
        response: { 200: cannedResponseSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => service.get(authOf(request), request.params.id),
  );

  app.post(
    "/canned_responses/:id",
    {
      schema: {
        tags,
        operationId: "updateCannedResponse",
        summary: "Update a canned response",
        description: "Only the fields sent change; `title: null` clears the title.",
        params: cannedResponseParamsSchema,
        body: updateCannedResponseBodySchema,
        response: { 200: cannedResponseSchema, ...errorResponses({ ...NOT_FOUND, ...CODE_TAKEN }) },
      },
    },
    async (request) => service.update(authOf(request), request.params.id, request.body),
  );

  app.post(
    "/canned_responses/:id/delete",
    {
      schema: {
        tags,
        operationId: "deleteCannedResponse",
        summary: "Delete a canned response",
        params: cannedResponseParamsSchema,
        response: { 200: deletedSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => service.delete(authOf(request), request.params.id),
  );

  app.post(
    "/canned_responses/:id/render",
    {
      schema: {
        tags,
        operationId: "renderCannedResponse",
        summary: "Fill a canned response's variables for a thread",
        description:
          "Plain substitution: `contact.*` from the thread's person, `operator.name` from the signed-in " +
          "operator (none with an API key), `bot.name` from the thread's bot, `project.name`. A variable " +
          "without a value takes its fallback (`{{contact.name|there}}`), else becomes empty. Nothing is sent.",
        params: cannedResponseParamsSchema,
        body: renderCannedResponseBodySchema,
        response: { 200: renderedCannedResponseSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => service.render(authOf(request), request.params.id, request.body.thread_id),
  );
}
