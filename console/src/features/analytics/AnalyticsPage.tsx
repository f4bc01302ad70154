import { Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { AnalyticsBreakdowns } from "./AnalyticsBreakdowns";
import { AnalyticsCharts } from "./AnalyticsCharts";
import { AnalyticsFiltersBar } from "./AnalyticsFilters";
import { browserTimeZone, chartRows, presetRange, todayIn } from "./analytics-view";
import { type AnalyticsFilters, analyticsKeys, getAnalytics, listBotChoices } from "./api";
import { CsatCard } from "./CsatCard";
import { SummaryCards } from "./SummaryCards";

const DEFAULT_PRESET = 30;

/**
 * /analytics (docs/quality.md, "Analytics"): the project's conversations over a range of days in
 * a time zone (the browser's by default), optionally of one bot or channel: totals, charts per
 * day, what hand-overs, failures and tool calls were made of, and the CSV of the same.
 */
export function AnalyticsPage() {
  const t = useT("analytics");
  const { language } = useLanguage();
  const [{ filters, preset }, setState] = useState(() => {
    const timeZone = browserTimeZone();
    return {
      filters: { ...presetRange(DEFAULT_PRESET, todayIn(timeZone)), timeZone, botId: null, channel: null },
      preset: String(DEFAULT_PRESET),
    } as { filters: AnalyticsFilters; preset: string };
  });
  const report = useQuery({
    queryKey: analyticsKeys.report(filters),
    queryFn: () => getAnalytics(filters),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => (report.data ? chartRows(report.data, language) : []), [report.data, language]);
  const bots = useQuery({ queryKey: ["bots"], queryFn: listBotChoices });
  const botNames = useMemo(() => new Map((bots.data ?? []).map((bot) => [bot.id, bot.name])), [bots.data]);
  return (
    <Stack gap="lg">
      <PageHeader title={t("title")} intro={t("intro")} />
      <AnalyticsFiltersBar
        filters={filters}
        preset={preset}
        onChange={(next, nextPreset) => setState({ filters: next, preset: nextPreset })}
      />
      <QueryState query={report}>
        {(data) => (
          <Stack
            gap="lg"
            style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={report.isPlaceholderData}
          >
            <SummaryCards totals={data.totals} />
            <AnalyticsCharts rows={rows} />
            <AnalyticsBreakdowns totals={data.totals} />
            <CsatCard filters={filters} botNames={botNames} />
            <Text size="xs" c="dimmed">
              {t("footnote", { zone: data.time_zone })}
            </Text>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
