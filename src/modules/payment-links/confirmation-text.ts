/**
 * The message posted in a conversation when its payment is confirmed (docs/payments.md): in
 * Russian when the person's latest message is written in Cyrillic, else in English.
 */

export type ConfirmationLanguage = "ru" | "en";

const CYRILLIC = /[\u0400-\u04FF]/;

/** The conversation's language as far as this message needs it: the person's latest text. */
export function languageOf(latestUserText: string | undefined): ConfirmationLanguage {
  return latestUserText !== undefined && CYRILLIC.test(latestUserText) ? "ru" : "en";
}

/** Roubles from kopecks: whole amounts without decimals, others with two. */
export function formatRoubles(amountMinor: number, language: ConfirmationLanguage): string {
  const whole = amountMinor % 100 === 0;
  return new Intl.NumberFormat(language === "ru" ? "ru-RU" : "en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountMinor / 100);
}

export function confirmationText(
  language: ConfirmationLanguage,
  amountMinor: number,
  description: string,
): string {
  const amount = formatRoubles(amountMinor, language);
  // The sentence ends with its own full stop.
  const what = description.replace(/[\s.!?…]+$/u, "");
  const about = what === "" ? "" : `: ${what}`;
  return language === "ru"
    ? `Оплата ${amount} ₽ подтверждена${about}. Спасибо!`
    : `Payment of ${amount} ₽ confirmed${about}. Thank you!`;
}
