import { describe, expect, it } from "vitest";
import type { BillingOffer } from "./api";
import {
  balanceLevel,
  balanceTotal,
  customCreditsProblem,
  formatCredits,
  formatMoney,
  invoiceBody,
  invoiceStatusColor,
  offerPrice,
  pageCount,
  transactionColor,
  transactionThreadId,
} from "./money";

const fixed: BillingOffer = {
  id: "offer_credits_1000",
  name: "1,000 credits",
  description: "",
  kind: "topup",
  price: 990,
  currency: "RUB",
  credits: 1000,
  tariff: null,
  period_days: null,
  custom_credits: null,
};
const custom: BillingOffer = {
  ...fixed,
  id: "offer_credits_custom",
  price: 1000,
  custom_credits: { price_per_credit: 1.5, min: 100, max: 1_000_000 },
};

describe("formatting", () => {
  it("shows credits with two decimals in the console's language, signed when asked", () => {
    // Intl separates thousands with a no-break space in Russian.
    const ru = (...args: Parameters<typeof formatCredits>) => formatCredits(...args).replace(/\s/g, " ");
    expect(formatCredits(0.325, "en")).toBe("0.33");
    expect(formatCredits(1234.5, "en")).toBe("1,234.50");
    expect(ru(1234.5, "ru")).toBe("1 234,50");
    expect(formatCredits(100, "en")).toBe("100.00");
    expect(formatCredits(-0.11, "en")).toBe("-0.11");
    expect(formatCredits(0.0004, "en")).toBe("0.00");
    // Rounds to zero: no sign, whichever side of zero it came from.
    expect(formatCredits(-0.004, "en")).toBe("0.00");
    expect(formatCredits(-0.004, "en", true)).toBe("0.00");
    expect(formatCredits(-0.07, "en", true)).toBe("-0.07");
    expect(ru(-0.07, "ru", true)).toBe("-0,07");
    expect(formatCredits(100, "en", true)).toBe("+100.00");
    expect(formatCredits(0, "en", true)).toBe("0.00");
  });

  it("shows money in the offer's currency, decimals only when there are some", () => {
    // Intl puts no-break spaces between number and currency.
    const money = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/\s/g, " ");
    expect(money(990, "RUB", "en")).toBe("RUB 990");
    expect(money(990, "RUB", "ru")).toBe("990 ₽");
    expect(money(12.5, "USD", "en")).toBe("$12.50");
    expect(money(5, "NOT-A-CODE", "en")).toBe("5 NOT-A-CODE");
  });
});

describe("balance", () => {
  it("adds credits and bonus exactly to the thousandth", () => {
    expect(balanceTotal({ credits: 0.1, bonus: 0.2 })).toBe(0.3);
    expect(balanceTotal({ credits: -5, bonus: 0 })).toBe(-5);
  });

  it("is empty at zero or below, low under the threshold, else ok", () => {
    expect(balanceLevel({ credits: 0, bonus: 0 })).toBe("empty");
    expect(balanceLevel({ credits: -1.5, bonus: 0 })).toBe("empty");
    expect(balanceLevel({ credits: 0, bonus: 49.999 })).toBe("low");
    expect(balanceLevel({ credits: 25, bonus: 25 })).toBe("ok");
    expect(balanceLevel({ credits: 60, bonus: 0 }, 100)).toBe("low");
  });
});

describe("offers and invoices", () => {
  it("checks a custom amount against the offer's bounds", () => {
    expect(customCreditsProblem(fixed, null)).toBeNull();
    expect(customCreditsProblem(custom, null)).toBe("notWhole");
    expect(customCreditsProblem(custom, 150.5)).toBe("notWhole");
    expect(customCreditsProblem(custom, 99)).toBe("belowMin");
    expect(customCreditsProblem(custom, 1_000_001)).toBe("aboveMax");
    expect(customCreditsProblem(custom, 100)).toBeNull();
  });

  it("prices a custom amount at the offer's rate, a fixed offer at its price", () => {
    expect(offerPrice(fixed, 5000)).toBe(990);
    expect(offerPrice(custom, 2500)).toBe(3750);
    expect(offerPrice({ ...custom, custom_credits: { price_per_credit: 0.333, min: 1, max: 10 } }, 3)).toBe(
      1,
    );
    expect(offerPrice(custom, null)).toBe(1000);
  });

  it("sends credits only for custom top-ups", () => {
    expect(invoiceBody(fixed, 5000)).toEqual({ offer_id: "offer_credits_1000" });
    expect(invoiceBody(custom, 2500)).toEqual({ offer_id: "offer_credits_custom", credits: 2500 });
  });
});

describe("lists", () => {
  it("colours transaction types and invoice statuses apart", () => {
    expect(new Set((["charge", "topup", "bonus", "refund"] as const).map(transactionColor)).size).toBe(4);
    expect(new Set((["pending", "paid", "cancelled"] as const).map(invoiceStatusColor)).size).toBe(3);
  });

  it("finds the thread of a charge", () => {
    expect(transactionThreadId({ thread_id: "thr_1", model: "x" })).toBe("thr_1");
    expect(transactionThreadId({ thread_id: 5 })).toBeNull();
    expect(transactionThreadId(null)).toBeNull();
  });

  it("always has at least one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
