import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatBytes } from "../knowledge/file-status";
import type { Message, MessageAttachment } from "./types";

/** Raster images the server serves inline (SVG and the rest come as downloads). */
const INLINE_IMAGES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

type Kept = MessageAttachment & { file: NonNullable<MessageAttachment["file"]> };

/** Voice and audio play in the bubble (VoiceAttachments), from the kept copy when there is one. */
const isSound = (kind: string) => kind === "voice" || kind === "audio";

/** Attachments of the message Parley keeps a copy of, or tried to and could not (sounds aside). */
export function keptOrRefused(message: Message): MessageAttachment[] {
  return (message.attachments ?? []).filter(
    (attachment) => !isSound(attachment.kind) && (attachment.file || attachment.fileError),
  );
}

function nameOf(attachment: MessageAttachment, fallback: string): string {
  return attachment.fileName ?? attachment.caption ?? fallback;
}

/**
 * The files a customer sent that Parley keeps (docs/console.md, "Files customers send"): images
 * as thumbnails that open the full picture, other files as download links with their name and
 * size, and a note for a file that was not kept. The links go to the API with the console's
 * session cookie.
 */
export function KeptFiles({ message }: { message: Message }) {
  const t = useT("inbox");
  const { language } = useLanguage();
  const attachments = keptOrRefused(message);
  if (attachments.length === 0) return null;
  const kept = attachments.filter((attachment): attachment is Kept => attachment.file !== undefined);
  const images = kept.filter((attachment) => INLINE_IMAGES.has(attachment.file.mime_type));
  const others = kept.filter((attachment) => !INLINE_IMAGES.has(attachment.file.mime_type));
  const refused = attachments.filter((attachment) => !attachment.file && attachment.fileError);
  return (
    <Stack gap={4} mt={4} data-testid="kept-files">
      {images.length > 0 ? (
        <Group gap={4}>
          {images.map((attachment) => (
            <a key={attachment.file.id} href={attachment.file.url} target="_blank" rel="noreferrer">
              <img
                src={attachment.file.url}
                alt={nameOf(attachment, t("message.attachment", { kind: attachment.kind }))}
                loading="lazy"
                style={{ maxWidth: 200, maxHeight: 160, borderRadius: 4, display: "block" }}
              />
            </a>
          ))}
        </Group>
      ) : null}
      {others.map((attachment) => (
        <Anchor
          key={attachment.file.id}
          href={attachment.file.url}
          download={attachment.fileName ?? true}
          size="xs"
        >
          {nameOf(attachment, t("message.attachment", { kind: attachment.kind }))} ·{" "}
          {formatBytes(attachment.file.size, language)}
        </Anchor>
      ))}
      {refused.map((attachment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and never reorder
        <Text key={index} size="xs" c="dimmed">
          {t("message.notKept", {
            name: nameOf(attachment, t("message.attachment", { kind: attachment.kind })),
            reason: attachment.fileError?.message ?? "",
          })}
        </Text>
      ))}
    </Stack>
  );
}
