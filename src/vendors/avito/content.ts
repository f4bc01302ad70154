import type { InboundAttachment } from "../contract/channel.js";
import { asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";

/** A message's content as the model reads it, with the attachment it carries, if any. */
export interface DescribedContent {
  text: string;
  attachment?: InboundAttachment;
}

/** The voice-file ref `fetchFile` understands: Avito gives a `voice_id`, the URL comes on request. */
export const VOICE_REF_PREFIX = "voice:";

/** The largest image of a `{"<w>x<h>": url}` map (Avito's image sizes). */
function largestImage(sizes: JsonRecord | undefined): string | undefined {
  let best: { url: string; area: number } | undefined;
  for (const [size, url] of Object.entries(sizes ?? {})) {
    const match = /^(\d+)x(\d+)$/.exec(size);
    if (typeof url !== "string" || !match) continue;
    const area = Number(match[1]) * Number(match[2]);
    if (!best || area > best.area) best = { url, area };
  }
  return best?.url;
}

function describeLocation(location: JsonRecord): DescribedContent {
  const latitude = asNumber(location.lat);
  const longitude = asNumber(location.lon);
  const place = asString(location.title) || asString(location.text) || undefined;
  if (latitude === undefined || longitude === undefined) {
    return {
      text: place ? `[location: ${place}]` : "[location]",
      attachment: { kind: "location", caption: place },
    };
  }
  return {
    text: `[location: ${latitude}, ${longitude}${place ? ` (${place})` : ""}]`,
    attachment: { kind: "location", latitude, longitude, caption: place },
  };
}

function describeLink(link: JsonRecord): DescribedContent {
  const preview = asRecord(link.preview);
  const url = asString(preview?.url) || asString(link.url) || undefined;
  const title = asString(preview?.title) || undefined;
  const text = asString(link.text) || url;
  return { text: text ? `[link: ${text}]` : "[link]", attachment: { kind: "link", url, caption: title } };
}

function describeItem(item: JsonRecord): DescribedContent {
  const title = asString(item.title) || undefined;
  const price = asString(item.price_string) || undefined;
  const label = [title, price].filter(Boolean).join(", ");
  return {
    text: label ? `[listing: ${label}]` : "[listing]",
    attachment: { kind: "link", url: asString(item.item_url) || undefined, caption: title },
  };
}

/**
 * A non-text Avito message as a placeholder and attachment (docs/channels.md, "Avito"). Avito
 * sends `file`, `video` and `appCall` with empty content (its API does not expose them), so
 * those are named only.
 */
export function describeContent(type: string, content: JsonRecord): DescribedContent {
  switch (type) {
    case "text":
      return { text: asString(content.text) ?? "" };
    case "image": {
      const url = largestImage(asRecord(asRecord(content.image)?.sizes));
      return { text: "[photo]", attachment: { kind: "photo", ref: url, url } };
    }
    case "voice": {
      const voiceId = asString(asRecord(content.voice)?.voice_id);
      return {
        text: "[voice message]",
        attachment: {
          kind: "voice",
          ref: voiceId ? `${VOICE_REF_PREFIX}${voiceId}` : undefined,
          mimeType: "audio/mp4",
        },
      };
    }
    case "file":
      return { text: "[document]", attachment: { kind: "document" } };
    case "video":
      return { text: "[video]", attachment: { kind: "video" } };
    case "location":
      return describeLocation(asRecord(content.location) ?? {});
    case "link":
      return describeLink(asRecord(content.link) ?? {});
    case "item":
      return describeItem(asRecord(content.item) ?? {});
    case "call": {
      const missed = asString(asRecord(content.call)?.status) === "missed";
      return { text: missed ? "[missed call]" : "[call]", attachment: { kind: "other" } };
    }
    case "appCall":
      return { text: "[call]", attachment: { kind: "other" } };
    default:
      return { text: `[${type || "unknown"} message]`, attachment: { kind: "other" } };
  }
}
