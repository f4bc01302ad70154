import { Badge, Button, Popover, Select, Stack } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import { LabelFilter } from "../labels/LabelFilter";
import { TeamFilterSelect } from "../routing/TeamFilterSelect";
import { countExtraFilters, type InboxFilters } from "./filters";
import { THREAD_MODES, type ThreadMode } from "./types";
import { useBots, useChats } from "./useInboxLookups";

/** Chat, bot, mode and label filters, behind one button that counts the ones that are on. */
export function ThreadFiltersPopover(props: {
  filters: InboxFilters;
  onChange(filters: InboxFilters): void;
}) {
  const t = useT("inbox");
  const { filters, onChange } = props;
  const chats = useChats();
  const bots = useBots();
  const count = countExtraFilters(filters);
  const lookupError = chats.query.isError || bots.query.isError ? t("filters.lookupError") : undefined;

  return (
    <Popover width={280} position="bottom-start" trapFocus shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant={count > 0 ? "light" : "subtle"}
          leftSection={<IconFilter size={14} aria-hidden />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle>
                {count}
              </Badge>
            ) : null
          }
          aria-label={count > 0 ? t("filters.buttonCount", { n: count }) : t("filters.button")}
        >
          {t("filters.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label={t("filters.chat")}
            placeholder={t("filters.any")}
            data={(chats.query.data ?? []).map((chat) => ({ value: chat.id, label: chat.name }))}
            value={filters.chat_id}
            onChange={(value) => onChange({ ...filters, chat_id: value })}
            clearable
            searchable
            nothingFoundMessage={t("filters.nothingFound")}
            error={chats.query.isError ? lookupError : undefined}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t("filters.bot")}
            placeholder={t("filters.any")}
            data={(bots.query.data ?? []).map((bot) => ({ value: bot.id, label: bot.name }))}
            value={filters.bot_id}
            onChange={(value) => onChange({ ...filters, bot_id: value })}
            clearable
            searchable
            nothingFoundMessage={t("filters.nothingFound")}
            error={bots.query.isError ? lookupError : undefined}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t("filters.mode")}
            placeholder={t("filters.any")}
            data={THREAD_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
            value={filters.mode}
            onChange={(value) => onChange({ ...filters, mode: (value as ThreadMode | null) ?? null })}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
          <LabelFilter
            labels={filters.labels}
            match={filters.labels_match}
            onChange={(labels, labels_match) => onChange({ ...filters, labels, labels_match })}
          />
          <TeamFilterSelect value={filters.team} onChange={(team) => onChange({ ...filters, team })} />
          <Button
            variant="subtle"
            size="xs"
            disabled={count === 0}
            onClick={() =>
              onChange({
                ...filters,
                chat_id: null,
                bot_id: null,
                mode: null,
                labels: [],
                labels_match: "all",
                team: null,
              })
            }
          >
            {t("filters.clearThese")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
