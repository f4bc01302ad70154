import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { type CreatedWebhookEndpoint, listWebhookEndpoints, type WebhookEndpoint, webhookKeys } from "./api";
import { EndpointEvents, EndpointStatusBadge } from "./EndpointStatusBadge";
import { WebhookActionsMenu } from "./WebhookActionsMenu";
import { WebhookFormModal } from "./WebhookFormModal";
import { WebhookSecretModal } from "./WebhookSecretModal";

/** /webhooks: the project's endpoints; create one and see its secret once. */
export function WebhooksPage() {
  const t = useT("webhooks");
  const query = useQuery({ queryKey: webhookKeys.all, queryFn: listWebhookEndpoints });
  const [creating, create] = useDisclosure();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={create.open} data-testid="create-webhook-button">
      {t("list.create")}
    </Button>
  );

  return (
    <Stack>
      <PageHeader
        title={t("list.title")}
        intro={t("list.intro")}
        action={query.data && query.data.length > 0 ? createButton : null}
      />
      <QueryState query={query}>
        {(endpoints) =>
          endpoints.length === 0 ? (
            <EmptyState title={t("list.emptyTitle")} hint={t("list.emptyHint")} action={createButton} />
          ) : (
            <EndpointsTable endpoints={endpoints} />
          )
        }
      </QueryState>
      <WebhookFormModal opened={creating} onClose={create.close} onCreated={setCreated} />
      <WebhookSecretModal
        secret={created?.secret ?? null}
        url={created?.url}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}

function EndpointsTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const t = useT("webhooks");
  const { dateTime } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("list.url")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("list.events")}</Table.Th>
            <Table.Th>{t("list.status")}</Table.Th>
            <Table.Th visibleFrom="md">{t("list.created")}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id} data-testid="webhook-row">
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Anchor component={Link} to={`/webhooks/${endpoint.id}`} fw={500}>
                  {endpoint.url}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <EndpointEvents events={endpoint.events} />
              </Table.Td>
              <Table.Td>
                <EndpointStatusBadge endpoint={endpoint} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{dateTime(endpoint.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <WebhookActionsMenu endpoint={endpoint} compact />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
