import type { VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import type { FacebookAuthData } from "./auth-data.js";

/** The webhook fields Parley reads: customer messages and button presses (docs/channels.md, "Messenger"). */
const SUBSCRIBED_FIELDS = "messages,messaging_postbacks";

/** The Page the token acts for: its id when `auth_data` names it, else `me` (a Page token's own Page). */
export function pageNode(context: VendorContext<FacebookAuthData>): string {
  return context.authData.page_id ?? "me";
}

/**
 * Subscribes the app to the Page's messaging events (docs/channels.md, "Messenger"). The callback
 * URL and verify token themselves are entered in the Meta app dashboard, not set by API.
 */
export async function subscribeFacebookPage(context: VendorContext<FacebookAuthData>): Promise<void> {
  await graphRequest(context, {
    method: "POST",
    path: graphPath(pageNode(context), "subscribed_apps"),
    query: { subscribed_fields: SUBSCRIBED_FIELDS },
  });
}

/** Removes the app's subscription to the Page (on deactivation and delete). */
export async function unsubscribeFacebookPage(context: VendorContext<FacebookAuthData>): Promise<void> {
  await graphRequest(context, { method: "DELETE", path: graphPath(pageNode(context), "subscribed_apps") });
}
