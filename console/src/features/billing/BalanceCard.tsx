import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { type BillingAccount, billingKeys, getBillingAccount } from "./api";
import { type BalanceLevel, balanceLevel, balanceTotal, formatCredits, LOW_BALANCE_THRESHOLD } from "./money";

/**
 * The balance (credits + bonus), the tariff, and a warning when it runs low or out; where credits
 * are not enforced, a note that they only count usage instead (the balance may be below zero).
 */
export function BalanceCard() {
  const t = useT("billing");
  const common = useT("common");
  // Refetched when the tab regains focus: people come back here from the payment page.
  const query = useQuery({
    queryKey: billingKeys.account,
    queryFn: getBillingAccount,
    refetchOnWindowFocus: true,
  });
  return (
    <Card withBorder padding="lg" mih={160}>
      <Group justify="space-between" mb="sm">
        <Title order={3}>{t("balance.title")}</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => query.refetch()}
          loading={query.isRefetching}
        >
          {common("actions.refresh")}
        </Button>
      </Group>
      <QueryState query={query}>{(account) => <Balance account={account} />}</QueryState>
    </Card>
  );
}

function Balance({ account }: { account: BillingAccount }) {
  const t = useT("billing");
  const { language } = useLanguage();
  const { dateTime } = useFormatters();
  const level = balanceLevel(account);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t("balance.total")}
          </Text>
          <Text fz={32} fw={700} lh={1.2} c={balanceColor(account.credits_enforced, level)}>
            <span data-testid="balance">{formatCredits(balanceTotal(account), language)}</span>
          </Text>
          <Text size="xs" c="dimmed">
            {t("balance.breakdown", {
              paid: formatCredits(account.credits, language),
              bonus: formatCredits(account.bonus, language),
            })}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("balance.tariff")}
          </Text>
          <Badge size="lg" variant="light" tt="none">
            {account.tariff}
          </Badge>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("balance.subscriptionUntil")}
          </Text>
          <Text>
            {account.subscription_until ? dateTime(account.subscription_until) : t("balance.noSubscription")}
          </Text>
        </Stack>
      </SimpleGrid>
      {!account.credits_enforced ? (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={t("balance.unenforcedTitle")}
          data-testid="credits-not-enforced"
          // Information, not a warning: an alert role would announce it as one.
          role="note"
        >
          {t("balance.unenforcedText")}
        </Alert>
      ) : level === "empty" ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t("balance.emptyTitle")}
          role="alert"
        >
          {t("balance.emptyText")}
        </Alert>
      ) : level === "low" ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t("balance.lowTitle")}
          role="alert"
        >
          {t("balance.lowText", { threshold: formatCredits(LOW_BALANCE_THRESHOLD, language) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Warning colours only where running out stops the bots. */
function balanceColor(enforced: boolean, level: BalanceLevel): string | undefined {
  if (!enforced || level === "ok") return undefined;
  return level === "low" ? "orange" : "red";
}
