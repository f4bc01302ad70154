import { Card, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import type { AnalyticsReport } from "./api";

/** Hand-overs by reason, failed replies by code, tool calls by tool: what the totals are made of. */
export function AnalyticsBreakdowns({ totals }: { totals: AnalyticsReport["totals"] }) {
  const t = useT("analytics");
  const lists = [
    {
      id: "handoffs",
      rows: totals.handoff_reasons.map((row) => [t(`reasons.${row.reason}`), row.count] as const),
    },
    { id: "failures", rows: totals.failed_replies_by_code.map((row) => [row.code, row.count] as const) },
    { id: "tools", rows: totals.tool_calls.map((row) => [row.name, row.count] as const) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
      {lists.map((list) => (
        <BreakdownCard key={list.id} id={list.id} title={t(`breakdowns.${list.id}`)} rows={list.rows} />
      ))}
    </SimpleGrid>
  );
}

function BreakdownCard(props: { id: string; title: string; rows: ReadonlyArray<readonly [string, number]> }) {
  const t = useT("analytics");
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  return (
    <Card withBorder padding="sm" data-testid={`analytics-breakdown-${props.id}`}>
      <Title order={4} size="h5" mb="xs">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("breakdowns.none")}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {props.rows.map(([name, count]) => (
              <Table.Tr key={name}>
                <Table.Td style={{ wordBreak: "break-word" }}>{name}</Table.Td>
                <Table.Td ta="right">{number.format(count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
