import { parseJsonObject } from "../shared/json-fields.js";
import { type TbankOutcome, tbankOutcome } from "./statuses.js";

/**
 * A T-Bank payment notification (docs/billing.md, "T-Bank"; docs/payments.md, "Notifications"):
 * the JSON T-Bank posts to the `NotificationURL` given at Init. Reading one trusts nothing:
 * whether a terminal signed it is `TbankClient.signed`'s answer.
 *
 * T-Bank wants exactly `OK` (HTTP 200, plain text) for a notification it may stop sending;
 * anything else makes it retry hourly for a day. So a verified notification is answered `OK`,
 * even one the receiver cannot use, because retries would bring the same body again; an
 * unverifiable one gets 403 and is never acted on. Several notifications per payment
 * (AUTHORIZED, then CONFIRMED) and duplicates are normal: receivers apply them idempotently.
 */

/** How a notification is answered over HTTP. */
export interface TbankNotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** For a verified notification: T-Bank stops sending it. */
export const TBANK_ACCEPTED: TbankNotificationReply = { status: 200, contentType: "text/plain", body: "OK" };
/** For one that is not verified: T-Bank retries it, and nothing was done. */
export const TBANK_REJECTED: TbankNotificationReply = {
  status: 403,
  contentType: "text/plain",
  body: "forbidden",
};

/** A notification as posted, with the fields receivers read. */
export interface TbankNotification {
  /** Every field posted: the `Token` is checked over these. */
  fields: Record<string, unknown>;
  /** `TerminalKey`, `OrderId` and `Status`: null when missing, empty or not text. */
  terminalKey: string | null;
  orderId: string | null;
  status: string | null;
  /** `PaymentId` as text (T-Bank sends a number, some answers a string); null when missing or empty. */
  paymentId: string | null;
  /** `Amount` in kopecks; null unless a whole number. */
  amount: number | null;
  /** What `Status` and `Success` mean for the payment (statuses.ts); `none` without a status. */
  outcome: TbankOutcome;
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** T-Bank sends some ids as numbers and others as strings. */
export function tbankId(value: unknown): string | null {
  return (typeof value === "string" || typeof value === "number") && String(value) !== ""
    ? String(value)
    : null;
}

/** The notification in a raw body; undefined when the body is not a JSON object. */
export function readTbankNotification(rawBody: string): TbankNotification | undefined {
  const fields = parseJsonObject(rawBody);
  if (fields === undefined) return undefined;
  const status = text(fields.Status);
  return {
    fields,
    terminalKey: text(fields.TerminalKey),
    orderId: text(fields.OrderId),
    status,
    paymentId: tbankId(fields.PaymentId),
    amount: typeof fields.Amount === "number" && Number.isSafeInteger(fields.Amount) ? fields.Amount : null,
    outcome: status === null ? "none" : tbankOutcome(status, fields.Success),
  };
}
