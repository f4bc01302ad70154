import type { TemplatePayload } from "../../../vendors/contract/channel.js";

/**
 * How a message meant for a vendor channel went out (docs/channels.md, "Sending"), stored as
 * JSON on the message and shown by the API as the message's `delivery`:
 * - `pending`: queued or being sent (`parts_sent` of `parts` are out);
 * - `sent`: every part reached the vendor (`external_ids` are the vendor's message ids);
 * - `failed`: it will not be delivered; `error` says why (`recipient_blocked`,
 *   `outside_window`, `credentials_rejected`, `vendor_unreachable`, …).
 * A template message (docs/channels.md, "Templates") carries its `template` from the start.
 */
export interface MessageDelivery {
  status: "pending" | "sent" | "failed";
  channel: string;
  parts: number | null;
  parts_sent: number;
  external_ids: string[];
  error: { code: string; message: string } | null;
  attempts: number;
  updated_at: string;
  /** A WhatsApp message template: sent as one `type: "template"` message instead of the text. */
  template?: TemplatePayload;
}

export function pendingDelivery(channel: string, now: string, template?: TemplatePayload): MessageDelivery {
  return {
    ...(template ? { template } : {}),
    status: "pending",
    channel,
    parts: null,
    parts_sent: 0,
    external_ids: [],
    error: null,
    attempts: 0,
    updated_at: now,
  };
}

export function parseDelivery(json: string | null): MessageDelivery | null {
  return json === null ? null : (JSON.parse(json) as MessageDelivery);
}
