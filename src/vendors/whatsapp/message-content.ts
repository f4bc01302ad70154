import type { InboundAttachment } from "../contract/channel.js";
import { placeholder } from "../meta/placeholder.js";
import { asArray, asNumber, asObject, asString, type JsonObject } from "../meta/untrusted-json.js";

export interface MessageContent {
  text: string;
  attachments: InboundAttachment[];
  /** The press of a button Parley sent: the reply button's or list row's id. */
  choice?: { buttonId: string };
}

/**
 * What one WhatsApp `messages[]` item says, by its `type` (docs/channels.md, "WhatsApp"): the
 * text, a button or list reply's title (with its id as `choice`), or a placeholder for media, locations and contact cards
 * (media attachments carry the media id as `ref`, for `fetchFile`). Reactions, `unsupported`,
 * `system` and unknown types say nothing: `undefined`, and the message is dropped.
 */
export function whatsappMessageContent(message: JsonObject): MessageContent | undefined {
  const type = asString(message.type);
  switch (type) {
    case "text": {
      const body = asString(asObject(message.text)?.body);
      return body === undefined ? undefined : { text: body, attachments: [] };
    }
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker":
      return mediaContent(type, asObject(message[type]));
    case "location":
      return locationContent(asObject(message.location));
    case "contacts":
      return contactsContent(asArray(message.contacts));
    case "interactive": {
      const interactive = asObject(message.interactive);
      const reply = asObject(interactive?.button_reply) ?? asObject(interactive?.list_reply);
      const title = asString(reply?.title);
      const id = asString(reply?.id);
      if (title !== undefined)
        return id === undefined
          ? { text: title, attachments: [] }
          : { text: title, attachments: [], choice: { buttonId: id } };
      if (interactive?.nfm_reply !== undefined)
        return { text: placeholder("form response"), attachments: [] };
      return undefined;
    }
    case "button": {
      const text = asString(asObject(message.button)?.text);
      return text === undefined ? undefined : { text, attachments: [] };
    }
    default:
      return undefined;
  }
}

function mediaContent(
  type: "image" | "video" | "audio" | "document" | "sticker",
  media: JsonObject | undefined,
): MessageContent | undefined {
  const ref = asString(media?.id);
  if (media === undefined || ref === undefined) return undefined;
  const mimeType = asString(media.mime_type);
  const caption = asString(media.caption);
  const fileName = asString(media.filename);
  const attachment = (kind: InboundAttachment["kind"], text: string): MessageContent => ({
    text,
    attachments: [{ kind, ref, mimeType, fileName, caption }],
  });
  switch (type) {
    case "image":
      return attachment("photo", placeholder("photo", caption));
    case "video":
      return attachment("video", placeholder("video", caption));
    case "audio":
      // WhatsApp marks recorded voice notes with `voice: true`; it gives no duration.
      return media.voice === true
        ? attachment("voice", placeholder("voice message"))
        : attachment("audio", placeholder("audio"));
    case "document":
      return attachment("document", placeholder("document", fileName, caption));
    case "sticker":
      return attachment("sticker", placeholder(media.animated === true ? "animated sticker" : "sticker"));
  }
}

function locationContent(location: JsonObject | undefined): MessageContent | undefined {
  const latitude = asNumber(location?.latitude);
  const longitude = asNumber(location?.longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  const name = asString(location?.name);
  const address = asString(location?.address);
  const caption = [name, address].filter((part) => part !== undefined).join(", ") || undefined;
  return {
    text: placeholder("location", latitude, longitude, name, address),
    attachments: [{ kind: "location", latitude, longitude, caption, url: asString(location?.url) }],
  };
}

function contactsContent(contacts: unknown[]): MessageContent | undefined {
  const cards = contacts.map(asObject).filter((card) => card !== undefined);
  if (cards.length === 0) return undefined;
  const described = cards.map((card) => {
    const name = asString(asObject(card.name)?.formatted_name);
    const phone = asString(asObject(asArray(card.phones)[0])?.phone);
    return { text: placeholder("contact", name, phone), caption: [name, phone].filter(Boolean).join(", ") };
  });
  return {
    text: described.map((card) => card.text).join(" "),
    attachments: described.map((card) => ({ kind: "contact" as const, caption: card.caption || undefined })),
  };
}
