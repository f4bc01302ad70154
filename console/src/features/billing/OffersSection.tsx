import { SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { billingKeys, type CreatedInvoice, listOffers } from "./api";
import { OfferCard } from "./OfferCard";
import { PaymentLinkModal } from "./PaymentLinkModal";

/** What can be bought: top-ups and subscriptions, each with its "Buy" button. */
export function OffersSection() {
  const t = useT("billing");
  const query = useQuery({ queryKey: billingKeys.offers, queryFn: listOffers, staleTime: 300_000 });
  const [created, setCreated] = useState<CreatedInvoice | null>(null);
  return (
    <Stack component="section" aria-labelledby="billing-offers">
      <Title order={3} id="billing-offers">
        {t("offers.title")}
      </Title>
      <QueryState query={query}>
        {(offers) =>
          offers.length === 0 ? (
            <EmptyState title={t("offers.emptyTitle")} hint={t("offers.emptyHint")} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {offers.map((offer) => (
                <OfferCard key={offer.id} offer={offer} onInvoice={setCreated} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      <PaymentLinkModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
