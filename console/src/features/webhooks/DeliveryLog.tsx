import { Badge, Button, Flex, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { listWebhookDeliveries, type WebhookDelivery, type WebhookEndpoint, webhookKeys } from "./api";
import { DeliveryDetailDrawer } from "./DeliveryDetailDrawer";
import { DeliveryOutcomeText, DeliveryStatusBadge } from "./DeliveryStatusBadge";
import { deliveryStatusColor, hasPendingDeliveries, summarizeDeliveries } from "./delivery-status";
import { useRetryDelivery } from "./useRetryDelivery";

const PAGE_SIZE = 20;
const POLL_MS = 5000;

/** The endpoint's delivery log, newest first, a page at a time; polls while deliveries are pending. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT("webhooks");
  const common = useT("common");
  const { dateTime } = useFormatters();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const retry = useRetryDelivery(endpoint.id);

  const query = useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpoint.id),
    queryFn: ({ pageParam }) => listWebhookDeliveries(endpoint.id, pageParam, PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (q) =>
      hasPendingDeliveries(q.state.data?.pages.flatMap((page) => page.data) ?? []) ? POLL_MS : false,
  });
  const deliveries = query.data?.pages.flatMap((page) => page.data) ?? [];
  const selected = deliveries.find((delivery) => delivery.id === selectedId) ?? null;
  const canRetry = endpoint.status === "active";

  const retryButton = (delivery: WebhookDelivery) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      data-testid="retry-delivery-button"
      disabled={!canRetry}
      loading={retry.isPending && retry.variables === delivery.id}
      onClick={() => retry.mutate(delivery.id)}
      aria-label={t("deliveries.retryLabel", {
        type: delivery.event_type,
        time: dateTime(delivery.created_at),
      })}
    >
      {delivery.status === "succeeded" ? t("deliveries.replay") : t("deliveries.retry")}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{t("deliveries.title")}</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => query.refetch()}
          loading={query.isRefetching && !query.isFetchingNextPage}
        >
          {common("actions.refresh")}
        </Button>
      </Group>
      <QueryState query={query}>
        {() =>
          deliveries.length === 0 ? (
            <EmptyState title={t("deliveries.emptyTitle")} hint={t("deliveries.emptyHint")} />
          ) : (
            <>
              {canRetry ? null : (
                <Text size="sm" c="dimmed">
                  {t("deliveries.enableToRetry")}
                </Text>
              )}
              <Group gap="xs" aria-label={t("deliveries.summary")}>
                <Text size="sm" c="dimmed">
                  {t("deliveries.shown", { n: deliveries.length })}
                </Text>
                {summarizeDeliveries(deliveries).map(({ status, count }) => (
                  <Badge key={status} color={deliveryStatusColor(status)} variant="dot">
                    {t(`deliveryStatus.${status}`)}: {count}
                  </Badge>
                ))}
              </Group>
              <Table.ScrollContainer minWidth={340}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("deliveries.event")}</Table.Th>
                      <Table.Th visibleFrom="sm">{t("deliveries.status")}</Table.Th>
                      <Table.Th visibleFrom="sm">{t("deliveries.attempts")}</Table.Th>
                      <Table.Th visibleFrom="sm">{t("deliveries.response")}</Table.Th>
                      <Table.Th visibleFrom="md">{t("deliveries.time")}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {deliveries.map((delivery) => (
                      <Table.Tr key={delivery.id} data-testid="delivery-row">
                        <Table.Td>
                          <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                            {delivery.event_type}
                          </Text>
                          <Group gap="xs" mt={4} hiddenFrom="sm">
                            <DeliveryStatusBadge status={delivery.status} />
                            <DeliveryOutcomeText delivery={delivery} />
                          </Group>
                          <Text size="xs" c="dimmed" hiddenFrom="md">
                            {dateTime(delivery.created_at)}
                          </Text>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">
                          <DeliveryStatusBadge status={delivery.status} />
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{delivery.attempts}</Table.Td>
                        <Table.Td visibleFrom="sm" maw={260}>
                          <DeliveryOutcomeText delivery={delivery} />
                        </Table.Td>
                        <Table.Td visibleFrom="md">
                          <Text size="sm">{dateTime(delivery.created_at)}</Text>
                          {delivery.status === "pending" && delivery.next_attempt_at ? (
                            <Text size="xs" c="dimmed">
                              {t("deliveries.nextAt", { time: dateTime(delivery.next_attempt_at) })}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Flex
                            gap="xs"
                            direction={{ base: "column", sm: "row" }}
                            align="flex-end"
                            justify="flex-end"
                          >
                            <Button size="xs" variant="subtle" onClick={() => setSelectedId(delivery.id)}>
                              {t("deliveries.details")}
                            </Button>
                            {retryButton(delivery)}
                          </Flex>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <LoadMoreButton query={query} />
              {query.isFetchNextPageError ? (
                <Text c="red" size="sm" role="alert">
                  {common("state.error")}
                </Text>
              ) : null}
            </>
          )
        }
      </QueryState>
      <DeliveryDetailDrawer
        endpoint={endpoint}
        delivery={selected}
        onClose={() => setSelectedId(null)}
        onRetry={(delivery) => retry.mutate(delivery.id)}
        retrying={retry.isPending && retry.variables === selected?.id}
      />
    </Stack>
  );
}
