/**
 * T-Bank payment statuses and what each means for a payment (docs/billing.md, "T-Bank";
 * docs/payments.md, "Notifications"). Only CONFIRMED means the money is taken. Refund statuses
 * map to `none` on purpose: what a refund changes is the caller's decision, made from the status.
 */
export const TBANK_STATUSES = [
  "NEW",
  "FORM_SHOWED",
  "AUTHORIZING",
  "3DS_CHECKING",
  "3DS_CHECKED",
  "AUTHORIZED",
  "PAY_CHECKING",
  "CONFIRMING",
  "CONFIRMED",
  "REJECTED",
  "AUTH_FAIL",
  "DEADLINE_EXPIRED",
  "CANCELED",
  "REVERSING",
  "REVERSED",
  "PARTIAL_REVERSED",
  "REFUNDING",
  "ASYNC_REFUNDING",
  "REFUNDED",
  "PARTIAL_REFUNDED",
] as const;

export type TbankStatus = (typeof TBANK_STATUSES)[number];

/** `paid`: the money is taken; `cancelled`: it will not be; `none`: an intermediate or later status. */
export type TbankOutcome = "paid" | "cancelled" | "none";

/** The payment will not be taken: declined, failed authorisation, expired or cancelled before capture. */
const CANCELLED = new Set<string>([
  "REJECTED",
  "AUTH_FAIL",
  "DEADLINE_EXPIRED",
  "CANCELED",
  "REVERSED",
] satisfies TbankStatus[]);

/**
 * The outcome a notification reports. A CONFIRMED notification counts as paid only when it
 * also says `Success: true`: a contradictory one is reported as `none` (its status is still
 * recorded) rather than crediting money T-Bank did not vouch for. Unknown statuses are `none`.
 */
export function tbankOutcome(status: string, success: unknown): TbankOutcome {
  if (status === "CONFIRMED") return success === true ? "paid" : "none";
  return CANCELLED.has(status) ? "cancelled" : "none";
}
