import { Chip, Group, Loader, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import type { InboxFilters } from "./filters";
import { LiveIndicator } from "./LiveIndicator";
import { ThreadFiltersPopover } from "./ThreadFiltersPopover";
import type { LiveStatus } from "./useInboxLive";

const SEARCH_DEBOUNCE_MS = 350;

/** Search, whose threads (all / mine / unassigned), "waiting", the other filters, and the live state. */
export function ThreadFiltersBar(props: {
  filters: InboxFilters;
  onChange(filters: InboxFilters): void;
  live: LiveStatus;
  refreshing: boolean;
}) {
  const t = useT("inbox");
  const { filters, onChange } = props;
  const [search, setSearch] = useState(filters.search);
  const commitSearch = useDebouncedCallback(
    (value: string) => onChange({ ...filters, search: value }),
    SEARCH_DEBOUNCE_MS,
  );

  // Back/forward navigation changes the URL's search: show it.
  useEffect(() => setSearch(filters.search), [filters.search]);

  const assignee = filters.assignee === "me" || filters.assignee === "none" ? filters.assignee : "all";

  return (
    <Stack gap="xs">
      <TextInput
        data-testid="inbox-search"
        aria-label={t("filters.search")}
        placeholder={t("filters.searchPlaceholder")}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={props.refreshing ? <Loader size="xs" aria-label={t("filters.refreshing")} /> : null}
        value={search}
        maxLength={500}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape" && search) {
            commitSearch.cancel();
            setSearch("");
            onChange({ ...filters, search: "" });
          }
        }}
      />
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t("filters.assignee")}
        value={assignee}
        onChange={(value) => onChange({ ...filters, assignee: value === "all" ? null : value })}
        data={[
          { value: "all", label: t("filters.assigneeAll") },
          { value: "me", label: t("filters.assigneeMe") },
          { value: "none", label: t("filters.assigneeNone") },
        ]}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Chip
            size="xs"
            checked={filters.waiting}
            onChange={(checked) => onChange({ ...filters, waiting: checked })}
          >
            {t("filters.waiting")}
          </Chip>
          <ThreadFiltersPopover filters={filters} onChange={onChange} />
        </Group>
        <LiveIndicator status={props.live} />
      </Group>
    </Stack>
  );
}
