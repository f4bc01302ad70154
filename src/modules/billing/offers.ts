import type { BillingOfferConfig } from "../../config.js";
import { validationFailed } from "../../infra/errors.js";
import { toMilli } from "./credit-units.js";

/**
 * The offers a project can buy when none are configured (PARLEY_BILLING_OFFERS replaces them
 * all): a fixed top-up, a top-up of any amount, and a monthly plan. Prices are in the billing
 * currency (PARLEY_BILLING_CURRENCY, RUB by default).
 */
export const DEFAULT_OFFERS: BillingOfferConfig[] = [
  {
    id: "offer_credits_1000",
    name: "1,000 credits",
    description: "A one-time top-up of 1,000 credits.",
    kind: "topup",
    price: 990,
    credits: 1000,
  },
  {
    id: "offer_credits_custom",
    name: "Credits, any amount",
    description: "A one-time top-up of the credits you choose (100 to 1,000,000), 1 per credit.",
    kind: "topup",
    price: 1000,
    credits: 1000,
    custom_credits: { price_per_credit: 1, min: 100, max: 1_000_000 },
  },
  {
    id: "offer_pro_monthly",
    name: "Pro, monthly",
    description: "The Pro tariff for 30 days, with 6,000 credits.",
    kind: "subscription",
    price: 4990,
    credits: 6000,
    tariff: "pro",
    period_days: 30,
  },
];

/** What an invoice for an offer asks and grants. */
export interface InvoiceTerms {
  /** Smallest currency unit (kopecks). */
  amountMinor: number;
  /** Millicredits granted when paid. */
  credits: number;
}

/**
 * The terms of buying `offer`, with `credits` for an offer that lets the buyer choose:
 * 422 when the offer does not allow it or the amount is out of its bounds.
 */
export function invoiceTerms(offer: BillingOfferConfig, credits: number | undefined): InvoiceTerms {
  if (credits === undefined) {
    return { amountMinor: Math.round(offer.price * 100), credits: toMilli(offer.credits) };
  }
  const custom = offer.custom_credits;
  if (!custom) {
    throw validationFailed([
      { path: "credits", message: `the offer '${offer.id}' has a fixed amount of credits` },
    ]);
  }
  if (!Number.isInteger(credits) || credits < custom.min || credits > custom.max) {
    throw validationFailed([
      {
        path: "credits",
        message: `must be a whole number from ${custom.min} to ${custom.max} for this offer`,
      },
    ]);
  }
  return { amountMinor: Math.round(credits * custom.price_per_credit * 100), credits: toMilli(credits) };
}
