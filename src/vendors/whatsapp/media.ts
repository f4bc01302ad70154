import { permanentFailure } from "../contract/channel-error.js";
import type { VendorContext } from "../contract/vendor-context.js";
import { classifyGraphError } from "../meta/graph-error.js";
import { graphPath, graphRequest, graphSecrets } from "../meta/graph-request.js";
import { asString, parseJsonObject } from "../meta/untrusted-json.js";
import type { WhatsappAuthData } from "./auth-data.js";

const MEDIA_ID = /^\d{1,32}$/;

/**
 * Downloads a WhatsApp media file by the media id an inbound message carried (docs/channels.md,
 * "WhatsApp"): `GET /<media-id>` answers a short-lived `url` and the `mime_type`, and that URL
 * is fetched with the same bearer token. The token goes only to an https URL or to the Graph
 * base's own origin (a proxy or test fake), never to a plain-http stranger.
 */
export async function fetchWhatsappMedia(
  context: VendorContext<WhatsappAuthData>,
  ref: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  if (!MEDIA_ID.test(ref))
    throw permanentFailure("invalid_file_ref", "A WhatsApp media id is a string of digits.");
  const media = await graphRequest(context, { method: "GET", path: graphPath(ref) });
  const location = asString(media.url);
  if (location === undefined) throw permanentFailure("file_not_found", "Graph API answered no download URL.");
  const url = new URL(location);
  if (url.protocol !== "https:" && url.origin !== new URL(context.apiBaseUrl).origin) {
    throw permanentFailure("untrusted_file_url", "Graph API answered a download URL that is not https.");
  }
  const response = await context.fetch(url, {
    headers: { authorization: `Bearer ${context.authData.access_token}` },
  });
  if (!response.ok) {
    const body = parseJsonObject(await response.text());
    throw classifyGraphError(response.status, response.headers, body, graphSecrets(context));
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const mimeType =
    asString(media.mime_type) ?? response.headers.get("content-type") ?? "application/octet-stream";
  return { bytes, mimeType };
}
