import {
  type ChannelError,
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";

/**
 * VK gives no wait with its rate-limit errors (6 "too many requests per second", 9 "flood
 * control"); a second is the documented per-second window (docs/channels.md, "Sending").
 */
export const VK_RATE_LIMIT_WAIT_MS = 1_000;

/** Permanent failures with their stable codes (VK's error numbers, docs/channels.md "VK"). */
const PERMANENT: Record<number, string> = {
  900: "recipient_blacklisted", // the user is in the community's blacklist
  901: "recipient_blocked", // the user has not allowed (or has forbidden) messages from the community
  902: "privacy", // the user's privacy settings forbid the message
  912: "bot_features_off", // a keyboard was sent but the community's bot features are off
  914: "message_too_long",
  917: "conversation_not_found", // the community has no access to this chat
};

/**
 * Turns a VK API error into the ChannelError the service reacts to. Error 15 "access denied"
 * is not a credentials problem: it is what a community token gets for the callback-server
 * methods when it lacks the `manage` right, and the token may still send messages. The user can
 * then set the callback server up by hand and put `confirmation_code` and `secret` in auth_data.
 * The message carries VK's own text, which never contains the token.
 */
export function vkApiError(method: string, code: number, vendorMessage: string): ChannelError {
  const message = `VK ${method} failed: error ${code}${vendorMessage ? ` (${vendorMessage.slice(0, 200)})` : ""}`;
  if (code === 6 || code === 9) return rateLimited("rate_limited", message, VK_RATE_LIMIT_WAIT_MS);
  if (code === 5 || code === 27) return credentialsRejected("credentials_rejected", message);
  if (code === 1 || code === 10) return transientFailure("vendor_unavailable", message);
  const permanent = PERMANENT[code];
  if (permanent) return permanentFailure(permanent, message);
  return permanentFailure("vendor_rejected", message);
}

/** A VK answer that is not its JSON envelope (a proxy's error page, a 5xx): retried. */
export function vkHttpError(method: string, status: number): ChannelError {
  return transientFailure("vendor_unavailable", `VK ${method} failed: HTTP ${status}`);
}
