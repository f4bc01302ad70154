import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { ProjectsService } from "./projects-service.js";
import {
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  createProjectBodySchema,
  projectParamsSchema,
  projectSchema,
} from "./schemas.js";

const tags = ["Projects and API keys"];

export function projectRoutes(app: App, projects: ProjectsService): void {
  app.get(
    "/projects",
    {
      schema: {
        tags,
        operationId: "listProjects",
        summary: "List projects",
        description:
          "An organization admin key sees every project of its organization; a project key, its own.",
        response: { 200: projectSchema.array() },
      },
    },
    async (request) => projects.list(authOf(request)),
  );

  app.post(
    "/projects",
    {
      schema: {
        tags,
        operationId: "createProject",
        summary: "Create a project",
        description: "Needs an organization admin key of that organization (else 403).",
        body: createProjectBodySchema,
        response: {
          200: projectSchema,
          ...errorResponses({ 404: "`organization_not_found`: `organization_id` names no organization." }),
        },
      },
    },
    async (request) => projects.create(authOf(request), request.body),
  );

  app.post(
    "/projects/:id/api-keys",
    {
      schema: {
        tags,
        operationId: "createApiKey",
        summary: "Create a project API key",
        description: "The secret `key` is returned only in this response.",
        params: projectParamsSchema,
        body: createApiKeyBodySchema,
        response: {
          200: createdApiKeySchema,
          ...errorResponses({
            409: "`api_key_limit_reached`: the project has as many active API keys as it may have (PARLEY_MAX_KEYS_PER_PROJECT).",
          }),
        },
      },
    },
    async (request) => projects.createKey(authOf(request), request.params.id, request.body.name),
  );

  app.get(
    "/projects/:id/api-keys",
    {
      schema: {
        tags,
        operationId: "listApiKeys",
        summary: "List a project's API keys (metadata only)",
        params: projectParamsSchema,
        response: { 200: apiKeySchema.array() },
      },
    },
    async (request) => projects.listKeys(authOf(request), request.params.id),
  );

  app.delete(
    "/projects/:id/api-keys/:key_id",
    {
      schema: {
        tags,
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description: "The key stops working with the next request.",
        params: apiKeyParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => projects.deleteKey(authOf(request), request.params.id, request.params.key_id),
  );
}
