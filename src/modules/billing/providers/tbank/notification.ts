import type { NotificationReply, NotificationResult, PaymentUpdate } from "../payment-provider.js";
import { tbankOutcome } from "./statuses.js";
import type { TbankConfig } from "./tbank-config.js";
import { hasValidTbankToken } from "./token.js";

/**
 * Reads a T-Bank payment notification (docs/billing.md, "T-Bank"): the JSON T-Bank posts to
 * the `NotificationURL` given at Init. It is trusted only when its `Token` is right for the
 * other root-level scalar fields and our password, and its `TerminalKey` is ours.
 *
 * T-Bank wants exactly `OK` (HTTP 200, plain text) for a notification it may stop sending;
 * anything else makes it retry hourly for a day. So a verified notification is always answered
 * `OK`, even one this code cannot use (no OrderId or Status: `update` is null), because retries
 * would bring the same body again. An unverifiable one gets 403 and is never acted on.
 * Several notifications per payment (AUTHORIZED, then CONFIRMED) and duplicates are normal:
 * each is reported as it is, and the billing service applies them idempotently.
 */

const OK_REPLY: NotificationReply = { status: 200, contentType: "text/plain", body: "OK" };
const REJECT_REPLY: NotificationReply = { status: 403, contentType: "text/plain", body: "forbidden" };

function parseObject(rawBody: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: rejected below.
  }
  return undefined;
}

function toUpdate(fields: Record<string, unknown>): PaymentUpdate | null {
  const { OrderId: orderId, Status: status, Amount: amount, PaymentId: paymentId } = fields;
  if (typeof orderId !== "string" || orderId === "" || typeof status !== "string" || status === "")
    return null;
  return {
    invoiceId: orderId,
    outcome: tbankOutcome(status, fields.Success),
    amountMinor: typeof amount === "number" && Number.isSafeInteger(amount) ? amount : null,
    providerPaymentId:
      (typeof paymentId === "number" || typeof paymentId === "string") && String(paymentId) !== ""
        ? String(paymentId)
        : null,
    providerStatus: status,
  };
}

export function parseTbankNotification(config: TbankConfig, rawBody: string): NotificationResult {
  const fields = parseObject(rawBody);
  if (fields === undefined) return { kind: "rejected", reply: REJECT_REPLY };
  if (!hasValidTbankToken(fields, config.password)) return { kind: "rejected", reply: REJECT_REPLY };
  // A right token with another terminal's key means the password is shared across terminals:
  // the notification is about a payment that is not ours.
  if (fields.TerminalKey !== config.terminalKey) return { kind: "rejected", reply: REJECT_REPLY };
  return { kind: "accepted", update: toUpdate(fields), reply: OK_REPLY };
}
