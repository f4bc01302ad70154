import type { BillingBalance, BillingOffer, InvoiceInput, InvoiceStatus, TransactionType } from "./api";

/**
 * Credits, money and balances as the billing screen shows them (docs/billing.md): the API gives
 * credits to the thousandth (they are stored as millicredits); the console shows every amount of
 * credits with two decimals. Prices are in the offer's currency.
 */

/**
 * The server's default `PARLEY_BILLING_LOW_BALANCE`. The API does not expose the configured
 * threshold, so the console warns at the default.
 */
export const LOW_BALANCE_THRESHOLD = 50;

/**
 * `1,234.50`, `0.33`, in the console's language: always two decimals. `signed` marks gains with
 * `+`; an amount that rounds to zero never shows a sign (`0.00`, not `-0.00`).
 */
export function formatCredits(value: number, language: string, signed = false): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? "exceptZero" : "negative",
  }).format(value);
}

/** `990 ₽`, `12.50 $`…: whole amounts without decimals; an unknown currency code as `990 XYZ`. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount);
  } catch {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount);
    return `${number} ${currency}`;
  }
}

/** credits + bonus, exact to the thousandth (no 0.1 + 0.2 surprises). */
export function balanceTotal(balance: BillingBalance): number {
  return Math.round((balance.credits + balance.bonus) * 1000) / 1000;
}

export type BalanceLevel = "empty" | "low" | "ok";

/**
 * `empty`: nothing left (replies are held back when credits are enforced; otherwise the balance
 * only goes on counting usage below zero); `low`: under the low-balance threshold.
 */
export function balanceLevel(balance: BillingBalance, threshold = LOW_BALANCE_THRESHOLD): BalanceLevel {
  const total = balanceTotal(balance);
  if (total <= 0) return "empty";
  if (total < threshold) return "low";
  return "ok";
}

export type CustomCreditsProblem = "notWhole" | "belowMin" | "aboveMax";

/** What is wrong with a chosen amount for a custom top-up (the API answers 422 for the same). */
export function customCreditsProblem(
  offer: BillingOffer,
  credits: number | null,
): CustomCreditsProblem | null {
  if (!offer.custom_credits) return null;
  if (credits === null || !Number.isInteger(credits)) return "notWhole";
  if (credits < offer.custom_credits.min) return "belowMin";
  if (credits > offer.custom_credits.max) return "aboveMax";
  return null;
}

/** The price to show: the offer's, or the chosen amount at a custom top-up's rate (to the kopeck/cent). */
export function offerPrice(offer: BillingOffer, credits: number | null): number {
  if (!offer.custom_credits || credits === null) return offer.price;
  return Math.round(credits * offer.custom_credits.price_per_credit * 100) / 100;
}

/** The body of POST /v1/billing/invoices: `credits` only for offers with custom_credits. */
export function invoiceBody(offer: BillingOffer, credits: number | null): InvoiceInput {
  if (offer.custom_credits && credits !== null) return { offer_id: offer.id, credits };
  return { offer_id: offer.id };
}

export function transactionColor(type: TransactionType): string {
  switch (type) {
    case "charge":
      return "gray";
    case "topup":
      return "green";
    case "bonus":
      return "grape";
    case "refund":
      return "orange";
  }
}

export function invoiceStatusColor(status: InvoiceStatus): string {
  switch (status) {
    case "paid":
      return "green";
    case "pending":
      return "yellow";
    case "cancelled":
      return "gray";
  }
}

/** The thread a charge paid for, when the transaction says so. */
export function transactionThreadId(details: Record<string, unknown> | null): string | null {
  const threadId = details?.thread_id;
  return typeof threadId === "string" && threadId ? threadId : null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
