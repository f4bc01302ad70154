import { TbankClient, TbankError, type TbankTerminal } from "../../../vendors/tbank/client.js";
import {
  readTbankNotification,
  TBANK_ACCEPTED,
  TBANK_REJECTED,
  type TbankNotification,
} from "../../../vendors/tbank/notification.js";
import {
  type NotificationResult,
  PaymentError,
  type PaymentProvider,
  type PaymentUpdate,
} from "./payment-provider.js";

/**
 * The T-Bank internet-acquiring provider (docs/billing.md, "Payments" and "T-Bank") on the
 * server's terminal (PARLEY_TBANK_TERMINAL_KEY, PARLEY_TBANK_PASSWORD, PARLEY_TBANK_API_URL):
 * `start` calls Init with the invoice id as `OrderId` and hands back the payment form's URL;
 * `parseNotification` verifies and reads the notifications T-Bank posts, without calling
 * T-Bank. The wire work is the T-Bank client's (src/vendors/tbank/).
 */
export function createTbankProvider(terminal: TbankTerminal): PaymentProvider {
  if (terminal.terminalKey === "" || terminal.password === "") {
    throw new Error("T-Bank provider: the terminal key and password are required");
  }
  const client = new TbankClient(terminal);
  return {
    id: "tbank",
    async start(request) {
      try {
        const payment = await client.init({
          orderId: request.invoiceId,
          amount: request.amountMinor,
          description: request.description,
          notificationUrl: request.notificationUrl,
          successUrl: request.successUrl,
        });
        return { paymentUrl: payment.paymentUrl, providerPaymentId: payment.paymentId };
      } catch (error) {
        if (error instanceof TbankError) throw new PaymentError(error.code, error.message, error.retryable);
        throw error;
      }
    },
    parseNotification(request): NotificationResult {
      const notification = readTbankNotification(request.rawBody);
      if (notification === undefined || !client.signed(notification)) {
        return { kind: "rejected", reply: TBANK_REJECTED };
      }
      // Answered OK even when it cannot be used (no OrderId or Status): T-Bank would resend it.
      return { kind: "accepted", update: invoiceUpdate(notification), reply: TBANK_ACCEPTED };
    },
  };
}

/** What a verified notification says about the invoice it names (its `OrderId`). */
function invoiceUpdate(notification: TbankNotification): PaymentUpdate | null {
  const { orderId, status } = notification;
  if (orderId === null || status === null) return null;
  return {
    invoiceId: orderId,
    outcome: notification.outcome,
    amountMinor: notification.amount,
    providerPaymentId: notification.paymentId,
    providerStatus: status,
  };
}
