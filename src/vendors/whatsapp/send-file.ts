import type { OutboundFileMessage } from "../contract/channel.js";
import type { VendorContext } from "../contract/vendor-context.js";
import type { WhatsappAuthData } from "./auth-data.js";
import { postWhatsappMessage } from "./send.js";

/** Images WhatsApp shows as images (jpeg, png; up to 5 MB); others go as documents. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png"]);
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * One file (docs/channels.md, "Files"): `type: "image"` with `image: {link, caption}` or
 * `type: "document"` with `document: {link, caption, filename}`. `link` is Parley's signed URL,
 * which Meta fetches when it sends, so PARLEY_PUBLIC_URL must be reachable from the internet
 * over HTTPS. Captions are at most 1024 characters.
 */
export async function sendWhatsappFile(
  context: VendorContext<WhatsappAuthData>,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const { file } = message;
  const caption = message.caption ? { caption: message.caption } : {};
  const content =
    file.kind === "image" && IMAGE_TYPES.has(file.mimeType) && file.size <= IMAGE_MAX_BYTES
      ? { type: "image", image: { link: file.url, ...caption } }
      : { type: "document", document: { link: file.url, filename: file.name, ...caption } };
  return { externalMessageId: await postWhatsappMessage(context, message.conversationId, content) };
}
