import type { OutboundFile, OutboundFileMessage } from "../contract/channel.js";
import { permanentFailure, transientFailure } from "../contract/channel-error.js";
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  type JsonRecord,
  parseJsonObject,
} from "../shared/json-fields.js";
import { callVk } from "./api-client.js";
import { vkHttpError } from "./errors.js";
import { peerIdOf, randomIdFor } from "./send.js";
import type { VkContext } from "./state.js";

/**
 * VK's limits for uploads (dev.vk.com, "Uploading files"): photos up to 50 MB, documents up to
 * 200 MB. The 50 MB is the documented limit of every photo upload; that it holds for the
 * private-message upload too is [unconfirmed].
 */
export const VK_PHOTO_MAX_BYTES = 50 * 1024 * 1024;
export const VK_DOCUMENT_MAX_BYTES = 200 * 1024 * 1024;
/**
 * Pictures that go as photos. VK takes JPG, PNG and GIF photos, but a GIF photo is shown as a
 * still picture, while a GIF document plays; WebP is not among the photo formats. Both go as
 * documents.
 */
const PHOTO_TYPES = new Set(["image/jpeg", "image/png"]);

/**
 * One picture or file as a VK message of its own (docs/channels.md, "Files"), in VK's three
 * steps (dev.vk.com, "Uploading files"):
 * 1. the upload address: `photos.getMessagesUploadServer` (`peer_id`) for a jpeg or png up to
 *    50 MB, else `docs.getMessagesUploadServer` (`type=doc`, `peer_id`);
 * 2. the bytes as `multipart/form-data` to that address (field `photo`, or `file` for a
 *    document), which is on VK's upload host: the community token is not sent there;
 * 3. `photos.saveMessagesPhoto` (`photo`, `server`, `hash`) or `docs.save` (`file`, `title` = the
 *    file's name), then `messages.send` with `attachment=photo<owner>_<id>[_<access_key>]` or
 *    `doc<owner>_<id>[_<access_key>]` and the caption as `message`.
 * The `random_id` is the part's, as for text: a retry uploads again but VK shows the message once.
 * VK errors map as for text (errors.ts); an upload the upload host refuses is `file_rejected`.
 */
export async function sendVkFile(
  context: VkContext,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const peerId = peerIdOf(message.conversationId);
  const { file } = message;
  if (file.size > VK_DOCUMENT_MAX_BYTES) {
    throw permanentFailure("file_too_large", `VK takes files of up to 200 MB; ${file.name} is larger`);
  }
  const asPhoto = file.kind === "image" && PHOTO_TYPES.has(file.mimeType) && file.size <= VK_PHOTO_MAX_BYTES;
  const attachment = asPhoto
    ? await uploadPhoto(context, peerId, file)
    : await uploadDocument(context, peerId, file);
  const response = await callVk(context, "messages.send", {
    peer_id: peerId,
    random_id: randomIdFor(message.idempotencyKey),
    attachment,
    message: message.caption || undefined,
  });
  const id = asNumber(response);
  return { externalMessageId: id === undefined ? null : String(id) };
}

async function uploadPhoto(context: VkContext, peerId: number, file: OutboundFile): Promise<string> {
  const server = asRecord(await callVk(context, "photos.getMessagesUploadServer", { peer_id: peerId }));
  const uploaded = await upload(context, "photos.getMessagesUploadServer", server, "photo", file);
  const photo = asString(uploaded.photo);
  // The upload host answers `"photo": "[]"` (or no photo) when it did not take the picture.
  if (!photo || photo === "[]") {
    throw permanentFailure("file_rejected", `VK did not take the picture ${file.name}`);
  }
  const saved = asRecord(
    asArray(
      await callVk(context, "photos.saveMessagesPhoto", {
        photo,
        server: asNumber(uploaded.server) ?? asString(uploaded.server),
        hash: asString(uploaded.hash),
      }),
    )[0],
  );
  return attachmentOf("photo", saved, "photos.saveMessagesPhoto");
}

async function uploadDocument(context: VkContext, peerId: number, file: OutboundFile): Promise<string> {
  const server = asRecord(
    await callVk(context, "docs.getMessagesUploadServer", { type: "doc", peer_id: peerId }),
  );
  const uploaded = await upload(context, "docs.getMessagesUploadServer", server, "file", file);
  const uploadedFile = asString(uploaded.file);
  if (!uploadedFile) {
    // `{"error": "...", "error_descr": "..."}` (the shape is [unconfirmed] beyond SDK sources).
    const reason = asString(uploaded.error_descr) ?? asString(uploaded.error) ?? "no file in the answer";
    throw permanentFailure("file_rejected", `VK did not take the file ${file.name}: ${reason.slice(0, 200)}`);
  }
  const saved = asRecord(await callVk(context, "docs.save", { file: uploadedFile, title: file.name }));
  return attachmentOf(
    "doc",
    asRecord(saved?.[asString(saved?.type) ?? "doc"]) ?? asRecord(saved?.doc),
    "docs.save",
  );
}

/**
 * POSTs the file to the upload address VK gave: `multipart/form-data`, the file under `field`
 * with its name. Nothing else is sent (the address carries VK's own signature). The answer is
 * JSON; a non-2xx answer or anything else is a transient failure.
 */
async function upload(
  context: VkContext,
  method: string,
  server: JsonRecord | undefined,
  field: "photo" | "file",
  file: OutboundFile,
): Promise<JsonRecord> {
  const address = asString(server?.upload_url);
  let url: URL | undefined;
  try {
    url = address ? new URL(address) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw transientFailure("vendor_unavailable", `VK ${method} gave no upload address`);
  }
  const form = new FormData();
  form.set(field, new Blob([Buffer.from(await file.read())], { type: file.mimeType }), file.name);
  const response = await context.fetch(url, { method: "POST", body: form });
  const text = await response.text();
  if (!response.ok) throw vkHttpError("upload", response.status);
  const answer = parseJsonObject(text);
  if (!answer) throw vkHttpError("upload", response.status);
  return answer;
}

/** `<type><owner_id>_<id>`, with `_<access_key>` when VK gave one. */
function attachmentOf(type: "photo" | "doc", saved: JsonRecord | undefined, method: string): string {
  const ownerId = asNumber(saved?.owner_id);
  const id = asNumber(saved?.id);
  if (ownerId === undefined || id === undefined) {
    throw transientFailure("vendor_unavailable", `VK ${method} returned no ${type}`);
  }
  const accessKey = asString(saved?.access_key);
  return `${type}${ownerId}_${id}${accessKey ? `_${accessKey}` : ""}`;
}
