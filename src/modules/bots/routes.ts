import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { BotsService } from "./bots-service.js";
import {
  botParamsSchema,
  botSchema,
  cloneBotBodySchema,
  createBotBodySchema,
  setBotStatusBodySchema,
  updateBotBodySchema,
} from "./schemas.js";
import { botSettingsPatchSchema, botSettingsSchema } from "./settings-schema.js";

const tags = ["Bots"];

export function botRoutes(app: App, bots: BotsService): void {
  app.get(
    "/bots",
    {
      schema: {
        tags,
        operationId: "listBots",
        summary: "List the project's bots",
        response: { 200: botSchema.array() },
      },
    },
    async (request) => bots.list(authOf(request)),
  );

  app.post(
    "/bots",
    {
      schema: {
        tags,
        operationId: "createBot",
        summary: "Create a bot",
        description:
          "A new bot is `active` and starts with the default settings (see GET /v1/bots/{bot_id}/settings).",
        body: createBotBodySchema,
        response: { 200: botSchema },
      },
    },
    async (request) => bots.create(authOf(request), request.body),
  );

  app.get(
    "/bots/:bot_id",
    {
      schema: {
        tags,
        operationId: "getBot",
        summary: "Get a bot",
        params: botParamsSchema,
        response: { 200: botSchema },
      },
    },
    async (request) => bots.get(authOf(request), request.params.bot_id),
  );

  app.post(
    "/bots/:bot_id",
    {
      schema: {
        tags,
        operationId: "updateBot",
        summary: "Update a bot's name or description",
        params: botParamsSchema,
        body: updateBotBodySchema,
        response: { 200: botSchema },
      },
    },
    async (request) => bots.update(authOf(request), request.params.bot_id, request.body),
  );

  app.post(
    "/bots/:bot_id/status",
    {
      schema: {
        tags,
        operationId: "setBotStatus",
        summary: "Set a bot's status",
        params: botParamsSchema,
        body: setBotStatusBodySchema,
        response: { 200: botSchema },
      },
    },
    async (request) => bots.setStatus(authOf(request), request.params.bot_id, request.body.status),
  );

  app.get(
    "/bots/:bot_id/settings",
    {
      schema: {
        tags,
        operationId: "getBotSettings",
        summary: "Get a bot's settings",
        description:
          "Every field is present; unset model parameters are null (the provider's default applies).",
        params: botParamsSchema,
        response: { 200: botSettingsSchema },
      },
    },
    async (request) => bots.getSettings(authOf(request), request.params.bot_id),
  );

  app.post(
    "/bots/:bot_id/settings",
    {
      schema: {
        tags,
        operationId: "updateBotSettings",
        summary: "Update a bot's settings (deep partial merge)",
        description:
          "Only the fields sent change. `null` clears a model parameter or removes a tool from `ai.tools`. " +
          "Unknown fields are refused with 422. `ai.knowledge.vectorStoreIds` naming a store that is not one of the " +
          "project's is 422 `unknown_vector_store`. Returns the whole settings document after the merge.",
        params: botParamsSchema,
        body: botSettingsPatchSchema,
        response: { 200: botSettingsSchema },
      },
    },
    async (request) => bots.updateSettings(authOf(request), request.params.bot_id, request.body),
  );

  app.post(
    "/bots/:bot_id/clone",
    {
      schema: {
        tags,
        operationId: "cloneBot",
        summary: "Clone a bot",
        description: "Creates a new `active` bot with an independent copy of the settings.",
        params: botParamsSchema,
        body: cloneBotBodySchema,
        response: { 200: botSchema },
      },
    },
    async (request) => bots.clone(authOf(request), request.params.bot_id, request.body?.name),
  );

  app.post(
    "/bots/:bot_id/delete",
    {
      schema: {
        tags,
        operationId: "deleteBot",
        summary: "Delete a bot",
        params: botParamsSchema,
        response: {
          200: deletedSchema,
          ...errorResponses({ 409: "`bot_in_use`: chats are still bound to the bot." }),
        },
      },
    },
    async (request) => bots.delete(authOf(request), request.params.bot_id),
  );
}
