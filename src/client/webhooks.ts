/**
 * Public entry for webhook receivers: verify that a request came from Parley. See
 * docs/webhooks-receiving.md. Depends on node:crypto only. The published form of the same code
 * is `@parley/client/webhooks` (client/src/webhooks.ts, over a generated copy of the module
 * below): the server must not import from client/, which is outside its build and its image.
 */
export {
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "../modules/webhooks/index.js";
