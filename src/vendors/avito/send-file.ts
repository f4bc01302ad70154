import type { OutboundFile, OutboundFileMessage } from "../contract/channel.js";
import { transientFailure } from "../contract/channel-error.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { resolveUserId } from "./account.js";
import { AvitoApiClient } from "./api-client.js";
import { postAvitoText } from "./send.js";
import type { AvitoContext } from "./state.js";

/** Avito's limit for one message's text (the OpenAPI file, sendMessageRequestBody: "максимум 1000 символов"). */
export const AVITO_TEXT_MAX = 1000;
/** uploadImages: "Максимальный размер файла — 24 МБ" (the OpenAPI file, "Загрузка изображений"). */
export const AVITO_IMAGE_MAX_BYTES = 24 * 1024 * 1024;
/**
 * The formats uploadImages takes ("JPEG, HEIC, GIF, BMP или PNG") that Parley sends as images:
 * WebP is not among them, so a WebP picture goes as a link like a document.
 */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);

/**
 * One picture or file into an Avito chat (docs/channels.md, "Files"; Avito's OpenAPI file
 * "Мессенджер", "Загрузка изображений" and "Отправка сообщения с изображением").
 *
 * A jpeg, png or gif up to 24 MB is uploaded (`POST /messenger/v1/accounts/{user_id}/uploadImages`,
 * `multipart/form-data` with one `uploadfile[]` part; the answer maps the new image id to its
 * sizes' URLs), then sent as an image message (`POST …/chats/{chat_id}/messages/image`
 * `{"image_id"}`). Image messages have no caption: a caption goes as a text message of its own,
 * after the upload (so a refused upload shows the customer nothing) and before the picture. The
 * id returned is the image message's.
 *
 * Avito's API has no way to send a document: a document (and a WebP or a picture over 24 MB)
 * goes as one text message, its caption (or name) and Parley's signed link, within 1000
 * characters. Avito has no idempotency key, so a retry after a lost answer may repeat a
 * message, and a picture whose caption went out before its image message failed repeats the
 * caption when retried.
 *
 * [unconfirmed] The OpenAPI file lists no error answers for uploadImages and messages/image;
 * they are taken to be the API's usual `{"error":{"code","message"}}` (errors.ts), so a refused
 * picture (e.g. over uploadImages' 75 megapixels, which is not checked here) fails the part as
 * `vendor_rejected`.
 */
export async function sendAvitoFile(
  context: AvitoContext,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const { file, conversationId } = message;
  const client = new AvitoApiClient(context);
  const userId = await resolveUserId(context, client);
  if (!uploadable(file)) {
    return postAvitoText(
      client,
      userId,
      conversationId,
      linkText(message.caption ?? file.name, file.shownUrl),
    );
  }
  const account = `/messenger/v1/accounts/${encodeURIComponent(userId)}`;
  const form = new FormData();
  form.append("uploadfile[]", new Blob([Buffer.from(await file.read())], { type: file.mimeType }), file.name);
  const uploaded = asRecord(await client.upload("upload image", `${account}/uploadImages`, form));
  const imageId = Object.keys(uploaded ?? {})[0];
  if (!imageId) {
    throw transientFailure("unexpected_response", "Avito upload image: the answer names no image id");
  }
  if (message.caption) await postAvitoText(client, userId, conversationId, message.caption);
  const sent = asRecord(
    await client.request(
      "send image",
      "POST",
      `${account}/chats/${encodeURIComponent(conversationId)}/messages/image`,
      { image_id: imageId },
    ),
  );
  return { externalMessageId: asString(sent?.id) || null };
}

function uploadable(file: OutboundFile): boolean {
  return file.kind === "image" && IMAGE_TYPES.has(file.mimeType) && file.size <= AVITO_IMAGE_MAX_BYTES;
}

/** `<label>: <url>` as the text links of channels without files, the label cut to fit 1000 characters. */
function linkText(label: string, url: string): string {
  const room = AVITO_TEXT_MAX - [...`: ${url}`].length;
  if (room <= 1) return url;
  const chars = [...label];
  const fitted = chars.length <= room ? label : `${chars.slice(0, room - 1).join("")}…`;
  return `${fitted}: ${url}`;
}
