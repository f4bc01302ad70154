import { PaymentError, type PaymentRequest, type PaymentStarted } from "../payment-provider.js";
import type { TbankConfig } from "./tbank-config.js";
import { tbankToken } from "./token.js";

/**
 * `POST <apiBaseUrl>/Init` (docs/billing.md, "T-Bank"): creates a payment for an invoice and
 * returns the payment form's URL. The invoice id is the `OrderId`, so notifications name the
 * invoice; the amount is in kopecks.
 *
 * Failures become PaymentError (docs/billing.md, "Payments"):
 * - no answer, a timeout, HTTP 5xx or 429, or a 2xx that is not a usable T-Bank answer →
 *   `provider_unavailable`, retryable;
 * - any other HTTP error status without a T-Bank error body (a wrong PARLEY_TBANK_API_URL, a
 *   proxy refusing) → `provider_unavailable`, not retryable: trying again will not help;
 * - `Success: false` → `payment_refused`, not retryable, with T-Bank's Message and Details;
 * - an amount or invoice id T-Bank cannot take → `invalid_request`, not retryable, without a call.
 * Messages never hold the password or the token.
 */

/** A hanging acquiring API must not hold the payer's request. */
const INIT_TIMEOUT_MS = 15_000;
/** T-Bank's limits on Init fields. */
const ORDER_ID_MAX = 36;
const DESCRIPTION_MAX = 140;

interface InitAnswer {
  Success?: unknown;
  ErrorCode?: unknown;
  Message?: unknown;
  Details?: unknown;
  PaymentId?: unknown;
  PaymentURL?: unknown;
}

/** Cuts to `max` characters without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length > 0) result = result.replaceAll(secret, "[redacted]");
  return result;
}

function validate(request: PaymentRequest): void {
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
    throw new PaymentError("invalid_request", "T-Bank takes a whole positive amount in kopecks", false);
  }
  if (request.invoiceId.length === 0 || request.invoiceId.length > ORDER_ID_MAX) {
    throw new PaymentError(
      "invalid_request",
      `T-Bank takes an order id of 1 to ${ORDER_ID_MAX} characters`,
      false,
    );
  }
}

/** The Init body, signed. */
export function initBody(config: TbankConfig, request: PaymentRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    TerminalKey: config.terminalKey,
    Amount: request.amountMinor,
    OrderId: request.invoiceId,
    Description: truncate(request.description, DESCRIPTION_MAX),
    NotificationURL: request.notificationUrl,
  };
  if (request.successUrl !== undefined) body.SuccessURL = request.successUrl;
  body.Token = tbankToken(body, config.password);
  return body;
}

export async function initPayment(config: TbankConfig, request: PaymentRequest): Promise<PaymentStarted> {
  validate(request);
  const body = initBody(config, request);
  const secrets = [config.password, String(body.Token)];
  const doFetch = config.fetch ?? globalThis.fetch;

  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${config.apiBaseUrl}/Init`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(INIT_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentError("provider_unavailable", `T-Bank Init: ${redact(reason, secrets)}`, true);
  }

  let answer: InitAnswer | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      answer = parsed as InitAnswer;
  } catch {
    answer = undefined;
  }

  // T-Bank reports refusals as `Success: false`, normally with HTTP 200; trust that body whatever the status.
  if (answer?.Success === false) {
    const parts = [answer.Message, answer.Details].filter(
      (part): part is string => typeof part === "string" && part.trim().length > 0,
    );
    const code = typeof answer.ErrorCode === "string" ? ` (ErrorCode ${answer.ErrorCode})` : "";
    const reason = parts.length > 0 ? parts.join(": ") : "no reason given";
    throw new PaymentError(
      "payment_refused",
      redact(`T-Bank refused the payment${code}: ${reason}`, secrets),
      false,
    );
  }

  if (!response.ok) {
    const retryable = response.status >= 500 || response.status === 429;
    throw new PaymentError("provider_unavailable", `T-Bank Init answered HTTP ${response.status}`, retryable);
  }

  const paymentUrl = answer?.PaymentURL;
  if (answer?.Success !== true || typeof paymentUrl !== "string" || paymentUrl.length === 0) {
    throw new PaymentError("provider_unavailable", "T-Bank Init: the answer had no payment URL", true);
  }
  const paymentId = answer.PaymentId;
  return {
    paymentUrl,
    // T-Bank sends PaymentId as a string in some answers and a number in others.
    providerPaymentId:
      (typeof paymentId === "string" || typeof paymentId === "number") && String(paymentId) !== ""
        ? String(paymentId)
        : null,
  };
}
