import type { VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import type { WhatsappAuthData } from "./auth-data.js";

/**
 * Subscribes the Meta app to the WhatsApp Business Account, so the WABA's messages reach the
 * app's webhook (docs/channels.md, "WhatsApp"). The callback URL and the verify token are not
 * set by API: they are entered in the Meta app dashboard (Meta then makes the GET handshake).
 * Without `business_account_id` there is nothing to call.
 */
export async function subscribeWhatsappApp(context: VendorContext<WhatsappAuthData>): Promise<void> {
  const waba = context.authData.business_account_id;
  if (waba === undefined) return;
  await graphRequest(context, { method: "POST", path: graphPath(waba, "subscribed_apps") });
}

/** Unsubscribes the app from the WABA (on deactivation and delete). */
export async function unsubscribeWhatsappApp(context: VendorContext<WhatsappAuthData>): Promise<void> {
  const waba = context.authData.business_account_id;
  if (waba === undefined) return;
  await graphRequest(context, { method: "DELETE", path: graphPath(waba, "subscribed_apps") });
}
