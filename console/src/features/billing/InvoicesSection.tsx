import { Anchor, Badge, Button, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { billingKeys, type Invoice, listInvoices, listOffers } from "./api";
import { formatCredits, formatMoney, invoiceStatusColor } from "./money";
import { offerText } from "./offer-text";

const SHOWN_AT_FIRST = 10;

/** The project's invoices, newest first; a pending one can still be paid from here. */
export function InvoicesSection() {
  const t = useT("billing");
  const query = useQuery({
    queryKey: billingKeys.invoices,
    queryFn: listInvoices,
    refetchOnWindowFocus: true,
  });
  return (
    <Stack component="section" aria-labelledby="billing-invoices">
      <Title order={3} id="billing-invoices">
        {t("invoices.title")}
      </Title>
      <QueryState query={query}>
        {(invoices) =>
          invoices.length === 0 ? (
            <EmptyState title={t("invoices.emptyTitle")} hint={t("invoices.emptyHint")} />
          ) : (
            <InvoicesTable invoices={invoices} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const t = useT("billing");
  const { language } = useLanguage();
  const { dateTime } = useFormatters();
  const [showAll, setShowAll] = useState(false);
  // Offer names, when the offers are (or get) loaded; the id otherwise.
  const offers = useQuery({ queryKey: billingKeys.offers, queryFn: listOffers, staleTime: 300_000 });
  const offerName = (id: string) => {
    const offer = offers.data?.find((candidate) => candidate.id === id);
    return offer ? offerText(offer, t).name : id;
  };
  const shown = showAll ? invoices : invoices.slice(0, SHOWN_AT_FIRST);
  return (
    <>
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invoices.created")}</Table.Th>
              <Table.Th visibleFrom="sm">{t("invoices.offer")}</Table.Th>
              <Table.Th visibleFrom="sm">{t("invoices.credits")}</Table.Th>
              <Table.Th>{t("invoices.amount")}</Table.Th>
              <Table.Th>{t("invoices.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>
                  <Text size="sm">{dateTime(invoice.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {invoice.id}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{offerName(invoice.offer_id)}</Table.Td>
                <Table.Td visibleFrom="sm">{formatCredits(invoice.credits, language)}</Table.Td>
                <Table.Td>{formatMoney(invoice.amount, invoice.currency, language)}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge
                      color={invoiceStatusColor(invoice.status)}
                      variant="light"
                      styles={{ label: { overflow: "visible" } }}
                    >
                      {t(`invoices.statuses.${invoice.status}`)}
                    </Badge>
                    {invoice.status === "pending" && invoice.payment_url ? (
                      <Anchor href={invoice.payment_url} target="_blank" rel="noopener noreferrer" size="sm">
                        {t("invoices.pay")}
                      </Anchor>
                    ) : null}
                    {invoice.paid_at ? (
                      <Text size="xs" c="dimmed">
                        {dateTime(invoice.paid_at)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invoices.length > SHOWN_AT_FIRST ? (
        <Button
          variant="subtle"
          onClick={() => setShowAll((value) => !value)}
          style={{ alignSelf: "center" }}
        >
          {showAll ? t("invoices.showFewer") : t("invoices.showAll", { n: invoices.length })}
        </Button>
      ) : null}
    </>
  );
}
