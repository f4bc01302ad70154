import { parseJsonObject } from "../shared/json-fields.js";
import { type TbankNotification, tbankId } from "./notification.js";
import { hasValidTbankToken, tbankToken } from "./token.js";

/**
 * A T-Bank terminal (docs/billing.md, "T-Bank"; docs/payments.md): its `TerminalKey`, the
 * password that signs `Token`, and the API base (normally `https://securepay.tinkoff.ru/v2`).
 * `fetch` is injectable so tests and proxies decide where calls go; it defaults to the global one.
 */
export interface TbankTerminal {
  terminalKey: string;
  password: string;
  apiBaseUrl: string;
  fetch?: typeof fetch;
}

/** What Init is asked to charge. */
export interface TbankInitRequest {
  /** `OrderId`: the caller's id of the payment, named again by its notifications (1 to 36 characters). */
  orderId: string;
  /** `Amount` in kopecks: a whole number above zero. */
  amount: number;
  /** For the payer; cut to 140 characters. */
  description: string;
  /** Where T-Bank posts this payment's notifications. */
  notificationUrl: string;
  /** Where the payer lands after paying (optional). */
  successUrl?: string;
}

/** A created payment. */
export interface TbankPayment {
  /** The payment form the payer goes to. */
  paymentUrl: string;
  /** T-Bank's `PaymentId`, as text, if the answer had one. */
  paymentId: string | null;
}

/**
 * Why Init made no payment. `message` is for a person and never holds the password or the token.
 * - `provider_unavailable`: no answer, a timeout, HTTP 5xx or 429, or a 2xx that is not a usable
 *   T-Bank answer (retryable); or another HTTP error status without a T-Bank error body (a wrong
 *   API URL, a proxy refusing: not retryable, trying again will not help);
 * - `payment_refused`: `Success: false`, with T-Bank's ErrorCode, Message and Details (not retryable);
 * - `invalid_request`: an amount or order id T-Bank cannot take, refused without a call (not retryable).
 */
export class TbankError extends Error {
  constructor(
    readonly code: "provider_unavailable" | "payment_refused" | "invalid_request",
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "TbankError";
  }
}

/** A hanging acquiring API must not hold the payer's request. */
const INIT_TIMEOUT_MS = 15_000;
/** T-Bank's limits on Init fields. */
const ORDER_ID_MAX = 36;
export const TBANK_DESCRIPTION_MAX = 140;

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

function validate(request: TbankInitRequest): void {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new TbankError("invalid_request", "T-Bank takes a whole positive amount in kopecks", false);
  }
  if (request.orderId.length === 0 || request.orderId.length > ORDER_ID_MAX) {
    throw new TbankError(
      "invalid_request",
      `T-Bank takes an order id of 1 to ${ORDER_ID_MAX} characters`,
      false,
    );
  }
}

/**
 * One terminal's side of T-Bank's acquiring API v2: `init` creates a payment over the wire,
 * `signed` checks a notification without calling T-Bank. Only the terminal's `fetch` and
 * `apiBaseUrl` are used to reach the bank.
 */
export class TbankClient {
  readonly terminal: TbankTerminal;

  constructor(terminal: TbankTerminal) {
    this.terminal = { ...terminal, apiBaseUrl: terminal.apiBaseUrl.replace(/\/+$/, "") };
  }

  /** The Init body, signed. */
  private initBody(request: TbankInitRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      TerminalKey: this.terminal.terminalKey,
      Amount: request.amount,
      OrderId: request.orderId,
      Description: truncate(request.description, TBANK_DESCRIPTION_MAX),
      NotificationURL: request.notificationUrl,
    };
    if (request.successUrl !== undefined) body.SuccessURL = request.successUrl;
    body.Token = tbankToken(body, this.terminal.password);
    return body;
  }

  /**
   * `POST <apiBaseUrl>/Init`: creates a payment and returns the payment form's URL; throws
   * TbankError when no payment was made.
   */
  async init(request: TbankInitRequest): Promise<TbankPayment> {
    validate(request);
    const body = this.initBody(request);
    const secrets = [this.terminal.password, String(body.Token)];
    const doFetch = this.terminal.fetch ?? globalThis.fetch;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${this.terminal.apiBaseUrl}/Init`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(INIT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TbankError("provider_unavailable", `T-Bank Init: ${redact(reason, secrets)}`, true);
    }
    const answer: InitAnswer | undefined = parseJsonObject(text);

    // T-Bank reports refusals as `Success: false`, normally with HTTP 200; trust that body whatever the status.
    if (answer?.Success === false) {
      const parts = [answer.Message, answer.Details].filter(
        (part): part is string => typeof part === "string" && part.trim().length > 0,
      );
      const code = typeof answer.ErrorCode === "string" ? ` (ErrorCode ${answer.ErrorCode})` : "";
      const reason = parts.length > 0 ? parts.join(": ") : "no reason given";
      throw new TbankError(
        "payment_refused",
        redact(`T-Bank refused the payment${code}: ${reason}`, secrets),
        false,
      );
    }

    if (!response.ok) {
      const retryable = response.status >= 500 || response.status === 429;
      throw new TbankError("provider_unavailable", `T-Bank Init answered HTTP ${response.status}`, retryable);
    }

    const paymentUrl = answer?.PaymentURL;
    if (answer?.Success !== true || typeof paymentUrl !== "string" || paymentUrl.length === 0) {
      throw new TbankError("provider_unavailable", "T-Bank Init: the answer had no payment URL", true);
    }
    return { paymentUrl, paymentId: tbankId(answer.PaymentId) };
  }

  /**
   * Whether this terminal signed the notification: its `Token` is right for the other root-level
   * scalar fields and our password, and its `TerminalKey` is ours. A right token with another
   * terminal's key means the password is shared across terminals: the payment is not ours.
   */
  signed(notification: TbankNotification): boolean {
    return (
      hasValidTbankToken(notification.fields, this.terminal.password) &&
      notification.terminalKey === this.terminal.terminalKey
    );
  }
}
