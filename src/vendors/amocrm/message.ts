import type { InboundAttachment } from "../contract/channel.js";
import { asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";

/** A Chats API message as the model reads it, with the attachment it carries, if any. */
export interface DescribedContent {
  text: string;
  attachment?: InboundAttachment;
}

const withCaption = (label: string, caption: string | undefined) =>
  caption ? `[${label}: ${caption}]` : `[${label}]`;

/** Only http(s) links are kept as refs and URLs (amoCRM's media links are public: docs/channels.md). */
function mediaUrl(value: unknown): string | undefined {
  const url = asString(value);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * A message of a channel webhook (`message.message`: `type` text, picture, video, file, voice,
 * audio, sticker; location and contact as in the send API) as a placeholder and attachment
 * (docs/channels.md, "Non-text messages"). The text sent with a file is its caption.
 */
export function describeContent(message: JsonRecord): DescribedContent {
  const type = asString(message.type) ?? "";
  const text = (asString(message.text) ?? "").trim();
  const caption = text || undefined;
  const url = mediaUrl(message.media);
  const fileName = asString(message.file_name) || undefined;
  switch (type) {
    case "text":
      return { text };
    case "picture":
      return { text: withCaption("photo", caption), attachment: { kind: "photo", ref: url, url, caption } };
    case "video":
      return { text: withCaption("video", caption), attachment: { kind: "video", ref: url, url, caption } };
    case "file":
      return {
        text: withCaption("document", fileName ?? caption),
        attachment: { kind: "document", ref: url, url, fileName, caption },
      };
    case "voice":
      return { text: "[voice message]", attachment: { kind: "voice", ref: url, url } };
    case "audio":
      return { text: withCaption("audio", fileName), attachment: { kind: "audio", ref: url, url, fileName } };
    case "sticker":
      return { text: "[sticker]", attachment: { kind: "sticker", ref: url, url } };
    case "location": {
      const location = asRecord(message.location);
      const latitude = asNumber(location?.lat);
      const longitude = asNumber(location?.lon);
      if (latitude === undefined || longitude === undefined) {
        return { text: "[location]", attachment: { kind: "location" } };
      }
      return {
        text: `[location: ${latitude}, ${longitude}]`,
        attachment: { kind: "location", latitude, longitude },
      };
    }
    case "contact": {
      const contact = asRecord(message.contact);
      const label = [asString(contact?.name), asString(contact?.phone)].filter(Boolean).join(", ");
      return {
        text: withCaption("contact", label || undefined),
        attachment: { kind: "contact", caption: label || undefined },
      };
    }
    default:
      return { text: `[${type || "unknown"} message]`, attachment: { kind: "other" } };
  }
}
