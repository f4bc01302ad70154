import type { FilePart, ImagePart, ModelMessage } from "ai";
import type { MessageRow } from "../../storage/repos/messages.repo.js";

/** A channel attachment as the loader needs it: the copy Parley keeps (`file`), else the vendor's `ref`. */
export interface LoadableAttachment {
  ref?: string;
  file?: { id: string };
}

/**
 * Fetches a channel attachment's bytes: from Parley's kept copy when there is one, otherwise
 * through the vendor (the integrations module implements it); undefined when it cannot.
 */
export type AttachmentLoader = (
  chatId: string,
  attachment: LoadableAttachment,
) => Promise<{ bytes: Uint8Array; mimeType: string } | undefined>;

/** At most this many images per turn, the newest first: enough for "look at these", bounded in cost. */
export const MAX_IMAGES_PER_TURN = 4;
/** Larger images are left as their placeholder text (providers refuse or bill heavily beyond). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** At most this many PDFs per turn, the newest first. */
export const MAX_PDFS_PER_TURN = 2;
/** Larger PDFs stay placeholders (OpenAI and Anthropic take 32 MB; pages cost tokens). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** Providers whose models read PDFs given as file parts (docs/channels.md, "Non-text messages"). */
const PDF_PROVIDERS = new Set(["openai", "anthropic", "google"]);

/** Whether a model of `provider` that reads images is given customers' PDFs too. */
export function readsPdfs(provider: string): boolean {
  return PDF_PROVIDERS.has(provider);
}

interface StoredAttachment extends LoadableAttachment {
  kind: string;
  mimeType?: string;
  fileName?: string;
}

type Wanted = { attachment: StoredAttachment; kind: "image" | "pdf" };

function isImage(a: StoredAttachment): boolean {
  return a.kind === "photo" || (a.kind === "document" && a.mimeType?.startsWith("image/") === true);
}

function isPdf(a: StoredAttachment): boolean {
  return a.kind === "document" && a.mimeType === "application/pdf";
}

function loadable(a: StoredAttachment): boolean {
  return typeof a.ref === "string" || a.file !== undefined;
}

function wanted(row: MessageRow, pdfs: boolean): Wanted[] {
  if (row.role !== "user" || !row.attachments) return [];
  const attachments = JSON.parse(row.attachments) as StoredAttachment[];
  return attachments.flatMap((attachment): Wanted[] => {
    if (!loadable(attachment)) return [];
    if (isImage(attachment)) return [{ attachment, kind: "image" }];
    if (pdfs && isPdf(attachment)) return [{ attachment, kind: "pdf" }];
    return [];
  });
}

/**
 * Gives a model that reads images the photos customers sent, and a model that also reads PDFs
 * their PDF documents (docs/channels.md, "Non-text messages"): the newest user messages of the
 * history with such attachments get the file beside their placeholder text, read from Parley's
 * kept copy when there is one. A file that cannot be loaded, or is over its cap, stays a
 * placeholder; the turn never fails for it.
 */
export async function attachImages(
  rows: readonly MessageRow[],
  history: ModelMessage[],
  chatId: string,
  load: AttachmentLoader,
  options: { pdfs?: boolean } = {},
): Promise<ModelMessage[]> {
  const result = [...history];
  const budget = { image: MAX_IMAGES_PER_TURN, pdf: options.pdfs ? MAX_PDFS_PER_TURN : 0 };
  for (let index = rows.length - 1; index >= 0 && budget.image + budget.pdf > 0; index -= 1) {
    const row = rows[index];
    if (!row) continue;
    const chosen = wanted(row, options.pdfs === true).filter((item) => {
      if (budget[item.kind] <= 0) return false;
      budget[item.kind] -= 1;
      return true;
    });
    if (chosen.length === 0) continue;
    const loaded = await Promise.all(
      chosen.map((item) => load(chatId, item.attachment).catch(() => undefined)),
    );
    const parts = chosen.flatMap((item, at): Array<ImagePart | FilePart> => {
      const file = loaded[at];
      if (!file) return [];
      if (item.kind === "image") {
        return file.bytes.byteLength <= MAX_IMAGE_BYTES
          ? [{ type: "image", image: file.bytes, mediaType: file.mimeType }]
          : [];
      }
      return file.bytes.byteLength <= MAX_PDF_BYTES
        ? [
            {
              type: "file",
              data: file.bytes,
              mediaType: "application/pdf",
              ...(item.attachment.fileName ? { filename: item.attachment.fileName } : {}),
            },
          ]
        : [];
    });
    if (parts.length === 0) continue;
    result[index] = { role: "user", content: [{ type: "text", text: row.content }, ...parts] };
  }
  return result;
}
