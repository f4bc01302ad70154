import type { InboundAttachment } from "../contract/channel.js";
import { downloadFile } from "../shared/download-file.js";
import { placeholder } from "./placeholder.js";
import { asNumber, asObject, asString } from "./untrusted-json.js";

export interface ReadableAttachment {
  attachment: InboundAttachment;
  /** Its placeholder in the message text. */
  text: string;
}

/**
 * One `message.attachments[]` item of a Messenger or Instagram webhook (docs/channels.md,
 * "Meta"). Meta sends no file id, only `payload.url`: a CDN URL signed with an expiring query and
 * no credential. It is the `url`, and for files also the `ref` Parley downloads to keep a copy
 * before it expires (`fetchMessagingFile`; docs/channels.md, "Non-text messages").
 * Messenger and Instagram `audio` attachments are voice clips recorded in the app.
 */
export function messagingAttachment(raw: unknown): ReadableAttachment | undefined {
  const item = asObject(raw);
  if (item === undefined) return undefined;
  const type = asString(item.type);
  const payload = asObject(item.payload) ?? {};
  const url = asString(payload.url);
  const title = asString(payload.title) ?? asString(item.title);
  // Files carry their URL as `ref` too; a shared post's or a story's URL is a page, not a file.
  switch (type) {
    case "image":
      if (payload.sticker_id !== undefined)
        return { attachment: { kind: "sticker", url, ref: url }, text: placeholder("sticker") };
      return { attachment: { kind: "photo", url, ref: url }, text: placeholder("photo") };
    case "animated_image":
      return { attachment: { kind: "photo", url, ref: url }, text: placeholder("GIF") };
    case "video":
      return { attachment: { kind: "video", url, ref: url }, text: placeholder("video") };
    case "audio":
      return { attachment: { kind: "voice", url, ref: url }, text: placeholder("voice message") };
    case "file":
      return {
        attachment: { kind: "document", url, ref: url, fileName: title },
        text: placeholder("document", title),
      };
    case "location": {
      const coordinates = asObject(payload.coordinates);
      const latitude = asNumber(coordinates?.lat);
      const longitude = asNumber(coordinates?.long);
      return {
        attachment: { kind: "location", latitude, longitude, caption: title },
        text: placeholder("location", latitude, longitude, title),
      };
    }
    case "fallback": {
      const link = url ?? asString(item.URL) ?? asString(item.url);
      return {
        attachment: { kind: "link", url: link, caption: title },
        text: placeholder("link", title ?? link),
      };
    }
    case "share":
    case "ig_post":
      return { attachment: { kind: "link", url, caption: title }, text: placeholder("shared post", title) };
    case "ig_reel":
    case "reel":
      return { attachment: { kind: "video", url, caption: title }, text: placeholder("reel", title) };
    case "story_mention":
      return { attachment: { kind: "link", url }, text: placeholder("story mention") };
    default:
      return { attachment: { kind: "other", url }, text: placeholder("attachment", type) };
  }
}

/** Downloads a Messenger or Instagram attachment's CDN URL (its `ref`): no token goes with it. */
export function fetchMessagingFile(fetcher: typeof fetch, ref: string, product: string) {
  return downloadFile(fetcher, ref, product);
}
