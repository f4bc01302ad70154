import { Stack } from "@mantine/core";
import { PageHeader } from "../../components/PageHeader";
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
      <PageHeader title={t("title")} intro={t("intro")} />
      <BalanceCard />
      <OffersSection />
      <InvoicesSection />
      <TransactionsSection />
    </Stack>
  );
}
