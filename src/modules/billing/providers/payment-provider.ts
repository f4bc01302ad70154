/**
 * A way to take payment for an invoice (docs/billing.md, "Payments"): the built-in `manual`
 * provider for self-hosters who confirm payments themselves, and `tbank` (T-Bank internet
 * acquiring) when its terminal is configured. Providers get their configuration, `fetch` and
 * the URLs they need; they never touch the database: the billing service applies what they
 * report.
 */

/** What a provider is asked to charge. Amounts are in the smallest currency unit (kopecks). */
export interface PaymentRequest {
  /** The invoice id: the provider's order id, so its notifications name the invoice. */
  invoiceId: string;
  amountMinor: number;
  /** For the payer (≤ 140 characters for T-Bank). */
  description: string;
  /** Where the provider posts payment notifications: `<PARLEY_PUBLIC_URL>/payments/<provider>/notify`. */
  notificationUrl: string;
  /** Where the payer lands after paying (optional). */
  successUrl?: string;
}

/** The provider's answer to a payment request. */
export interface PaymentStarted {
  /** Where the payer goes to pay. */
  paymentUrl: string;
  /** The provider's id of the payment (T-Bank `PaymentId`), if it has one. */
  providerPaymentId: string | null;
}

/** A notification as received, before anything is trusted. */
export interface PaymentNotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The exact body as text. */
  rawBody: string;
}

/** What a verified notification says about an invoice. */
export interface PaymentUpdate {
  invoiceId: string;
  /** `paid`: the money is taken (T-Bank CONFIRMED); `cancelled`: it will not be (REJECTED, CANCELED, …); `none`: an intermediate status. */
  outcome: "paid" | "cancelled" | "none";
  /** The amount the provider reports, in the smallest unit (checked against the invoice). */
  amountMinor: number | null;
  providerPaymentId: string | null;
  /** The provider's status word, for the record (e.g. `CONFIRMED`). */
  providerStatus: string;
}

/** How the provider expects a notification to be answered. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

export type NotificationResult =
  | { kind: "rejected"; reply: NotificationReply }
  | { kind: "accepted"; update: PaymentUpdate | null; reply: NotificationReply };

export interface PaymentProvider {
  readonly id: "manual" | "tbank";
  /** Starts a payment; throws PaymentError when the provider refuses. */
  start(request: PaymentRequest): Promise<PaymentStarted>;
  /** Verifies and reads a notification (`POST /payments/<id>/notify`). Must not call the provider. */
  parseNotification?(request: PaymentNotificationRequest): NotificationResult;
}

/** The provider refused or could not be reached; `message` is for a person and holds no secret. */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}
