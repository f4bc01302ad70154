import type { OutboundFileMessage } from "../contract/channel.js";
import { callTelegramForm } from "./api-client.js";
import { chatIdParam } from "./chat-id.js";
import type { TelegramContext } from "./context.js";

/** The Bot API's limit for photos uploaded with sendPhoto; larger images go as documents. */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos Telegram shows as photos; a GIF would lose its animation, so it goes as a document. */
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * One file (docs/channels.md, "Files"): uploaded as `multipart/form-data`, a picture with
 * `sendPhoto` (field `photo`), anything else or a picture over 10 MB with `sendDocument` (field
 * `document`), with `chat_id` and a plain-text `caption` (at most 1024 characters, cut before).
 * Telegram does not fetch Parley's links to private addresses, so the bytes are uploaded rather
 * than the URL given. The id returned is `<chat id>:<message_id>`, as for text.
 */
export async function sendTelegramFile(
  context: TelegramContext,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const { file } = message;
  const asPhoto = file.kind === "image" && PHOTO_TYPES.has(file.mimeType) && file.size <= PHOTO_MAX_BYTES;
  const field = asPhoto ? "photo" : "document";
  const form = new FormData();
  form.set("chat_id", String(chatIdParam(message.conversationId)));
  form.set(field, new Blob([Buffer.from(await file.read())], { type: file.mimeType }), file.name);
  if (message.caption) form.set("caption", message.caption);
  const result = await callTelegramForm(context, asPhoto ? "sendPhoto" : "sendDocument", form);
  const sent = result as { message_id?: unknown; chat?: { id?: unknown } } | null;
  if (typeof sent?.message_id !== "number") return { externalMessageId: null };
  const chatId = typeof sent.chat?.id === "number" ? String(sent.chat.id) : message.conversationId;
  return { externalMessageId: `${chatId}:${sent.message_id}` };
}
