import { permanentFailure } from "../contract/channel-error.js";
import { downloadFile } from "../shared/download-file.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { resolveUserId } from "./account.js";
import { AvitoApiClient } from "./api-client.js";
import { VOICE_REF_PREFIX } from "./content.js";
import type { AvitoContext } from "./state.js";

/**
 * The download URL of a voice message (`GET /messenger/v1/accounts/{user_id}/getVoiceFiles`):
 * Avito hands one out per request, valid for an hour.
 */
async function voiceFileUrl(context: AvitoContext, voiceId: string): Promise<string> {
  const client = new AvitoApiClient(context);
  const userId = await resolveUserId(context, client);
  const query = new URLSearchParams({ voice_ids: voiceId });
  const answer = asRecord(
    await client.request(
      "voice files",
      "GET",
      `/messenger/v1/accounts/${encodeURIComponent(userId)}/getVoiceFiles?${query}`,
    ),
  );
  const url = asString(asRecord(answer?.voices_urls)?.[voiceId]);
  if (!url) throw permanentFailure("file_not_found", "Avito has no file for this voice message");
  return url;
}

/**
 * Downloads an attachment by its ref (docs/channels.md, "Media"): `voice:<voice_id>` through
 * getVoiceFiles, else an image URL from the message. Files are fetched without the access
 * token: their URLs need none, and the token goes to the API only. Anything but an http(s) URL
 * is refused.
 */
export async function fetchAvitoFile(
  context: AvitoContext,
  ref: string,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const address = ref.startsWith(VOICE_REF_PREFIX)
    ? await voiceFileUrl(context, ref.slice(VOICE_REF_PREFIX.length))
    : ref;
  return downloadFile(context.fetch, address, "Avito");
}
