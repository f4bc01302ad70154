import { permanentFailure, transientFailure } from "../../channel-error.js";
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
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw permanentFailure("file_not_found", "VK file ref is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw permanentFailure("file_not_found", "VK file ref is not an http(s) URL");
  }
  const response = await context.fetch(url, { redirect: "follow" });
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status >= 500 || response.status === 429) {
      throw transientFailure("vendor_unavailable", `VK file download failed: HTTP ${response.status}`);
    }
    throw permanentFailure("file_not_found", `VK file download failed: HTTP ${response.status}`);
  }
  const mimeType = response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
  return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType };
}
