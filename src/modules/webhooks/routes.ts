import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { WEBHOOK_EVENT_TYPES, webhookEventDataSchemas } from "./event-schemas.js";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  listDeliveriesQuerySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEventTypeInfoSchema,
} from "./schemas.js";
import type { WebhooksService } from "./webhooks-service.js";

const tags = ["Webhooks"];

/**
 * JSON Schema of one event's data, standalone: Zod puts a schema registered with an id under
 * $defs behind a $ref; a reader wants the object itself (the schemas it uses stay in $defs).
 */
function dataJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema) as Record<string, unknown>;
  const defs = json.$defs as Record<string, Record<string, unknown>> | undefined;
  const ref = json.$ref;
  if (typeof ref === "string" && ref.startsWith("#/$defs/") && defs) {
    const name = ref.slice("#/$defs/".length);
    const { [name]: root, ...others } = defs;
    if (root)
      return { $schema: json.$schema, ...root, ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
  }
  return json;
}

const eventTypeInfo = WEBHOOK_EVENT_TYPES.map((type) => {
  const schema = webhookEventDataSchemas[type];
  return { type, description: schema.description ?? "", data_schema: dataJsonSchema(schema) };
});

export function webhookRoutes(app: App, webhooks: WebhooksService): void {
  app.get(
    "/webhook-endpoints",
    {
      schema: {
        tags,
        operationId: "listWebhookEndpoints",
        summary: "List the project's webhook endpoints",
        description: "Oldest first. Secrets are never returned after creation.",
        response: { 200: webhookEndpointSchema.array() },
      },
    },
    async (request) => webhooks.list(authOf(request)),
  );

  app.post(
    "/webhook-endpoints",
    {
      schema: {
        tags,
        operationId: "createWebhookEndpoint",
        summary: "Create a webhook endpoint",
        description:
          "Events of the project are POSTed to `url`, signed with `secret` (header `x-service-signature`, " +
          "hex HMAC-SHA256 of the raw body). Without `secret` one is generated. The secret is returned " +
          "only in this response. A URL on a private, loopback or link-local address is refused (422) " +
          "unless the server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true.",
        body: createWebhookEndpointBodySchema,
        response: { 200: createdWebhookEndpointSchema },
      },
    },
    async (request) => webhooks.create(authOf(request), request.body),
  );

  app.get(
    "/webhook-endpoints/:id",
    {
      schema: {
        tags,
        operationId: "getWebhookEndpoint",
        summary: "Get a webhook endpoint",
        params: webhookEndpointParamsSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhooks.get(authOf(request), request.params.id),
  );

  app.put(
    "/webhook-endpoints/:id",
    {
      schema: {
        tags,
        operationId: "updateWebhookEndpoint",
        summary: "Update a webhook endpoint",
        description:
          "Only the fields sent change. `status: disabled` pauses deliveries (pending ones wait, new events " +
          "are not queued for it); `status: active` re-enables it, resets its failure count and sends the " +
          "waiting deliveries at once. A new `secret` signs every later attempt.",
        params: webhookEndpointParamsSchema,
        body: updateWebhookEndpointBodySchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhooks.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    "/webhook-endpoints/:id",
    {
      schema: {
        tags,
        operationId: "deleteWebhookEndpoint",
        summary: "Delete a webhook endpoint",
        description: "Its pending deliveries and its delivery log go with it.",
        params: webhookEndpointParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => webhooks.delete(authOf(request), request.params.id),
  );

  app.get(
    "/webhook-endpoints/:id/deliveries",
    {
      schema: {
        tags,
        operationId: "listWebhookDeliveries",
        summary: "List an endpoint's deliveries (the delivery log)",
        description:
          "Newest first. Finished deliveries are kept for PARLEY_WEBHOOK_RETENTION_DAYS (default 30) days.",
        params: webhookEndpointParamsSchema,
        querystring: listDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => webhooks.listDeliveries(authOf(request), request.params.id, request.query),
  );

  app.post(
    "/webhook-endpoints/:id/deliveries/:delivery_id/retry",
    {
      schema: {
        tags,
        operationId: "retryWebhookDelivery",
        summary: "Retry or replay a delivery",
        description:
          "Makes the delivery pending and due now with a fresh retry schedule, whatever its status: a failed " +
          "or cancelled delivery is retried, a succeeded one sent again (same event id). 409 " +
          "`webhook_endpoint_disabled` while the endpoint is disabled.",
        params: webhookDeliveryParamsSchema,
        response: {
          200: webhookDeliverySchema,
          ...errorResponses({
            409: "`webhook_endpoint_disabled`: the endpoint is disabled; enable it first.",
          }),
        },
      },
    },
    async (request) => webhooks.retryDelivery(authOf(request), request.params.id, request.params.delivery_id),
  );

  app.get(
    "/webhook-events/types",
    {
      schema: {
        tags,
        operationId: "listWebhookEventTypes",
        summary: "List the webhook event types and their data schemas",
        description:
          "Every event is delivered as the JSON object `{id, type, created_at, data}` (the WebhookEvent " +
          "schema); `data_schema` is the JSON Schema of `data` for that type.",
        response: { 200: webhookEventTypeInfoSchema.array() },
      },
    },
    async () => eventTypeInfo,
  );
}
