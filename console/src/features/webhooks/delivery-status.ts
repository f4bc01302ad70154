import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from "./api";

/** How deliveries and endpoints are shown: colours, outcomes, summaries (docs/webhooks.md). */

export const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = [
  "pending",
  "succeeded",
  "failed",
  "cancelled",
];

export function deliveryStatusColor(status: WebhookDeliveryStatus): string {
  switch (status) {
    case "succeeded":
      return "green";
    case "failed":
      return "red";
    case "pending":
      return "yellow";
    case "cancelled":
      return "gray";
  }
}

/** What the latest attempt got back: an HTTP status, an error without an answer, or nothing yet. */
export type DeliveryOutcome =
  | { kind: "http"; code: number; ok: boolean }
  | { kind: "error"; message: string }
  | { kind: "none" };

export function deliveryOutcome(
  delivery: Pick<WebhookDelivery, "last_status_code" | "last_error">,
): DeliveryOutcome {
  if (delivery.last_status_code !== null) {
    const code = delivery.last_status_code;
    return { kind: "http", code, ok: code >= 200 && code < 300 };
  }
  if (delivery.last_error) return { kind: "error", message: delivery.last_error };
  return { kind: "none" };
}

/** Counts by status, in a fixed order, leaving out the statuses with none. */
export function summarizeDeliveries(
  deliveries: Pick<WebhookDelivery, "status">[],
): Array<{ status: WebhookDeliveryStatus; count: number }> {
  const counts = new Map<WebhookDeliveryStatus, number>();
  for (const delivery of deliveries) counts.set(delivery.status, (counts.get(delivery.status) ?? 0) + 1);
  return DELIVERY_STATUSES.filter((status) => counts.has(status)).map((status) => ({
    status,
    count: counts.get(status)!,
  }));
}

/** Pending deliveries change on their own (attempts, retries): the log polls while there are any. */
export function hasPendingDeliveries(deliveries: Pick<WebhookDelivery, "status">[]): boolean {
  return deliveries.some((delivery) => delivery.status === "pending");
}

/** Reasons Parley writes into `disabled_reason` when it disables an endpoint by itself. */
const KNOWN_REASONS: Record<string, "gone" | "failing"> = {
  gone: "gone",
  "failing for over 24 hours": "failing",
};

export type EndpointStatusView =
  | { state: "active"; color: "green" }
  | { state: "paused"; color: "gray" }
  | { state: "disabledByParley"; color: "red"; reason: "gone" | "failing" | "other"; rawReason: string };

/** Active; paused by a person (no reason); or disabled by Parley, with its reason. */
export function endpointStatusView(
  endpoint: Pick<WebhookEndpoint, "status" | "disabled_reason">,
): EndpointStatusView {
  if (endpoint.status === "active") return { state: "active", color: "green" };
  if (!endpoint.disabled_reason) return { state: "paused", color: "gray" };
  return {
    state: "disabledByParley",
    color: "red",
    reason: KNOWN_REASONS[endpoint.disabled_reason] ?? "other",
    rawReason: endpoint.disabled_reason,
  };
}
