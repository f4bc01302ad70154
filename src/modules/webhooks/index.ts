/** The webhooks module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeWebhooks, type WebhookDispatchOptions } from "./compose.js";
export { createWebhookSender } from "./delivery/http-sender.js";
export type { WebhookRetrySchedule } from "./delivery/retry-schedule.js";
export {
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "./delivery/signature.js";
export { WebhookDispatcher } from "./delivery/webhook-dispatcher.js";
export { webhookListener } from "./delivery/webhook-listener.js";
export { pruneWebhookDeliveries } from "./delivery/webhook-outbox.js";
export { webhookOpenApi } from "./openapi-webhooks.js";
export { webhookRoutes } from "./routes.js";
export { WebhooksService } from "./webhooks-service.js";
