import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "./event-schemas.js";

export const webhookEndpointStatusSchema = z
  .enum(["active", "disabled"])
  .meta({ id: "WebhookEndpointStatus" });

const eventType = z.enum(WEBHOOK_EVENT_TYPES);
const timestamp = z.string().describe("ISO 8601, UTC");

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    status: webhookEndpointStatusSchema,
    events: z
      .array(eventType)
      .nullable()
      .describe("The event types sent to this endpoint; null means every type."),
    ordered: z
      .boolean()
      .describe(
        "true: one delivery at a time, in the order the events happened; a failing delivery holds back the ones behind it. false: deliveries go out concurrently.",
      ),
    disabled_reason: z
      .string()
      .nullable()
      .describe(
        "Why the service disabled the endpoint: `gone` (it answered 410) or `failing for over 24 hours`. null when active or disabled through the API.",
      ),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });

export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({
    secret: z.string().describe("The signing secret. Returned only in this response: store it now."),
  })
  .meta({ id: "CreatedWebhookEndpoint" });

export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

const url = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048, "must be at most 2048 characters")
  .describe("An http:// or https:// URL on a public address.");
const secret = z
  .string()
  .min(8, "must be at least 8 characters")
  .max(200, "must be at most 200 characters")
  .describe("The HMAC-SHA256 key used to sign every delivery.");
const events = z
  .array(eventType)
  .min(1, "must name at least one event type; send null (or leave it out) for every type")
  .nullable()
  .describe("The event types to send; null or absent means every type.");
const ordered = z.boolean();

export const createWebhookEndpointBodySchema = z.strictObject({
  url,
  secret: secret.optional().describe("Generated (`whsec_…`) when absent."),
  events: events.optional(),
  ordered: ordered.optional().describe("Default true."),
});

export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointBodySchema>;

export const updateWebhookEndpointBodySchema = z.strictObject({
  status: webhookEndpointStatusSchema
    .optional()
    .describe(
      "`active` re-enables the endpoint: its failure count resets and deliveries waiting for it are tried again at once.",
    ),
  secret: secret.optional(),
  url: url.optional(),
  events: events.optional(),
  ordered: ordered.optional(),
});

export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointBodySchema>;

export const webhookDeliveryStatusSchema = z
  .enum(["pending", "succeeded", "failed", "cancelled"])
  .meta({ id: "WebhookDeliveryStatus" });

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: eventType,
    status: webhookDeliveryStatusSchema,
    attempts: z.number().int().describe("Attempts made so far, replays included."),
    last_status_code: z
      .number()
      .int()
      .nullable()
      .describe("HTTP status of the latest attempt, if it got one."),
    last_error: z.string().nullable().describe("Why the latest attempt failed, if it did."),
    last_response: z
      .string()
      .nullable()
      .describe("The start (up to 2,000 characters) of the receiver's latest response body."),
    next_attempt_at: timestamp.nullable().describe("When a pending delivery is tried next; null once final."),
    delivered_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "WebhookDelivery" });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .object({ data: z.array(webhookDeliverySchema), next_cursor: z.string().nullable() })
  .meta({ id: "WebhookDeliveryList" });

export const listDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

export const webhookEndpointParamsSchema = z.object({ id: z.string().max(128) });
export const webhookDeliveryParamsSchema = z.object({
  id: z.string().max(128),
  delivery_id: z.string().max(128),
});

export const webhookEventTypeInfoSchema = z
  .object({
    type: eventType,
    description: z.string(),
    data_schema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema (draft 2020-12) of the event's `data`."),
  })
  .meta({ id: "WebhookEventTypeInfo" });
