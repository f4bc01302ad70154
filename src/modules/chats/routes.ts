import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { ChatsService } from "./chats-service.js";
import {
  chatParamsSchema,
  chatSchema,
  createChatBodySchema,
  integrationChatParamsSchema,
  integrationChatsParamsSchema,
  setChatStatusBodySchema,
  updateChatBodySchema,
} from "./schemas.js";

const tags = ["Chats"];

export function chatRoutes(app: App, chats: ChatsService): void {
  app.get(
    "/chats",
    {
      schema: {
        tags,
        operationId: "listChats",
        summary: "List the project's chats",
        description: "Every chat of every integration of the project, oldest first.",
        response: { 200: chatSchema.array() },
      },
    },
    async (request) => chats.list(authOf(request)),
  );

  app.get(
    "/chats/:chat_id",
    {
      schema: {
        tags,
        operationId: "getChat",
        summary: "Get a chat",
        params: chatParamsSchema,
        response: { 200: chatSchema },
      },
    },
    async (request) => chats.get(authOf(request), request.params.chat_id),
  );

  app.get(
    "/integrations/:id/chats",
    {
      schema: {
        tags,
        operationId: "listIntegrationChats",
        summary: "List an integration's chats",
        description: "Oldest first.",
        params: integrationChatsParamsSchema,
        response: { 200: chatSchema.array() },
      },
    },
    async (request) => chats.listByIntegration(authOf(request), request.params.id),
  );

  app.post(
    "/integrations/:id/chats",
    {
      schema: {
        tags,
        operationId: "createChat",
        summary: "Create a chat in an integration",
        description:
          "A new chat is `disabled`: set its status to `active` to let the bot answer. The bot must " +
          "belong to the same project (404 `bot_not_found`, 403 when it is another project's). A second " +
          "chat with the same name in the integration is 409 `chat_name_taken`.",
        params: integrationChatsParamsSchema,
        body: createChatBodySchema,
        response: {
          200: chatSchema,
          ...errorResponses({
            404: "`bot_not_found`: `bot_id` names no bot.",
            409: "`chat_name_taken`: the integration already has a chat with this name.",
          }),
        },
      },
    },
    async (request) => chats.create(authOf(request), request.params.id, request.body),
  );

  app.post(
    "/integrations/:id/chats/:chat_id",
    {
      schema: {
        tags,
        operationId: "updateChat",
        summary: "Update a chat's name, bot or settings",
        description:
          "Fields not sent are unchanged; `settings` replaces the settings object. A name already used " +
          "by another chat of the integration is 409 `chat_name_taken`.",
        params: integrationChatParamsSchema,
        body: updateChatBodySchema,
        response: {
          200: chatSchema,
          ...errorResponses({
            404: "`bot_not_found`: `bot_id` names no bot.",
            409: "`chat_name_taken`: the integration already has a chat with this name.",
          }),
        },
      },
    },
    async (request) => chats.update(authOf(request), request.params.id, request.params.chat_id, request.body),
  );

  app.post(
    "/integrations/:id/chats/:chat_id/status",
    {
      schema: {
        tags,
        operationId: "setChatStatus",
        summary: "Set a chat's status",
        description: "`active` or `disabled`; `error` is set only by the service (422 if sent).",
        params: integrationChatParamsSchema,
        body: setChatStatusBodySchema,
        response: { 200: chatSchema },
      },
    },
    async (request) =>
      chats.setStatus(authOf(request), request.params.id, request.params.chat_id, request.body.status),
  );

  app.delete(
    "/integrations/:id/chats/:chat_id",
    {
      schema: {
        tags,
        operationId: "deleteChat",
        summary: "Delete a chat",
        description: "Deletes its threads and their messages too.",
        params: integrationChatParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => chats.delete(authOf(request), request.params.id, request.params.chat_id),
  );
}
