import { Stack, Text, Title } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { BalanceCard } from "./BalanceCard";
import { InvoicesSection } from "./InvoicesSection";
import { OffersSection } from "./OffersSection";
import { TransactionsSection } from "./TransactionsSection";

/** /billing: balance, what can be bought, invoices and the transaction history. */
export function BillingPage() {
  const t = useT("billing");
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text c="dimmed" size="sm" maw={640}>
          {t("intro")}
        </Text>
      </Stack>
      <BalanceCard />
      <OffersSection />
      <InvoicesSection />
      <TransactionsSection />
    </Stack>
  );
}
