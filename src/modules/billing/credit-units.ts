/**
 * Credits are counted in millicredits (1 credit = 1000), stored as integers: sums of many small
 * charges add up exactly (docs/billing.md, "Units"). The API shows credits as numbers with up
 * to three decimals.
 */
export const MILLI_PER_CREDIT = 1000;

/** Millicredits as the API shows them (credits, up to three decimals). */
export function toCredits(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

/** Credits as given (configuration, CLI, a custom top-up) to millicredits, rounded to the nearest. */
export function toMilli(credits: number): number {
  return Math.round(credits * MILLI_PER_CREDIT);
}
