import { Alert, Button, Code, CopyButton, DataList, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useFormatters } from "../../i18n/I18nProvider";
import type { Integration } from "./api";
import { ConnectionStatusBadge, IntegrationStatusBadge } from "./StatusBadges";
import { useChannelWords } from "./useChannelWords";
import { useIntegrationUpdate } from "./useIntegrationUpdate";

/** Status, why it is in `error` (the vendor's refusal), the webhook's standing; activate / disable. */
export function IntegrationStatusCard({ integration }: { integration: Integration }) {
  const { t } = useChannelWords();
  const format = useFormatters();
  const update = useIntegrationUpdate(integration.id, (updated) =>
    notifications.show({
      color: "green",
      message: t(updated.status === "active" ? "status.activated" : "status.disabledDone", {
        name: updated.name,
      }),
    }),
  );
  const connection = integration.connection;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="integration-status-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} id="integration-status-title">
            {t("status.title")}
          </Title>
          <IntegrationStatusBadge status={integration.status} />
        </Group>
        {integration.status === "error" && (
          <Alert color="red" title={t("status.errorTitle")} role="alert">
            <Stack gap={4}>
              {connection?.error && <Text size="sm">{connection.error.message}</Text>}
              <Text size="sm">{t("status.errorHint")}</Text>
            </Stack>
          </Alert>
        )}
        {integration.status === "disabled" && (
          <Text size="sm" c="dimmed">
            {t("status.disabledHint")}
          </Text>
        )}
        {connection ? (
          <DataList size="sm" orientation="horizontal" labelWidth={130}>
            <DataList.Item>
              <DataList.ItemLabel>{t("status.connection")}</DataList.ItemLabel>
              <DataList.ItemValue>
                <ConnectionStatusBadge status={connection.status} />
              </DataList.ItemValue>
            </DataList.Item>
            {connection.webhook_url && (
              <DataList.Item>
                <DataList.ItemLabel>{t("status.webhookUrl")}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Code style={{ wordBreak: "break-all", flex: 1, minWidth: 0 }}>
                      {connection.webhook_url}
                    </Code>
                    <CopyButton value={connection.webhook_url}>
                      {({ copied, copy }) => (
                        <Button size="compact-xs" variant="subtle" onClick={copy} style={{ flexShrink: 0 }}>
                          {copied ? t("status.copied") : t("status.copy")}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </DataList.ItemValue>
              </DataList.Item>
            )}
            {/* In `error` the alert above already tells the reason. */}
            {connection.error && integration.status !== "error" && (
              <DataList.Item>
                <DataList.ItemLabel>{t("status.lastError")}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Text size="sm" c={connection.status === "failed" ? "red" : undefined}>
                    {connection.error.message}
                  </Text>
                </DataList.ItemValue>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.ItemLabel>{t("status.checkedAt")}</DataList.ItemLabel>
              <DataList.ItemValue>{format.dateTime(connection.checked_at)}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
        ) : (
          <Text size="sm" c="dimmed">
            {integration.vendor === "parley" ? t("status.parleyHint") : t("status.noConnection")}
          </Text>
        )}
        {connection?.status === "manual" && (
          <Text size="sm" c="dimmed">
            {t("status.manualHint")}
          </Text>
        )}
        <FormErrorAlert error={update.error} />
        <Group>
          {integration.status === "active" ? (
            <Button
              variant="default"
              loading={update.isPending}
              onClick={() => update.mutate({ status: "disabled" })}
            >
              {t("status.disable")}
            </Button>
          ) : (
            <Button loading={update.isPending} onClick={() => update.mutate({ status: "active" })}>
              {integration.status === "error" ? t("status.retry") : t("status.activate")}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t("status.updatedAt", { at: format.dateTime(integration.updated_at) })}
        </Text>
      </Stack>
    </Paper>
  );
}
