/**
 * Webhook receivers: check that a request came from Parley (docs/webhooks-receiving.md).
 * `@parley/client/webhooks`, apart from the main entry because it needs `node:crypto` (Node.js,
 * Deno, Bun), while the main entry runs wherever `fetch` does.
 */
export {
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "./webhook-signature.js";
