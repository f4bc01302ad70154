import { Badge, Button, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import { countThreads, inboxKeys } from "./api";
import { filtersToCountsQuery, type InboxFilters, STATUS_TABS } from "./filters";

/**
 * Open / Pending / Snoozed / Resolved / All, each with its count from GET /v1/threads/counts
 * under the other filters (read again on live events: useInboxLive). The tabs wrap onto a second
 * line rather than cut a label or a count when the list panel is narrow.
 */
export function StatusTabs(props: { filters: InboxFilters; onChange(filters: InboxFilters): void }) {
  const t = useT("inbox");
  const counts = useQuery({
    queryKey: inboxKeys.counts(filtersToCountsQuery(props.filters)),
    queryFn: () => countThreads(props.filters),
  });
  const data = counts.data;
  const total = data ? data.open + data.pending + data.snoozed + data.resolved : undefined;
  return (
    <Group gap={4} wrap="wrap" role="radiogroup" aria-label={t("status.tabs")} data-testid="status-tabs">
      {STATUS_TABS.map((tab) => {
        const n = tab === "all" ? total : data?.[tab];
        const active = props.filters.status === tab;
        return (
          <Button
            key={tab}
            size="compact-xs"
            variant={active ? "filled" : "subtle"}
            role="radio"
            aria-checked={active}
            data-status-tab={tab}
            onClick={() => props.onChange({ ...props.filters, status: tab })}
            rightSection={
              n === undefined ? undefined : (
                <Badge size="xs" variant={active ? "white" : "light"} circle={n < 10}>
                  {n}
                </Badge>
              )
            }
          >
            {t(`status.${tab}`)}
          </Button>
        );
      })}
    </Group>
  );
}
