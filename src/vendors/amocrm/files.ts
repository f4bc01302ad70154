import { downloadFile } from "../shared/download-file.js";
import type { AmocrmContext } from "./state.js";

/**
 * Downloads a file of a chat message by its ref, the media link of the webhook (docs/channels.md,
 * "Media"): amoCRM's media links need no credential, so none is sent; anything but an http(s)
 * URL is refused.
 */
export function fetchAmocrmFile(
  context: AmocrmContext,
  ref: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  return downloadFile(context.fetch, ref, "amoCRM");
}
