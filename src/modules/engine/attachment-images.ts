import type { ModelMessage } from "ai";
import type { MessageRow } from "../../storage/repos/messages.repo.js";

/** Fetches a channel attachment's bytes (the integrations module implements it); undefined when it cannot. */
export type AttachmentLoader = (
  chatId: string,
  ref: string,
) => Promise<{ bytes: Uint8Array; mimeType: string } | undefined>;

/** At most this many images per turn, the newest first: enough for "look at these", bounded in cost. */
export const MAX_IMAGES_PER_TURN = 4;
/** Larger images are left as their placeholder text (providers refuse or bill heavily beyond). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface StoredAttachment {
  kind: string;
  ref?: string;
  mimeType?: string;
}

function imageRefs(row: MessageRow): string[] {
  if (row.role !== "user" || !row.attachments) return [];
  const attachments = JSON.parse(row.attachments) as StoredAttachment[];
  return attachments
    .filter(
      (a) => a.ref && (a.kind === "photo" || (a.kind === "document" && a.mimeType?.startsWith("image/"))),
    )
    .map((a) => a.ref as string);
}

/**
 * Gives a model that reads images the photos customers sent (docs/channels.md, "Non-text
 * messages"): the newest user messages of the history with image attachments get the image
 * beside their placeholder text. An image that cannot be fetched stays a placeholder; the
 * turn never fails for it.
 */
export async function attachImages(
  rows: readonly MessageRow[],
  history: ModelMessage[],
  chatId: string,
  load: AttachmentLoader,
): Promise<ModelMessage[]> {
  const result = [...history];
  let budget = MAX_IMAGES_PER_TURN;
  for (let index = rows.length - 1; index >= 0 && budget > 0; index -= 1) {
    const row = rows[index];
    if (!row) continue;
    const refs = imageRefs(row).slice(0, budget);
    if (refs.length === 0) continue;
    const images = await Promise.all(refs.map((ref) => load(chatId, ref).catch(() => undefined)));
    const parts = images.flatMap((image) =>
      image && image.bytes.byteLength <= MAX_IMAGE_BYTES
        ? [{ type: "image" as const, image: image.bytes, mediaType: image.mimeType }]
        : [],
    );
    if (parts.length === 0) continue;
    budget -= parts.length;
    result[index] = { role: "user", content: [{ type: "text", text: row.content }, ...parts] };
  }
  return result;
}
