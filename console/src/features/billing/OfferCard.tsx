import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { type BillingOffer, billingKeys, type CreatedInvoice, createInvoice } from "./api";
import { customCreditsProblem, formatCredits, formatMoney, invoiceBody, offerPrice } from "./money";
import { offerText } from "./offer-text";

/** One offer with its "Buy" button: creates an invoice and opens its payment page in a new tab. */
export function OfferCard(props: { offer: BillingOffer; onInvoice(created: CreatedInvoice): void }) {
  const t = useT("billing");
  const { language } = useLanguage();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { offer } = props;
  const text = offerText(offer, t);
  const custom = offer.custom_credits;
  const [credits, setCredits] = useState<number | null>(
    custom ? clamp(offer.credits, custom.min, custom.max) : null,
  );
  const problem = customCreditsProblem(offer, credits);

  const buy = useMutation({
    mutationFn: () => createInvoice(invoiceBody(offer, credits)),
    onSuccess: async (created) => {
      // Still within the click's user activation in practice, so pop-up blockers let it through.
      window.open(created.payment_url, "_blank", "noopener,noreferrer");
      props.onInvoice(created);
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
    },
  });

  return (
    <Card withBorder padding="lg" h="100%">
      <Stack h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={4}>{text.name}</Title>
            <Badge
              variant="light"
              color={offer.kind === "subscription" ? "grape" : "blue"}
              styles={{ label: { overflow: "visible" } }}
              style={{ flexShrink: 0 }}
            >
              {t(`offers.kind.${offer.kind}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {text.description}
          </Text>
          {offer.kind === "subscription" ? (
            <Text size="sm">
              {t("offers.subscription", {
                tariff: offer.tariff ?? "—",
                days: offer.period_days ?? "—",
                credits: formatCredits(offer.credits, language),
              })}
            </Text>
          ) : custom ? null : (
            <Text size="sm">{t("offers.credits", { credits: formatCredits(offer.credits, language) })}</Text>
          )}
          {custom ? (
            <NumberInput
              label={t("offers.customLabel")}
              description={t("offers.customHint", {
                min: formatCredits(custom.min, language),
                max: formatCredits(custom.max, language),
                price: formatMoney(custom.price_per_credit, offer.currency, language),
              })}
              value={credits ?? ""}
              onChange={(value) => setCredits(typeof value === "number" ? value : null)}
              min={custom.min}
              max={custom.max}
              step={100}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={language === "ru" ? " " : ","}
              error={problem ? t(`offers.problem.${problem}`) : undefined}
            />
          ) : null}
        </Stack>
        <Stack gap="xs">
          <Text fz="xl" fw={700}>
            {formatMoney(offerPrice(offer, credits), offer.currency, language)}
          </Text>
          {buy.isError ? (
            <Alert color="red" role="alert" p="xs">
              {errorText(buy.error)}
            </Alert>
          ) : null}
          <Button
            leftSection={<IconShoppingCart size={16} />}
            onClick={() => buy.mutate()}
            loading={buy.isPending}
            disabled={problem !== null}
            data-testid="offer-buy-button"
            aria-label={t("offers.buyLabel", { name: text.name })}
          >
            {t("offers.buy")}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
