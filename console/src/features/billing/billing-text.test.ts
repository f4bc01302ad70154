import { describe, expect, it } from "vitest";
import { dictionaries, interpolate, type Language, lookup } from "../../i18n/dictionaries";
import type { Translate } from "../../i18n/I18nProvider";
import type { BillingOffer, Transaction } from "./api";
import { formatMoney } from "./money";
import { offerText } from "./offer-text";
import { transactionText } from "./transaction-text";

/** The billing namespace's `t` in a language, as useT("billing") gives it. */
const billingT =
  (language: Language): Translate =>
  (key, vars) =>
    interpolate(lookup(dictionaries, language, "billing", key), vars);
const number = (language: string) => (value: number) => new Intl.NumberFormat(language).format(value);
// Intl separates with no-break spaces.
const plain = (text: string) => text.replace(/\s/g, " ");

const pro: BillingOffer = {
  id: "offer_pro_monthly",
  name: "Pro, monthly",
  description: "The Pro tariff for 30 days, with 6,000 credits.",
  kind: "subscription",
  price: 4990,
  currency: "RUB",
  credits: 6000,
  tariff: "pro",
  period_days: 30,
  custom_credits: null,
};

describe("offers in the console's language", () => {
  it("names the server's default offers in Russian, and keeps English in English", () => {
    expect(offerText(pro, billingT("ru"))).toEqual({
      name: "Pro на месяц",
      description: "Тариф Pro на 30 дней и 6 000 кредитов.",
    });
    expect(offerText(pro, billingT("en"))).toEqual({ name: pro.name, description: pro.description });
    expect(offerText({ ...pro, id: "offer_credits_1000", name: "1,000 credits" }, billingT("ru")).name).toBe(
      "1 000 кредитов",
    );
    expect(
      offerText({ ...pro, id: "offer_credits_custom", name: "Credits, any amount" }, billingT("ru")).name,
    ).toBe("Кредиты, любое количество");
  });

  it("shows an operator's own offer as configured, even under a default id", () => {
    const own = { ...pro, name: "Команда, месяц", description: "Свой тариф." };
    expect(offerText(own, billingT("ru"))).toEqual({ name: own.name, description: own.description });
    expect(offerText({ ...pro, id: "offer_team" }, billingT("ru")).name).toBe("Pro, monthly");
  });

  it("prices in the console's language", () => {
    expect(plain(formatMoney(4990, "RUB", "ru"))).toBe("4 990 ₽");
    expect(plain(formatMoney(4990, "RUB", "en"))).toBe("RUB 4,990");
    expect(plain(formatMoney(1.5, "RUB", "ru"))).toBe("1,50 ₽");
  });
});

describe("transactions in the console's language", () => {
  const charge: Transaction = {
    id: "txn_1",
    type: "charge",
    amount: -0.325,
    description: "Reply by openai/gpt-5: 1000 input + 200 output tokens",
    reference: "msg_1",
    details: {
      thread_id: "thr_1",
      message_id: "msg_1",
      model: "openai/gpt-5",
      input_tokens: 1000,
      output_tokens: 200,
    },
    balance_after: { credits: 0, bonus: 99.675 },
    created_at: "2026-01-01T00:00:00.000Z",
  };

  it("says what each reply was: its model and tokens", () => {
    const ru = transactionText(charge, billingT("ru"), number("ru"));
    expect({ ...ru, text: plain(ru.text) }).toEqual({
      text: "Ответ openai/gpt-5: 1 000 входных + 200 выходных токенов",
      note: null,
    });
    const en = transactionText(charge, billingT("en"), number("en"));
    expect(en).toEqual({ text: "Reply by openai/gpt-5: 1,000 input + 200 output tokens", note: null });
  });

  it("keeps what the server adds as a note, and shows other transactions as the server wrote them", () => {
    const short = {
      ...charge,
      description: `${charge.description} (0.04 credits could not be collected: the balance ran out)`,
    };
    expect(transactionText(short, billingT("ru"), number("ru")).note).toBe(short.description);
    const grant = { ...charge, type: "topup" as const, description: "Pilot", details: null };
    expect(transactionText(grant, billingT("ru"), number("ru"))).toEqual({ text: "Pilot", note: null });
    const welcome = { ...grant, type: "bonus" as const, description: "Welcome bonus", reference: "welcome" };
    expect(transactionText(welcome, billingT("ru"), number("ru")).text).toBe("Приветственный бонус");
  });
});
