/** The payment-links module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composePaymentLinks } from "./compose.js";
export { PaymentLinkNotifications } from "./payment-link-notifications.js";
export { conversationPaymentTools } from "./payment-link-tool.js";
