/** The billing module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { billingListener } from "./billing-listener.js";
export { BillingService } from "./billing-service.js";
export { composeBilling } from "./compose.js";
export { billingSettingsFromConfig, ledgerFromConfig } from "./compose-billing.js";
export { CreditHolds } from "./credit-holds.js";
export { toCredits, toMilli } from "./credit-units.js";
export type { Ledger } from "./ledger.js";
export { paymentRoutes } from "./payment-routes.js";
export { billingRoutes } from "./routes.js";
