import { webhookEventSchema } from "./event-schemas.js";

const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
});

/**
 * The request Parley sends to every webhook endpoint, as the OpenAPI document's `webhooks`
 * (docs/webhooks.md, "The request"): receivers and generated clients get the WebhookEvent
 * schema from the same Zod schema that the sender's payloads are checked against.
 */
export function webhookOpenApi(): Record<string, unknown> {
  const eventSchema = webhookEventSchema.meta()?.id;
  if (!eventSchema) throw new Error("webhookEventSchema needs an id to be referenced");
  return {
    event: {
      post: {
        operationId: "receiveWebhookEvent",
        tags: ["Webhooks"],
        summary: "An event, POSTed to the project's webhook endpoints",
        description:
          "Sent to every active endpoint of the project; at least once, so deduplicate on the event `id`. " +
          "Verify `x-service-signature` over the raw body before parsing it (docs/webhooks-receiving.md).",
        security: [],
        parameters: [
          header("x-service-signature", "Hex HMAC-SHA256 of the raw body, keyed with the endpoint's secret."),
          header("x-service-event-id", "The event id, as in the body."),
          header("x-service-timestamp", "When this attempt was sent, unix seconds."),
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${eventSchema}` } } },
        },
        responses: {
          "2XX": {
            description:
              "Received. Any other status (redirects are not followed), or no answer within 10 seconds, is a " +
              "failed attempt, retried later.",
          },
        },
      },
    },
  };
}
