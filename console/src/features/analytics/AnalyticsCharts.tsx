import { Card, SimpleGrid, Title } from "@mantine/core";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { type ChartRow, formatCredits, formatDuration, responseAxis } from "./analytics-view";

// Mantine's default palette (teal, orange, gray, indigo, grape): SVG attributes take colours, not CSS variables.
const COLORS = {
  resolved: "#0ca678",
  handedOff: "#f76707",
  other: "#adb5bd",
  bot: "#4c6ef5",
  people: "#ae3ec9",
  cost: "#4c6ef5",
};
const HEIGHT = 240;
// Charts are drawn at once (no animation): what a screenshot or a reader sees is the data.

function ChartCard(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" data-testid={`analytics-chart-${props.id}`}>
      <Title order={4} size="h5" mb="xs" id={`analytics-chart-${props.id}`}>
        {props.title}
      </Title>
      <div
        role="img"
        aria-labelledby={`analytics-chart-${props.id}`}
        style={{ width: "100%", height: HEIGHT }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          {props.children as never}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** Conversations per day (by outcome), resolution and hand-over rates, first response times, cost. */
export function AnalyticsCharts({ rows }: { rows: ChartRow[] }) {
  const t = useT("analytics");
  const { language } = useLanguage();
  const axis = { tick: { fontSize: 11 }, tickLine: false } as const;
  const xAxis = <XAxis dataKey="label" {...axis} minTickGap={16} />;
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} />;
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} />;
  const seconds = (value: unknown) => formatDuration(Number(value) * 1000, language);
  const response = responseAxis(rows);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <ChartCard id="conversations" title={t("charts.conversations")}>
        <BarChart data={rows}>
          {grid}
          {xAxis}
          <YAxis {...axis} allowDecimals={false} width={36} />
          <Tooltip />
          {legend}
          <Bar
            isAnimationActive={false}
            dataKey="resolved"
            name={t("series.resolved")}
            stackId="c"
            fill={COLORS.resolved}
          />
          <Bar
            isAnimationActive={false}
            dataKey="handedOff"
            name={t("series.handedOff")}
            stackId="c"
            fill={COLORS.handedOff}
          />
          <Bar
            isAnimationActive={false}
            dataKey="other"
            name={t("series.other")}
            stackId="c"
            fill={COLORS.other}
          />
        </BarChart>
      </ChartCard>
      <ChartCard id="rates" title={t("charts.rates")}>
        <LineChart data={rows}>
          {grid}
          {xAxis}
          <YAxis {...axis} domain={[0, 100]} unit="%" width={44} />
          <Tooltip formatter={(value) => `${value} %`} />
          {legend}
          <Line
            isAnimationActive={false}
            dataKey="resolutionRate"
            name={t("series.resolutionRate")}
            stroke={COLORS.resolved}
            dot={false}
            connectNulls
          />
          <Line
            isAnimationActive={false}
            dataKey="handoffRate"
            name={t("series.handoffRate")}
            stroke={COLORS.handedOff}
            dot={false}
            connectNulls
          />
        </LineChart>
      </ChartCard>
      <ChartCard id="response" title={t("charts.response")}>
        <LineChart data={rows}>
          {grid}
          {xAxis}
          <YAxis
            {...axis}
            scale="log"
            domain={response.domain}
            ticks={response.ticks}
            tickFormatter={seconds}
            width={64}
          />
          <Tooltip formatter={seconds} />
          {legend}
          <Line
            isAnimationActive={false}
            dataKey="botP50"
            name={t("series.botP50")}
            stroke={COLORS.bot}
            dot={false}
            connectNulls
          />
          <Line
            isAnimationActive={false}
            dataKey="botP90"
            name={t("series.botP90")}
            stroke={COLORS.bot}
            strokeDasharray="4 3"
            dot={false}
            connectNulls
          />
          <Line
            isAnimationActive={false}
            dataKey="peopleP50"
            name={t("series.peopleP50")}
            stroke={COLORS.people}
            dot={false}
            connectNulls
          />
          <Line
            isAnimationActive={false}
            dataKey="peopleP90"
            name={t("series.peopleP90")}
            stroke={COLORS.people}
            strokeDasharray="4 3"
            dot={false}
            connectNulls
          />
        </LineChart>
      </ChartCard>
      <ChartCard id="cost" title={t("charts.cost")}>
        <BarChart data={rows}>
          {grid}
          {xAxis}
          <YAxis {...axis} width={44} tickFormatter={(value) => formatCredits(Number(value), language)} />
          <Tooltip formatter={(value) => formatCredits(Number(value), language)} />
          <Bar isAnimationActive={false} dataKey="cost" name={t("series.cost")} fill={COLORS.cost} />
        </BarChart>
      </ChartCard>
    </SimpleGrid>
  );
}
