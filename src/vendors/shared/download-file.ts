import { permanentFailure, transientFailure } from "../contract/channel-error.js";

/**
 * Downloads a file a vendor put in a message at a URL that needs no credential (VK and Avito
 * CDN addresses): no token is sent with it, and anything but an http(s) URL is refused
 * (docs/channels.md, "Media"). A 5xx or 429 is transient, any other refusal permanent.
 */
export async function downloadFile(
  fetcher: typeof fetch,
  address: string,
  vendor: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw permanentFailure("file_not_found", `${vendor} file ref is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw permanentFailure("file_not_found", `${vendor} file ref is not an http(s) URL`);
  }
  const response = await fetcher(url, { redirect: "follow" });
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status >= 500 || response.status === 429) {
      throw transientFailure("vendor_unavailable", `${vendor} file download failed: HTTP ${response.status}`);
    }
    throw permanentFailure("file_not_found", `${vendor} file download failed: HTTP ${response.status}`);
  }
  const mimeType = response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
  return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType };
}
