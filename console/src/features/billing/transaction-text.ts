import type { Translate } from "../../i18n/I18nProvider";
import type { Transaction } from "./api";

export interface TransactionText {
  /** In the console's language where the transaction is one it knows (a reply, the welcome bonus). */
  text: string;
  /** The server's own description when it says more than `text` (a shortfall, a model without a price). */
  note: string | null;
}

/**
 * What a transaction was, for people. A reply's charge says its model and tokens (from its
 * `details`), so the cost of every reply reads in the console's language; the welcome bonus is
 * named so too. Anything else shows the server's description as it is (docs/billing.md,
 * "Transactions"). `number` formats token counts in the console's language.
 */
export function transactionText(
  transaction: Pick<Transaction, "type" | "description" | "reference" | "details">,
  t: Translate,
  number: (value: number) => string,
): TransactionText {
  const { type, description, reference, details } = transaction;
  if (type === "bonus" && reference === "welcome" && description === "Welcome bonus") {
    return { text: t("transactions.welcomeBonus"), note: null };
  }
  const model = details?.model;
  const input = details?.input_tokens;
  const output = details?.output_tokens;
  if (
    type !== "charge" ||
    typeof model !== "string" ||
    typeof input !== "number" ||
    typeof output !== "number"
  ) {
    return { text: description, note: null };
  }
  // The server's plain wording of a reply (src/modules/billing/billing-listener.ts); more than that is a note.
  const plain = `Reply by ${model}: ${input} input + ${output} output tokens`;
  return {
    text: t("transactions.reply", { model, input: number(input), output: number(output) }),
    note: description === plain ? null : description,
  };
}
