import type { InboundAttachment } from "../contract/channel.js";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";

/** One non-text part of a VK message: its metadata and how the model reads it. */
export interface DescribedAttachment {
  attachment: InboundAttachment;
  /** E.g. `[photo]`, `[voice message, 7 s]`, `[document: invoice.pdf]`. */
  placeholder: string;
}

/** Photo size letters from smallest to largest, for sizes that come without dimensions. */
const SIZE_LETTERS = "smxopqryzw";

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
};

/** The largest rendition of a photo: by pixel count, else by VK's size letter. */
function largestPhotoUrl(photo: JsonRecord): string | undefined {
  const candidates = asArray(photo.sizes)
    .map(asRecord)
    .filter((size) => size !== undefined);
  const original = asRecord(photo.orig_photo);
  if (original) candidates.push(original);
  const area = (size: JsonRecord) => (asNumber(size.width) ?? 0) * (asNumber(size.height) ?? 0);
  const letter = (size: JsonRecord) => SIZE_LETTERS.indexOf(asString(size.type) ?? "");
  let best: JsonRecord | undefined;
  for (const size of candidates) {
    if (!asString(size.url)) continue;
    if (!best || area(size) > area(best) || (area(size) === area(best) && letter(size) > letter(best)))
      best = size;
  }
  return best ? asString(best.url) : undefined;
}

function describePhoto(photo: JsonRecord): DescribedAttachment {
  // VK photo URLs are public CDN addresses (no token in them), so they serve as url and ref.
  const url = largestPhotoUrl(photo);
  const caption = asString(photo.text) || undefined;
  return {
    attachment: { kind: "photo", ref: url, url, mimeType: "image/jpeg", caption },
    placeholder: caption ? `[photo: ${caption}]` : "[photo]",
  };
}

function describeVoice(voice: JsonRecord): DescribedAttachment {
  const link = asString(voice.link_ogg) ?? asString(voice.link_mp3);
  const duration = asNumber(voice.duration);
  const mimeType = asString(voice.link_ogg) ? "audio/ogg" : "audio/mpeg";
  return {
    attachment: {
      kind: "voice",
      ref: link,
      url: link,
      mimeType,
      ...(duration === undefined ? {} : { duration }),
    },
    placeholder: duration === undefined ? "[voice message]" : `[voice message, ${duration} s]`,
  };
}

function describeDocument(doc: JsonRecord): DescribedAttachment {
  const title = asString(doc.title) || "file";
  const extension = (asString(doc.ext) ?? "").toLowerCase();
  const url = asString(doc.url);
  return {
    attachment: { kind: "document", ref: url, url, fileName: title, mimeType: MIME_BY_EXTENSION[extension] },
    placeholder: `[document: ${title}]`,
  };
}

function describeSticker(sticker: JsonRecord): DescribedAttachment {
  const images = asArray(sticker.images)
    .map(asRecord)
    .filter((image) => image !== undefined);
  const largest = images.reduce<JsonRecord | undefined>(
    (best, image) => (!best || (asNumber(image.width) ?? 0) > (asNumber(best.width) ?? 0) ? image : best),
    undefined,
  );
  const url = largest ? asString(largest.url) : undefined;
  return { attachment: { kind: "sticker", ref: url, url, mimeType: "image/png" }, placeholder: "[sticker]" };
}

function describeVideo(video: JsonRecord): DescribedAttachment {
  const title = asString(video.title) || undefined;
  const owner = asNumber(video.owner_id);
  const id = asNumber(video.id);
  // A video is a page to open, not a file Parley can download.
  const url = owner !== undefined && id !== undefined ? `https://vk.com/video${owner}_${id}` : undefined;
  return {
    attachment: { kind: "video", url, caption: title },
    placeholder: title ? `[video: ${title}]` : "[video]",
  };
}

function describeAudio(audio: JsonRecord): DescribedAttachment {
  const name = [asString(audio.artist), asString(audio.title)].filter(Boolean).join(" – ");
  return {
    attachment: { kind: "audio", caption: name || undefined },
    placeholder: name ? `[audio: ${name}]` : "[audio]",
  };
}

function describeWallPost(wall: JsonRecord): DescribedAttachment {
  const owner = asNumber(wall.owner_id) ?? asNumber(wall.to_id) ?? asNumber(wall.from_id);
  const id = asNumber(wall.id);
  const url = owner !== undefined && id !== undefined ? `https://vk.com/wall${owner}_${id}` : undefined;
  const text = (asString(wall.text) ?? "").trim().slice(0, 200);
  return {
    attachment: { kind: "link", url, caption: text || undefined },
    placeholder: text ? `[wall post: ${text}]` : "[wall post]",
  };
}

function describeLink(link: JsonRecord): DescribedAttachment {
  const url = asString(link.url);
  const title = asString(link.title) || undefined;
  return {
    attachment: { kind: "link", url, caption: title },
    placeholder: url ? `[link: ${url}]` : "[link]",
  };
}

/** The message's `geo` (a location is not an attachment in VK, but a field of the message). */
export function describeGeo(geo: JsonRecord): DescribedAttachment | undefined {
  const coordinates = asRecord(geo.coordinates);
  const latitude = asNumber(coordinates?.latitude);
  const longitude = asNumber(coordinates?.longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  const place = asString(asRecord(geo.place)?.title) || undefined;
  return {
    attachment: { kind: "location", latitude, longitude, caption: place },
    placeholder: `[location: ${latitude}, ${longitude}]`,
  };
}

/** One entry of a message's `attachments` (`{type, <type>: {...}}`), whatever its type. */
export function describeAttachment(entry: JsonRecord): DescribedAttachment {
  const type = asString(entry.type) ?? "attachment";
  const body = asRecord(entry[type]) ?? {};
  switch (type) {
    case "photo":
      return describePhoto(body);
    case "audio_message":
      return describeVoice(body);
    case "doc":
      return describeDocument(body);
    case "sticker":
      return describeSticker(body);
    case "video":
      return describeVideo(body);
    case "audio":
      return describeAudio(body);
    case "wall":
      return describeWallPost(body);
    case "link":
      return describeLink(body);
    default:
      // Polls, gifts, market items, stories, graffiti…: named, not described.
      return { attachment: { kind: "other" }, placeholder: `[${type.replace(/_/g, " ")}]` };
  }
}
