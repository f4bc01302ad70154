import { SegmentedControl } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import { countThreads, inboxKeys } from "./api";
import { filtersToCountsQuery, type InboxFilters, STATUS_TABS } from "./filters";

/**
 * Open / Pending / Snoozed / Resolved / All, each with its count from GET /v1/threads/counts
 * under the other filters (read again on live events: useInboxLive).
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
    <SegmentedControl
      size="xs"
      fullWidth
      aria-label={t("status.tabs")}
      data-testid="status-tabs"
      value={props.filters.status}
      onChange={(value) => props.onChange({ ...props.filters, status: value as InboxFilters["status"] })}
      data={STATUS_TABS.map((tab) => {
        const n = tab === "all" ? total : data?.[tab];
        return { value: tab, label: n === undefined ? t(`status.${tab}`) : `${t(`status.${tab}`)} ${n}` };
      })}
    />
  );
}
