import { permanentFailure } from "../contract/channel-error.js";
import { callTelegram, downloadTelegramFile } from "./api-client.js";
import type { TelegramContext } from "./context.js";
import { fileMimeType } from "./mime-type.js";

/**
 * Downloads a file by its `file_id` (an attachment's or the avatar's ref; docs/channels.md,
 * "Media"): getFile gives a `file_path` valid for at least an hour, then the bytes come from
 * the file endpoint. The Bot API serves files up to 20 MB.
 */
export async function fetchTelegramFile(
  context: TelegramContext,
  ref: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const file = (await callTelegram(context, "getFile", { file_id: ref })) as { file_path?: unknown } | null;
  if (typeof file?.file_path !== "string" || file.file_path.length === 0) {
    throw permanentFailure("file_not_found", "Telegram getFile: the file cannot be downloaded");
  }
  const { bytes, contentType } = await downloadTelegramFile(context, file.file_path);
  return { bytes, mimeType: fileMimeType(contentType, file.file_path) };
}
