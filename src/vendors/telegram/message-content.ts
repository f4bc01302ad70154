import type { InboundAttachment } from "../contract/channel.js";
import type { TelegramMessage } from "./update-schema.js";

/**
 * What a message says, for the model: its text, or a readable placeholder for a non-text
 * message with the attachment's metadata (docs/channels.md, "Non-text messages"). File refs are
 * Telegram `file_id`s, fetched again through `fetchFile`. A message with none of the contents
 * below (a service message: members joined, title changed, chat migrated…) is not a customer
 * message and gives undefined.
 */
export interface MessageContent {
  text: string;
  attachments: InboundAttachment[];
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** `[head]`, `[head: caption]`, or `[head — caption]` when the head already has a colon. */
function placeholder(head: string, caption: string | undefined): string {
  if (caption === undefined) return `[${head}]`;
  return `[${head}${head.includes(":") ? " — " : ": "}${caption}]`;
}

function seconds(duration: number | undefined): string {
  return duration === undefined ? "" : `, ${Math.round(duration)} s`;
}

/** Drops undefined values so attachments only carry what Telegram sent. */
function attachment(fields: InboundAttachment): InboundAttachment {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as InboundAttachment;
}

/** Photos come in several sizes; the largest is the one worth fetching. */
function largestPhoto(sizes: NonNullable<TelegramMessage["photo"]>) {
  return sizes.reduce((best, size) =>
    size.width * size.height > best.width * best.height ||
    (size.width * size.height === best.width * best.height && (size.file_size ?? 0) > (best.file_size ?? 0))
      ? size
      : best,
  );
}

function stickerMimeType(sticker: NonNullable<TelegramMessage["sticker"]>): string {
  if (sticker.is_video) return "video/webm";
  if (sticker.is_animated) return "application/x-tgsticker";
  return "image/webp";
}

export function describeMessage(message: TelegramMessage): MessageContent | undefined {
  const caption = clean(message.caption);
  const text = message.text;
  if (text !== undefined && text.length > 0) return { text, attachments: [] };

  const { photo, animation, video, video_note, voice, audio, document, sticker } = message;
  if (photo) {
    const size = largestPhoto(photo);
    return {
      text: placeholder("photo", caption),
      attachments: [attachment({ kind: "photo", ref: size.file_id, mimeType: "image/jpeg", caption })],
    };
  }
  // An animation (GIF) also carries `document` for old clients, so it is matched first.
  if (animation) {
    return {
      text: placeholder("animation", caption),
      attachments: [
        attachment({
          kind: "video",
          ref: animation.file_id,
          mimeType: animation.mime_type,
          fileName: animation.file_name,
          caption,
        }),
      ],
    };
  }
  if (video) {
    return {
      text: placeholder(`video${seconds(video.duration)}`, caption),
      attachments: [
        attachment({
          kind: "video",
          ref: video.file_id,
          mimeType: video.mime_type,
          fileName: video.file_name,
          caption,
        }),
      ],
    };
  }
  if (video_note) {
    return {
      text: placeholder(`video message${seconds(video_note.duration)}`, caption),
      attachments: [attachment({ kind: "video", ref: video_note.file_id, mimeType: "video/mp4", caption })],
    };
  }
  if (voice) {
    return {
      text: placeholder(`voice message${seconds(voice.duration)}`, caption),
      attachments: [
        attachment({
          kind: "voice",
          ref: voice.file_id,
          mimeType: voice.mime_type,
          duration: voice.duration,
          caption,
        }),
      ],
    };
  }
  if (audio) {
    const name =
      [clean(audio.performer), clean(audio.title)].filter(Boolean).join(" – ") || clean(audio.file_name);
    return {
      text: placeholder(`audio${name ? `: ${name}` : ""}${seconds(audio.duration)}`, caption),
      attachments: [
        attachment({
          kind: "audio",
          ref: audio.file_id,
          mimeType: audio.mime_type,
          fileName: audio.file_name,
          duration: audio.duration,
          caption,
        }),
      ],
    };
  }
  if (document) {
    const name = clean(document.file_name);
    return {
      text: placeholder(name ? `document: ${name}` : "document", caption),
      attachments: [
        attachment({
          kind: "document",
          ref: document.file_id,
          mimeType: document.mime_type,
          fileName: document.file_name,
          caption,
        }),
      ],
    };
  }
  if (sticker) {
    const emoji = clean(sticker.emoji);
    return {
      text: `[sticker${emoji ? ` ${emoji}` : ""}]`,
      attachments: [
        attachment({ kind: "sticker", ref: sticker.file_id, mimeType: stickerMimeType(sticker) }),
      ],
    };
  }
  return describeNonFile(message, caption);
}

/** Contents without a file: places, contacts, polls, dice. */
function describeNonFile(message: TelegramMessage, caption: string | undefined): MessageContent | undefined {
  const { venue, location, contact, poll, dice } = message;
  // A venue also carries `location`, so it is matched first.
  if (venue) {
    const { latitude, longitude } = venue.location;
    const address = clean(venue.address);
    return {
      text: `[location: ${venue.title}${address ? `, ${address}` : ""} (${latitude}, ${longitude})]`,
      attachments: [attachment({ kind: "location", latitude, longitude, caption: venue.title })],
    };
  }
  if (location) {
    const { latitude, longitude } = location;
    return {
      text: `[location: ${latitude}, ${longitude}]`,
      attachments: [attachment({ kind: "location", latitude, longitude })],
    };
  }
  if (contact) {
    const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ");
    return { text: `[contact: ${name}, ${contact.phone_number}]`, attachments: [{ kind: "contact" }] };
  }
  if (poll) return { text: `[poll: ${poll.question}]`, attachments: [{ kind: "other" }] };
  if (dice) return { text: `[dice ${dice.emoji}: ${dice.value}]`, attachments: [{ kind: "other" }] };
  // A caption alone (an unknown media kind with a caption) still says something.
  if (caption !== undefined)
    return { text: placeholder("attachment", caption), attachments: [{ kind: "other" }] };
  return undefined;
}
