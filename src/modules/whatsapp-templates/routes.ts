import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { messageSchema, scheduledSchema, threadParamsSchema } from "../threads/index.js";
import {
  integrationParamsSchema,
  sendTemplateBodySchema,
  templateListQuerySchema,
  templateSyncSchema,
  whatsappTemplateSchema,
} from "./schemas.js";
import type { TemplatesService } from "./templates-service.js";

const tags = ["WhatsApp templates"];
const NOT_WHATSAPP = "`not_whatsapp_integration`: the integration is of another vendor.";

/** WhatsApp message templates under /v1 (docs/channels.md, "Templates"). */
export function whatsappTemplateRoutes(app: App, templates: TemplatesService): void {
  app.get(
    "/integrations/:id/whatsapp_templates",
    {
      schema: {
        tags,
        operationId: "listWhatsappTemplates",
        summary: "List a WhatsApp integration's message templates",
        description:
          "The templates as last synced from the WhatsApp Business Account, by name then language; narrowed by " +
          "`status`, `language` and a part of the `name`. Empty until the first sync.",
        params: integrationParamsSchema,
        querystring: templateListQuerySchema,
        response: { 200: whatsappTemplateSchema.array(), ...errorResponses({ 409: NOT_WHATSAPP }) },
      },
    },
    async (request) => templates.list(authOf(request), request.params.id, request.query),
  );

  app.post(
    "/integrations/:id/whatsapp_templates/sync",
    {
      schema: {
        tags,
        operationId: "syncWhatsappTemplates",
        summary: "Sync a WhatsApp integration's message templates now",
        description:
          "Lists every template of the Business Account (`business_account_id` in auth_data) from Meta and " +
          "replaces the stored copy with it: new ones added, changed ones updated, deleted ones removed.",
        params: integrationParamsSchema,
        response: {
          200: templateSyncSchema,
          ...errorResponses({
            409: `${NOT_WHATSAPP} \`business_account_missing\`: auth_data has no business_account_id.`,
            422: "`credentials_rejected` or Meta's refusal (`vendor_rejected`).",
            502: "`vendor_unavailable`: Meta did not answer.",
          }),
        },
      },
    },
    async (request) => templates.sync(authOf(request), request.params.id),
  );

  app.post(
    "/threads/:thread_id/template",
    {
      schema: {
        tags,
        operationId: "sendWhatsappTemplate",
        summary: "Send a WhatsApp message template into a thread",
        description:
          "The way to write after WhatsApp's 24-hour window closed. The template must be stored (synced) for the " +
          "thread's integration and `APPROVED`, and `parameters` must give one value per placeholder of its header " +
          "and body. Stored as an `operator` message whose content is the template's text filled in; the delivery " +
          'sends it as `type: "template"`. With `scheduledAt` in the future: 202 and sent then.',
        params: threadParamsSchema,
        body: sendTemplateBodySchema,
        response: {
          200: messageSchema,
          202: scheduledSchema,
          ...errorResponses({
            404: "`template_not_found`: no such template (name and language) is stored: sync first.",
            409:
              "`not_whatsapp_thread`: the thread is not of a WhatsApp integration; `template_not_approved`: " +
              "the template's status is not APPROVED.",
            422:
              "`template_parameters`: the number of header or body values does not match the template; " +
              "`template_not_sendable`: the template has a media header.",
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await templates.send(authOf(request), request.params.thread_id, request.body);
      if ("scheduled" in result) return reply.code(202).send(result.scheduled);
      return result.message;
    },
  );
}
