import type { PaymentProvider } from "../payment-provider.js";
import { initPayment } from "./init-payment.js";
import { parseTbankNotification } from "./notification.js";
import type { TbankConfig } from "./tbank-config.js";

/**
 * The T-Bank internet-acquiring provider (docs/billing.md, "Payments" and "T-Bank"): `start`
 * calls Init and hands back the payment form's URL; `parseNotification` verifies and reads the
 * notifications T-Bank posts, without calling T-Bank. Only the injected `fetch` and
 * `apiBaseUrl` are used to reach the bank.
 */
export function createTbankProvider(config: TbankConfig): PaymentProvider {
  if (config.terminalKey === "" || config.password === "") {
    throw new Error("T-Bank provider: the terminal key and password are required");
  }
  const settled: TbankConfig = { ...config, apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, "") };
  return {
    id: "tbank",
    start: (request) => initPayment(settled, request),
    parseNotification: (request) => parseTbankNotification(settled, request.rawBody),
  };
}
