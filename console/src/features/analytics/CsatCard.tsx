import { Card, Group, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { type AnalyticsFilters, type CsatSummary, csatKeys, getCsatSummary } from "./api";

/**
 * CSAT on the analytics page (docs/csat.md, "Reports"): the average and count of the customers'
 * ratings answered in the chosen days (UTC days), and the same per operator and per bot.
 */
export function CsatCard({
  filters,
  botNames,
}: {
  filters: AnalyticsFilters;
  botNames: Map<string, string>;
}) {
  const t = useT("analytics");
  const byOperator = useQuery({
    queryKey: csatKeys.summary(filters, "operator"),
    queryFn: () => getCsatSummary(filters, "operator"),
  });
  const byBot = useQuery({
    queryKey: csatKeys.summary(filters, "bot"),
    queryFn: () => getCsatSummary(filters, "bot"),
  });
  const summary = byOperator.data;
  return (
    <Card withBorder padding="sm" data-testid="analytics-csat">
      <Group justify="space-between" mb="xs">
        <Title order={4} size="h5">
          {t("csat.title")}
        </Title>
        {summary && (
          <Text size="sm" data-testid="analytics-csat-average">
            {summary.average === null
              ? t("csat.noRatings")
              : t("csat.average", { average: summary.average.toFixed(2), count: summary.count })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <GroupTable
          title={t("csat.byOperator")}
          summary={summary}
          nameOf={(group) => group.name ?? group.key ?? t("csat.noOperator")}
        />
        <GroupTable
          title={t("csat.byBot")}
          summary={byBot.data}
          nameOf={(group) => (group.key ? (botNames.get(group.key) ?? group.key) : "—")}
        />
      </SimpleGrid>
    </Card>
  );
}

function GroupTable(props: {
  title: string;
  summary: CsatSummary | undefined;
  nameOf: (group: CsatSummary["groups"][number]) => string;
}) {
  const t = useT("analytics");
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const groups = props.summary?.groups ?? [];
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {props.title}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("breakdowns.none")}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">{t("csat.averageColumn")}</Table.Th>
              <Table.Th ta="right">{t("csat.countColumn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={group.key ?? "none"}>
                <Table.Td style={{ wordBreak: "break-word" }}>{props.nameOf(group)}</Table.Td>
                <Table.Td ta="right">{group.average === null ? "—" : number.format(group.average)}</Table.Td>
                <Table.Td ta="right">{number.format(group.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
