import { Alert, Anchor, Button, DataList, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { QueryState, useErrorText } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { getWebhookEndpoint, updateWebhookEndpoint, type WebhookEndpoint, webhookKeys } from "./api";
import { DeliveryLog } from "./DeliveryLog";
import { endpointStatusView } from "./delivery-status";
import { EndpointEvents, EndpointStatusBadge } from "./EndpointStatusBadge";
import { WebhookActionsMenu } from "./WebhookActionsMenu";

/** /webhooks/:endpointId: the endpoint, its settings and its delivery log. */
export function WebhookPage() {
  const t = useT("webhooks");
  const { endpointId = "" } = useParams();
  const query = useQuery({
    queryKey: webhookKeys.endpoint(endpointId),
    queryFn: () => getWebhookEndpoint(endpointId),
  });
  return (
    <Stack>
      <Anchor component={Link} to="/webhooks" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("list.title")}
        </Group>
      </Anchor>
      <QueryState query={query}>
        {(endpoint) => (
          <>
            <EndpointHeader endpoint={endpoint} />
            <DeliveryLog endpoint={endpoint} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function EndpointHeader({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT("webhooks");
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const view = endpointStatusView(endpoint);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} fz={{ base: "h3", sm: "h2" }} style={{ overflowWrap: "anywhere" }}>
            {endpoint.url}
          </Title>
          <Group gap="xs">
            <EndpointStatusBadge endpoint={endpoint} />
            <Text size="sm" c="dimmed">
              {endpoint.id}
            </Text>
          </Group>
        </Stack>
        <WebhookActionsMenu endpoint={endpoint} onDeleted={() => navigate("/webhooks", { replace: true })} />
      </Group>
      {view.state !== "active" ? <DisabledAlert endpoint={endpoint} /> : null}
      <DataList labelWidth={140}>
        <DataList.Item>
          <DataList.ItemLabel>{t("list.events")}</DataList.ItemLabel>
          <DataList.ItemValue>
            <EndpointEvents events={endpoint.events} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("detail.ordering")}</DataList.ItemLabel>
          <DataList.ItemValue>
            {endpoint.ordered ? t("detail.ordered") : t("detail.unordered")}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("list.created")}</DataList.ItemLabel>
          <DataList.ItemValue>{dateTime(endpoint.created_at)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Stack>
  );
}

/** Why nothing is being sent, and the way back. */
function DisabledAlert({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT("webhooks");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const view = endpointStatusView(endpoint);
  const enable = useMutation({
    mutationFn: () => updateWebhookEndpoint(endpoint.id, { status: "active" }),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("actions.enabled") });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const text =
    view.state === "disabledByParley"
      ? t("detail.disabledByParley", {
          reason: view.reason === "other" ? view.rawReason : t(`status.reason.${view.reason}`),
        })
      : t("detail.paused");
  return (
    <Alert color={view.color === "red" ? "red" : "yellow"} title={t(`status.${view.state}`)}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {enable.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorText(enable.error)}
          </Text>
        ) : null}
        <Button size="xs" onClick={() => enable.mutate()} loading={enable.isPending}>
          {t("actions.enable")}
        </Button>
      </Stack>
    </Alert>
  );
}
