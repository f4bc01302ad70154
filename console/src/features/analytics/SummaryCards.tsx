import { Card, SimpleGrid, Text } from "@mantine/core";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatCredits, formatDuration, formatRate } from "./analytics-view";
import type { AnalyticsReport } from "./api";

/** The range's totals, one card each: the figure, and a line of what it is made of. */
export function SummaryCards({ totals }: { totals: AnalyticsReport["totals"] }) {
  const t = useT("analytics");
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  const { bot, people } = totals.first_response;
  const cards: Array<{ id: string; value: string; detail: string }> = [
    {
      id: "conversations",
      value: number.format(totals.conversations),
      detail: t("cards.conversationsDetail", {
        messages: number.format(totals.messages),
        replies: number.format(totals.bot_replies),
      }),
    },
    {
      id: "resolved",
      value: formatRate(totals.resolution_rate, language),
      detail: t("cards.resolvedDetail", { n: number.format(totals.resolved_conversations) }),
    },
    {
      id: "handedOff",
      value: formatRate(totals.handoff_rate, language),
      detail: t("cards.handedOffDetail", { n: number.format(totals.handed_off_conversations) }),
    },
    {
      id: "failed",
      value: number.format(totals.failed_replies),
      detail: t("cards.failedDetail"),
    },
    {
      id: "botResponse",
      value: formatDuration(bot.p50_ms, language),
      detail: t("cards.responseDetail", {
        p90: formatDuration(bot.p90_ms, language),
        n: number.format(bot.count),
      }),
    },
    {
      id: "peopleResponse",
      value: formatDuration(people.p50_ms, language),
      detail: t("cards.responseDetail", {
        p90: formatDuration(people.p90_ms, language),
        n: number.format(people.count),
      }),
    },
    {
      id: "feedback",
      value: formatRate(totals.feedback.score, language),
      detail: t("cards.feedbackDetail", {
        up: number.format(totals.feedback.up),
        down: number.format(totals.feedback.down),
      }),
    },
    {
      id: "cost",
      value: formatCredits(totals.cost.credits, language),
      detail: t("cards.costDetail", {
        perConversation: formatCredits(totals.cost.per_conversation, language),
        perResolved: formatCredits(totals.cost.per_resolved_conversation, language),
      }),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((card) => (
        <Card key={card.id} withBorder padding="sm" data-testid={`analytics-card-${card.id}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t(`cards.${card.id}`)}
          </Text>
          <Text fz={24} fw={700} data-testid="analytics-card-value">
            {card.value}
          </Text>
          <Text size="xs" c="dimmed">
            {card.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
