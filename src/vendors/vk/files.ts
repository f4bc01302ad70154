import { downloadFile } from "../shared/download-file.js";
import type { VkContext } from "./state.js";

/**
 * Downloads an attachment by its ref (docs/channels.md, "Media"). VK refs are the URLs VK
 * put in the message (photo and sticker CDN addresses, voice `link_ogg`, document `url`):
 * they need no token, so none is sent with them. Anything but an http(s) URL is refused.
 */
export async function fetchVkFile(
  context: VkContext,
  ref: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  return downloadFile(context.fetch, ref, "VK");
}
