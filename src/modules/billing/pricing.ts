import { MILLI_PER_CREDIT } from "./credit-units.js";

/** A model's prices, USD per million tokens (the catalog's). */
export interface ModelPrices {
  input_price: number;
  output_price: number;
}

const MILLION = 1_000_000;

/** Millicredits per million tokens, an integer: the unit charges are computed in. */
function milliPerMillion(usdPerMillion: number, creditsPerUsd: number): number {
  return Math.round(usdPerMillion * creditsPerUsd * MILLI_PER_CREDIT);
}

/**
 * What a reply costs, in millicredits: its input and output tokens at the model's prices,
 * converted at `creditsPerUsd`, rounded up to the next millicredit (docs/billing.md,
 * "Charges"). Integer arithmetic throughout: token counts times integer prices stay far below
 * 2^53 for any real reply.
 */
export function replyCost(
  usage: { inputTokens: number; outputTokens: number },
  prices: ModelPrices,
  creditsPerUsd: number,
): number {
  const input = Math.max(0, Math.floor(usage.inputTokens));
  const output = Math.max(0, Math.floor(usage.outputTokens));
  const total =
    input * milliPerMillion(prices.input_price, creditsPerUsd) +
    output * milliPerMillion(prices.output_price, creditsPerUsd);
  return Math.ceil(total / MILLION);
}
