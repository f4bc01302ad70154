import type { OutboundFile } from "../../../vendors/contract/channel.js";
import type { MessageFile, OutboundFileService } from "../../outbound-files/index.js";

/** What delivery needs of the file store: signed links and the bytes. */
export type DeliveryFiles = Pick<OutboundFileService, "signedUrl" | "readAll">;

/** A link a vendor fetches while it sends: valid for a day (a vendor's own retries included). */
export const FETCH_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A link people open later, written into the text (channels without `sendFile`, Avito's
 * documents) or shown as the message's attachment (Bitrix24): valid for 30 days from the
 * message, so every retry writes the very same link (docs/channels.md, "Files").
 */
export const TEXT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function textLinkExpiry(createdAt: string): Date {
  return new Date(new Date(createdAt).getTime() + TEXT_LINK_TTL_MS);
}

/** Captions of channels that do not say their limit. */
export const DEFAULT_CAPTION_MAX = 1024;

/** A stored file as a channel's `sendFile` takes it, for the message created at `createdAt`. */
export function outboundFile(
  files: DeliveryFiles,
  projectId: string,
  file: MessageFile,
  now: Date,
  createdAt: string,
): OutboundFile {
  return {
    kind: file.kind,
    name: file.name,
    mimeType: file.mime_type,
    size: file.size,
    url: files.signedUrl(file.id, new Date(now.getTime() + FETCH_LINK_TTL_MS)),
    shownUrl: files.signedUrl(file.id, textLinkExpiry(createdAt)),
    read: async () => new Uint8Array(await files.readAll(projectId, file.id)),
  };
}

/** The message's text with a line per file under it: its caption or name, and its signed link. */
export function textWithFileLinks(
  text: string,
  messageFiles: readonly MessageFile[],
  files: DeliveryFiles,
  createdAt: string,
): string {
  if (messageFiles.length === 0) return text;
  const expiresAt = textLinkExpiry(createdAt);
  const lines = messageFiles.map(
    (file) => `${file.caption ?? file.name}: ${files.signedUrl(file.id, expiresAt)}`,
  );
  return [text.trim(), ...lines].filter((line) => line !== "").join("\n");
}

/** A caption within the channel's limit (cut at a character boundary, with an ellipsis). */
export function fittedCaption(caption: string | undefined, max: number): string | undefined {
  if (!caption) return undefined;
  const chars = [...caption];
  return chars.length <= max ? caption : `${chars.slice(0, max - 1).join("")}…`;
}
