import { Button, Group, Select, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useT } from "../../i18n/I18nProvider";
import { channelChoices, PRESETS, presetRange, timeZones, todayIn } from "./analytics-view";
import { type AnalyticsFilters, analyticsCsvUrl, listBotChoices, listIntegrationVendors } from "./api";

/** Two filters a row on a phone. */
const HALF = "calc(50% - var(--mantine-spacing-sm) / 2)";

/** Range (a preset or two dates), time zone, bot, channel; and the CSV of what is shown. */
export function AnalyticsFiltersBar(props: {
  filters: AnalyticsFilters;
  preset: string;
  onChange(filters: AnalyticsFilters, preset: string): void;
}) {
  const t = useT("analytics");
  const vendors = useT("channels");
  const { filters, preset, onChange } = props;
  // `parley` and `api` in analytics' words; other vendors by the names the channels screen uses.
  const channelLabel = (channel: string) => {
    if (channel === "parley" || channel === "api") return t(`channels.${channel}`);
    const name = vendors(`vendors.${channel}`);
    return name === `channels:vendors.${channel}` ? channel : name;
  };
  const bots = useQuery({ queryKey: ["bots"], queryFn: listBotChoices });
  const integrations = useQuery({ queryKey: ["integrations"], queryFn: listIntegrationVendors });
  const zones = useMemo(() => timeZones(filters.timeZone), [filters.timeZone]);
  const set = (patch: Partial<AnalyticsFilters>, nextPreset = preset) =>
    onChange({ ...filters, ...patch }, nextPreset);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="analytics-filters">
      <Select
        label={t("filters.period")}
        value={preset}
        data={[
          ...PRESETS.map((days) => ({ value: String(days), label: t("filters.lastDays", { n: days }) })),
          { value: "custom", label: t("filters.custom") },
        ]}
        onChange={(value) => {
          if (!value) return;
          if (value === "custom") return set({}, "custom");
          set(presetRange(Number(value), todayIn(filters.timeZone)), value);
        }}
        allowDeselect={false}
        w={{ base: HALF, sm: 190 }}
      />
      {preset === "custom" ? (
        <>
          <TextInput
            type="date"
            label={t("filters.from")}
            value={filters.from}
            max={filters.to}
            onChange={(event) => event.currentTarget.value && set({ from: event.currentTarget.value })}
            w={{ base: HALF, sm: 150 }}
          />
          <TextInput
            type="date"
            label={t("filters.to")}
            value={filters.to}
            min={filters.from}
            onChange={(event) => event.currentTarget.value && set({ to: event.currentTarget.value })}
            w={{ base: HALF, sm: 150 }}
          />
        </>
      ) : null}
      <Select
        label={t("filters.timeZone")}
        value={filters.timeZone}
        data={zones}
        searchable
        allowDeselect={false}
        onChange={(value) => value && set({ timeZone: value })}
        w={{ base: HALF, sm: 210 }}
        data-testid="analytics-time-zone"
      />
      <Select
        label={t("filters.bot")}
        value={filters.botId ?? ""}
        data={[
          { value: "", label: t("filters.allBots") },
          ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
        ]}
        allowDeselect={false}
        onChange={(value) => set({ botId: value ? value : null })}
        w={{ base: HALF, sm: 180 }}
        data-testid="analytics-bot"
      />
      <Select
        label={t("filters.channel")}
        value={filters.channel ?? ""}
        data={[
          { value: "", label: t("filters.allChannels") },
          ...channelChoices(integrations.data ?? []).map((channel) => ({
            value: channel,
            label: channelLabel(channel),
          })),
        ]}
        allowDeselect={false}
        onChange={(value) => set({ channel: value ? value : null })}
        w={{ base: HALF, sm: 180 }}
      />
      <Button
        component="a"
        href={analyticsCsvUrl(filters)}
        download
        variant="light"
        leftSection={<IconDownload size={16} />}
        data-testid="analytics-csv"
      >
        {t("filters.csv")}
      </Button>
    </Group>
  );
}
