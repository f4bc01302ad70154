import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { IntegrationsService } from "./integrations-service.js";
import {
  createIntegrationBodySchema,
  integrationParamsSchema,
  integrationProfileSchema,
  integrationSchema,
  updateIntegrationBodySchema,
} from "./schemas.js";

const tags = ["Integrations"];

export function integrationRoutes(app: App, integrations: IntegrationsService): void {
  app.get(
    "/integrations",
    {
      schema: {
        tags,
        operationId: "listIntegrations",
        summary: "List the project's integrations",
        description: "Oldest first. `auth_data` is never returned.",
        response: { 200: integrationSchema.array() },
      },
    },
    async (request) => integrations.list(authOf(request)),
  );

  app.post(
    "/integrations",
    {
      schema: {
        tags,
        operationId: "createIntegration",
        summary: "Create an integration",
        description:
          "A new integration is `active`. `auth_data` is validated against the vendor's fields " +
          "(unknown fields are refused), stored encrypted and never returned.",
        body: createIntegrationBodySchema,
        response: { 200: integrationSchema },
      },
    },
    async (request) => integrations.create(authOf(request), request.body),
  );

  app.get(
    "/integrations/:id",
    {
      schema: {
        tags,
        operationId: "getIntegration",
        summary: "Get an integration",
        params: integrationParamsSchema,
        response: { 200: integrationSchema },
      },
    },
    async (request) => integrations.get(authOf(request), request.params.id),
  );

  app.post(
    "/integrations/:id",
    {
      schema: {
        tags,
        operationId: "updateIntegration",
        summary: "Update an integration",
        description:
          "Fields not sent are unchanged. `auth_data` replaces the stored credentials as a whole and is " +
          "validated against the integration's vendor; `settings` replaces the settings object. " +
          "Any status may be set.",
        params: integrationParamsSchema,
        body: updateIntegrationBodySchema,
        response: { 200: integrationSchema },
      },
    },
    async (request) => integrations.update(authOf(request), request.params.id, request.body),
  );

  app.get(
    "/integrations/:id/profile",
    {
      schema: {
        tags,
        operationId: "getIntegrationProfile",
        summary: "Check the credentials and get the vendor identity",
        description:
          "Asks the vendor who the stored credentials authenticate (a bot, a community, a page, a " +
          "phone number). Credentials the vendor refuses are 422 `credentials_rejected`, and the " +
          "integration goes to `error` (`integration.auth_lost`); a vendor that cannot be reached " +
          "is 502 `vendor_unavailable`. An avatar whose vendor URL embeds a credential (Telegram) " +
          "is given as a Parley link instead.",
        params: integrationParamsSchema,
        response: {
          200: integrationProfileSchema,
          ...errorResponses({
            422:
              "`credentials_rejected`: the vendor refused the stored credentials; `profile_not_supported`: the vendor has no profile to check; " +
              "`oauth_not_connected`: an OAuth integration not connected yet (`POST …/oauth/start`).",
            502: "`vendor_unavailable`: the vendor could not be reached or answered with a fault.",
          }),
        },
      },
    },
    async (request) => integrations.profile(authOf(request), request.params.id),
  );

  app.delete(
    "/integrations/:id",
    {
      schema: {
        tags,
        operationId: "deleteIntegration",
        summary: "Delete an integration",
        description: "Deletes its chats too, with their threads and messages.",
        params: integrationParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => integrations.delete(authOf(request), request.params.id),
  );
}
