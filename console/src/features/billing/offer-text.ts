import type { Translate } from "../../i18n/I18nProvider";
import type { BillingOffer } from "./api";

/**
 * The server's default offers (docs/billing.md, "Offers") by id, with the English name the server
 * gives them. The console shows their name and description in its own language while the
 * server's offer is still that one; offers an operator configured (PARLEY_BILLING_OFFERS) show
 * as configured, since only the operator knows what they say.
 */
const DEFAULT_OFFER_NAMES: Readonly<Record<string, string>> = {
  offer_credits_1000: "1,000 credits",
  offer_credits_custom: "Credits, any amount",
  offer_pro_monthly: "Pro, monthly",
};

export interface OfferText {
  name: string;
  description: string;
}

/** What to call an offer, in the console's language where it is one of the defaults. `t` reads the billing namespace. */
export function offerText(offer: Pick<BillingOffer, "id" | "name" | "description">, t: Translate): OfferText {
  if (DEFAULT_OFFER_NAMES[offer.id] !== offer.name)
    return { name: offer.name, description: offer.description };
  return {
    name: t(`offers.catalog.${offer.id}.name`),
    description: t(`offers.catalog.${offer.id}.description`),
  };
}
