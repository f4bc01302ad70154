import { Anchor, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormatters } from "../../i18n/I18nProvider";
import type { Integration } from "./api";
import { ConnectionStatusBadge, IntegrationStatusBadge } from "./StatusBadges";
import { useChannelWords } from "./useChannelWords";

/** The project's integrations; the name opens the integration page. */
export function IntegrationsTable({ integrations }: { integrations: Integration[] }) {
  const { t, vendor } = useChannelWords();
  const format = useFormatters();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("list.name")}</Table.Th>
            <Table.Th>{t("list.vendor")}</Table.Th>
            <Table.Th>{t("list.status")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("list.connection")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("list.created")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {integrations.map((integration) => (
            <Table.Tr key={integration.id} data-testid="integration-row" data-integration-id={integration.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={`/channels/${integration.id}`} fw={500}>
                    {integration.name}
                  </Anchor>
                  {integration.status === "error" && integration.connection?.error && (
                    <Text size="xs" c="red" lineClamp={2}>
                      {integration.connection.error.message}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{vendor(integration.vendor)}</Table.Td>
              <Table.Td>
                <IntegrationStatusBadge status={integration.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {integration.connection ? (
                  <ConnectionStatusBadge status={integration.connection.status} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t("list.noConnection")}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{format.dateTime(integration.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
