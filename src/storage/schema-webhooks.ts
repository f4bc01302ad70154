import type { Generated } from "kysely";

/** Webhook endpoints, events and deliveries (migration 0006; see docs/webhooks.md). */
export type WebhookEndpointStatus = "active" | "disabled";
export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed" | "cancelled";

export interface WebhookEndpointsTable {
  /** `whe_…` */
  id: string;
  project_id: string;
  url: string;
  /** The signing secret, sealed with the server's SecretBox; never stored or returned in clear. */
  secret: string;
  /** JSON array of the event types sent to this endpoint; null = every type. */
  events: string | null;
  status: WebhookEndpointStatus;
  /** 1: one delivery at a time, in event order; 0: deliveries go out concurrently. */
  ordered: number;
  /** Failed attempts since the last success (reset by a success or by re-enabling). */
  consecutive_failures: number;
  /** Why the service disabled the endpoint (`gone`, `failing for over 24 hours`); null otherwise. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  /** `evt_…`, also the `x-service-event-id` of every delivery of the event. */
  id: string;
  project_id: string;
  type: string;
  /** The event's `data`, JSON, exactly as delivered. */
  data: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  /** `dlv_…` */
  id: string;
  /**
   * Insertion order, increasing within the database; an ordered endpoint delivers its pending
   * deliveries in this order (PostgreSQL: a sequence; SQLite: max + 1 under the write lock).
   */
  seq: Generated<number>;
  project_id: string;
  endpoint_id: string;
  event_id: string;
  status: WebhookDeliveryStatus;
  /** Sends started, counted when a dispatcher claims the delivery (replays included). */
  attempts: number;
  /** Failed attempts of the current retry run; selects the next wait of the schedule. */
  schedule_step: number;
  /** The first attempt of the current retry run: the schedule gives up measured from it. */
  first_attempt_at: string | null;
  /** When a pending delivery is next due; null once it is final. */
  next_attempt_at: string | null;
  /** The lease of a delivery being sent; once past, another dispatcher may send it again. */
  locked_until: string | null;
  locked_by: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** The start of the receiver's latest response body. */
  last_response: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
