import { Alert, Button, Code, DataList, Drawer, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { WebhookDelivery, WebhookEndpoint } from "./api";
import { DeliveryOutcomeText, DeliveryStatusBadge } from "./DeliveryStatusBadge";

/**
 * One delivery: what was sent (the request line and Parley's headers; the API keeps the event
 * id but does not return the body) and what the endpoint answered last.
 */
export function DeliveryDetailDrawer(props: {
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery | null;
  onClose(): void;
  onRetry(delivery: WebhookDelivery): void;
  retrying: boolean;
}) {
  const t = useT("webhooks");
  const { dateTime } = useFormatters();
  const narrow = useMediaQuery("(max-width: 48em)");
  const { delivery, endpoint } = props;
  return (
    <Drawer
      opened={delivery !== null}
      onClose={props.onClose}
      position="right"
      size={narrow ? "100%" : "lg"}
      title={t("detail.title")}
    >
      {delivery ? (
        <Stack>
          <DataList labelWidth={150}>
            <Item label={t("detail.status")}>
              <DeliveryStatusBadge status={delivery.status} />
            </Item>
            <Item label={t("detail.eventType")}>
              <Code>{delivery.event_type}</Code>
            </Item>
            <Item label={t("detail.eventId")}>
              <Code>{delivery.event_id}</Code>
            </Item>
            <Item label={t("detail.deliveryId")}>
              <Code>{delivery.id}</Code>
            </Item>
            <Item label={t("detail.attempts")}>{delivery.attempts}</Item>
            <Item label={t("detail.created")}>{dateTime(delivery.created_at)}</Item>
            <Item label={t("detail.delivered")}>{dateTime(delivery.delivered_at)}</Item>
            <Item label={t("detail.nextAttempt")}>{dateTime(delivery.next_attempt_at)}</Item>
          </DataList>

          <Title order={4}>{t("detail.request")}</Title>
          <Code block>
            {`POST ${endpoint.url}\ncontent-type: application/json\nx-service-event-id: ${delivery.event_id}\nx-service-signature: <HMAC-SHA256>\nx-service-timestamp: <unix seconds>`}
          </Code>
          <Text size="xs" c="dimmed">
            {t("detail.requestNote")}
          </Text>

          <Title order={4}>{t("detail.response")}</Title>
          <DataList labelWidth={150}>
            <Item label={t("detail.statusCode")}>
              <DeliveryOutcomeText delivery={{ ...delivery, last_error: null }} />
            </Item>
            <Item label={t("detail.error")}>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {delivery.last_error ?? "—"}
              </Text>
            </Item>
          </DataList>
          {delivery.last_response ? (
            <ScrollArea.Autosize mah={320} type="auto">
              <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {delivery.last_response}
              </Code>
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed">
              {t("detail.noResponse")}
            </Text>
          )}

          {endpoint.status !== "active" ? (
            <Alert color="yellow">{t("deliveries.enableToRetry")}</Alert>
          ) : null}
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => props.onRetry(delivery)}
            loading={props.retrying}
            disabled={endpoint.status !== "active"}
            variant="light"
            style={{ alignSelf: "flex-start" }}
          >
            {delivery.status === "succeeded" ? t("deliveries.replay") : t("deliveries.retry")}
          </Button>
        </Stack>
      ) : null}
    </Drawer>
  );
}

function Item(props: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{props.label}</DataList.ItemLabel>
      <DataList.ItemValue>{props.children}</DataList.ItemValue>
    </DataList.Item>
  );
}
