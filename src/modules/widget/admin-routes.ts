import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { identitySecretSchema, updateWidgetBodySchema, widgetSettingsSchema } from "./schemas.js";
import type { WidgetSettingsService } from "./widget-settings-service.js";

const tags = ["Web widget"];
const params = z.object({ chat_id: z.string().max(128) });

/** The widget's settings on /v1 (admins: a session of an admin, or an API key). */
export function widgetAdminRoutes(app: App, service: WidgetSettingsService): void {
  app.get(
    "/chats/:chat_id/widget",
    {
      schema: {
        tags,
        operationId: "getWidgetSettings",
        summary: "A `parley` chat's web widget settings and embed snippet",
        params,
        response: {
          200: widgetSettingsSchema,
          ...errorResponses({ 409: "`not_a_widget_chat`: the chat is not of a `parley` integration." }),
        },
      },
    },
    async (request) => service.get(authOf(request), request.params.chat_id),
  );

  app.post(
    "/chats/:chat_id/widget",
    {
      schema: {
        tags,
        operationId: "updateWidgetSettings",
        summary: "Change the web widget's allowed origins, look and identity rule",
        description: "Only the fields sent change. 409 `not_a_widget_chat` for chats of other vendors.",
        params,
        body: updateWidgetBodySchema,
        response: {
          200: widgetSettingsSchema,
          ...errorResponses({ 409: "`not_a_widget_chat`: the chat is not of a `parley` integration." }),
        },
      },
    },
    async (request) => service.update(authOf(request), request.params.chat_id, request.body),
  );

  app.post(
    "/chats/:chat_id/widget/identity-secret",
    {
      schema: {
        tags,
        operationId: "rotateWidgetIdentitySecret",
        summary: "Make a new identity secret (shown once; the old one stops working)",
        description:
          "The site's server signs each signed-in user's id with it: `hex(HMAC-SHA256(secret, user_id))`, " +
          "passed to the widget as `data-user-signature` (docs/widget.md).",
        params,
        response: {
          200: identitySecretSchema,
          ...errorResponses({ 409: "`not_a_widget_chat`: the chat is not of a `parley` integration." }),
        },
      },
    },
    async (request) => service.rotateSecret(authOf(request), request.params.chat_id),
  );
}
