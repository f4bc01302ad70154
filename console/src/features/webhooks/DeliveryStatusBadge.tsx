import { Badge, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { WebhookDelivery } from "./api";
import { deliveryOutcome, deliveryStatusColor } from "./delivery-status";

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  const t = useT("webhooks");
  return (
    <Badge color={deliveryStatusColor(status)} variant="light" styles={{ label: { overflow: "visible" } }}>
      {t(`deliveryStatus.${status}`)}
    </Badge>
  );
}

/** "HTTP 500", the connection error, or a dash before the first attempt. */
export function DeliveryOutcomeText({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT("webhooks");
  const outcome = deliveryOutcome(delivery);
  if (outcome.kind === "http") {
    return (
      <Text size="sm" c={outcome.ok ? "green" : "red"} ff="monospace">
        {t("deliveries.http", { code: outcome.code })}
      </Text>
    );
  }
  if (outcome.kind === "error") {
    return (
      <Text size="sm" c="red" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
        {outcome.message}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
