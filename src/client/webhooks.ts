/**
 * Public entry for webhook receivers: verify that a request came from Parley. See
 * docs/webhooks-receiving.md. Depends on node:crypto only.
 */
export {
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "../modules/webhooks/delivery/signature.js";
