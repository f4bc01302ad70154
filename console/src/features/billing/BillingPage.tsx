import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/PageHeader";
import { useT } from "../../i18n/I18nProvider";
import { billingKeys, getBillingAccount } from "./api";
import { BalanceCard } from "./BalanceCard";
import { InvoicesSection } from "./InvoicesSection";
import { OffersSection } from "./OffersSection";
import { TransactionsSection } from "./TransactionsSection";

/**
 * /billing: the balance, what can be bought, invoices and the transaction history. Offers and
 * invoices only where the server sells credits (`purchases_enabled`, docs/billing.md,
 * "Enforcement"): without a payment provider the page shows usage and what each reply cost.
 */
export function BillingPage() {
  const t = useT("billing");
  // The same query as the balance card's: one request.
  const account = useQuery({ queryKey: billingKeys.account, queryFn: getBillingAccount });
  const enforced = account.data?.credits_enforced ?? true;
  const purchases = account.data?.purchases_enabled === true;
  return (
    <Stack gap="xl">
      <PageHeader title={t("title")} intro={t(enforced ? "intro" : "introUnenforced")} />
      <BalanceCard />
      {purchases ? <OffersSection /> : null}
      {purchases ? <InvoicesSection /> : null}
      <TransactionsSection />
    </Stack>
  );
}
