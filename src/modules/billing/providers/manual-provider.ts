import type { PaymentProvider } from "./payment-provider.js";

/**
 * The built-in provider for self-hosted use (docs/billing.md, "Payments"): no money moves
 * through Parley. The payment page tells the payer how the invoice is settled, and an
 * administrator confirms it with `npm run parley -- billing mark-paid --invoice <id>`.
 */
export function createManualProvider(publicUrl: string): PaymentProvider {
  return {
    id: "manual",
    async start(request) {
      return { paymentUrl: `${publicUrl}/payments/manual/${request.invoiceId}`, providerPaymentId: null };
    },
  };
}
