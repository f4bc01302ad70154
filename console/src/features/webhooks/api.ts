import { api } from "../../api/client";

/** The webhook API of docs/webhooks.md (shapes as in /openapi.json). */

export type WebhookEndpointStatus = "active" | "disabled";

export interface WebhookEndpoint {
  id: string;
  url: string;
  status: WebhookEndpointStatus;
  /** null = every event type, including types added later. */
  events: string[] | null;
  ordered: boolean;
  /** Why Parley disabled it (`gone`, `failing for over 24 hours`); null when active or disabled by a person. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Only the create answer carries the secret; lists, gets and updates never do. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed" | "cancelled";

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  /** The first 2,000 characters of the latest response body. */
  last_response: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface WebhookDeliveryPage {
  data: WebhookDelivery[];
  next_cursor: string | null;
}

export interface WebhookEventType {
  type: string;
  description: string;
  data_schema: unknown;
}

export interface WebhookEndpointInput {
  url?: string;
  events?: string[] | null;
  ordered?: boolean;
  secret?: string;
  status?: WebhookEndpointStatus;
}

export const webhookKeys = {
  all: ["webhook-endpoints"] as const,
  endpoint: (id: string) => ["webhook-endpoints", id] as const,
  deliveries: (id: string) => ["webhook-endpoints", id, "deliveries"] as const,
  eventTypes: ["webhook-event-types"] as const,
};

export const listWebhookEndpoints = () => api<WebhookEndpoint[]>("/webhook-endpoints");

export const getWebhookEndpoint = (id: string) =>
  api<WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`);

export const createWebhookEndpoint = (body: WebhookEndpointInput & { url: string }) =>
  api<CreatedWebhookEndpoint>("/webhook-endpoints", { method: "POST", body });

/** PUT: fields not sent stay as they are. */
export const updateWebhookEndpoint = (id: string, body: WebhookEndpointInput) =>
  api<WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`, { method: "PUT", body });

export const deleteWebhookEndpoint = (id: string) =>
  api<{ id: string; deleted: true }>(`/webhook-endpoints/${encodeURIComponent(id)}`, { method: "DELETE" });

export const listWebhookDeliveries = (id: string, cursor?: string | null, limit = 20) =>
  api<WebhookDeliveryPage>(`/webhook-endpoints/${encodeURIComponent(id)}/deliveries`, {
    query: { limit, cursor },
  });

/** 409 `webhook_endpoint_disabled` while the endpoint is disabled. */
export const retryWebhookDelivery = (endpointId: string, deliveryId: string) =>
  api<WebhookDelivery>(
    `/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
    { method: "POST" },
  );

export const listWebhookEventTypes = () => api<WebhookEventType[]>("/webhook-events/types");
