import type { InboundAttachment, InboundMessage } from "../contract/channel.js";
import { asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";

const idString = (value: unknown) => asNumber(value)?.toString() ?? (asString(value) || undefined);

/**
 * A chat message's BB-code as the model should read it: mentions as the name, links as
 * `text (url)`, line breaks as newlines, bold/italic/underline/strike and similar tags removed,
 * and the comma a removed mention leaves at the start dropped.
 * Unknown tags stay as written.
 */
export function plainText(message: string): string {
  return (
    message
      .replace(/\[br\]/gi, "\n")
      .replace(/\[(USER|CHAT)=[^\]]*\]([\s\S]*?)\[\/\1\]/gi, "$2")
      .replace(/\[URL=([^\]]+)\]([\s\S]*?)\[\/URL\]/gi, (_, url: string, text: string) =>
        text.trim() === "" || text === url ? url : `${text} (${url})`,
      )
      .replace(/\[\/?(B|I|U|S|URL|CODE|QUOTE|SIZE(=[^\]]*)?|COLOR(=[^\]]*)?|FONT(=[^\]]*)?)\]/gi, "")
      .trim()
      // In a group chat Bitrix24 removes the bot's mention and leaves the comma after it.
      .replace(/^[,:]\s*/, "")
  );
}

/** A file of the message as a placeholder and metadata (Bitrix24 serves files only to a portal session). */
function describeFile(file: JsonRecord): { text: string; attachment: InboundAttachment } {
  const name = asString(file.name) || undefined;
  const type = asString(file.type) ?? "";
  const kind =
    type === "image" ? "photo" : type === "video" ? "video" : type === "audio" ? "audio" : "document";
  const label = kind === "photo" ? "photo" : kind === "document" ? "document" : kind;
  return {
    text: name ? `[${label}: ${name}]` : `[${label}]`,
    attachment: { kind, ...(name ? { fileName: name } : {}) },
  };
}

/**
 * The open line of an open-lines chat: `CHAT_ENTITY_ID` is `connector|line|chat|user` there
 * (docs/channels.md, "Bitrix24"); empty for other chats.
 */
function lineIdOf(params: JsonRecord): string {
  if (asString(params.CHAT_ENTITY_TYPE) !== "LINES") return "";
  return (asString(params.CHAT_ENTITY_ID) ?? "").split("|")[1] ?? "";
}

/**
 * Normalises an `ONIMBOTMESSAGEADD` event's `data` (docs/channels.md, "Bitrix24"). No message
 * for system messages, for messages of a bot (this one or another: bots would answer each
 * other), and for shapes without a dialog, author or message id. The dedupe key is the portal's
 * `member_id` with the `MESSAGE_ID`, as message ids are per portal.
 */
export function toInboundMessage(data: JsonRecord, memberId: string): InboundMessage | undefined {
  const params = asRecord(data.PARAMS);
  if (!params || asString(params.SYSTEM) === "Y") return undefined;
  const user = asRecord(data.USER) ?? {};
  const botIds = Object.keys(asRecord(data.BOT) ?? {});
  const dialogId = asString(params.DIALOG_ID) || idString(params.DIALOG_ID);
  const authorId = idString(params.FROM_USER_ID) ?? idString(params.AUTHOR_ID);
  const messageId = idString(params.MESSAGE_ID);
  if (!dialogId || !authorId || !messageId || authorId === "0") return undefined;
  if (botIds.includes(authorId) || asString(user.IS_BOT) === "Y") return undefined;

  const parts: string[] = [];
  const attachments: InboundAttachment[] = [];
  const text = plainText(asString(params.MESSAGE) ?? "");
  if (text !== "") parts.push(text);
  for (const file of Object.values(asRecord(params.FILES) ?? {})) {
    const record = asRecord(file);
    if (!record) continue;
    const described = describeFile(record);
    parts.push(described.text);
    attachments.push(described.attachment);
  }
  if (parts.length === 0) return undefined;

  const name =
    asString(user.NAME)?.trim() ||
    [asString(user.FIRST_NAME), asString(user.LAST_NAME)].filter(Boolean).join(" ").trim() ||
    undefined;
  return {
    externalMessageId: `${memberId}:${messageId}`,
    conversationId: dialogId,
    person: { externalId: authorId, ...(name ? { name } : {}) },
    text: parts.join("\n"),
    attachments,
    route: {
      message_type: asString(params.MESSAGE_TYPE) ?? asString(params.CHAT_TYPE) ?? "",
      line_id: lineIdOf(params),
    },
  };
}
