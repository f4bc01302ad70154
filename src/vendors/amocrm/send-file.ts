import type { OutboundFileMessage } from "../contract/channel.js";
import { postAmojoMessage } from "./send.js";
import type { AmocrmContext } from "./state.js";

/**
 * The longest caption. The Chats API documents no limit for a message's `text` [unconfirmed],
 * so captions get the channel's text limit (index.ts, `textLimit`); Parley cuts captions at
 * 1024 characters before that matters (docs/channels.md, "Files").
 */
export const AMOCRM_CAPTION_MAX = 4096;

/**
 * One picture or file into the amoCRM chat (docs/channels.md, "Files"), by link: a `new_message`
 * whose `message` is `{type: "picture" | "file", media, file_name, file_size, text?}` — `media`
 * is Parley's signed URL (valid a day), which amoCRM downloads, so PARLEY_PUBLIC_URL must reach
 * Parley from the internet; `file_size` is the file's size in bytes; the caption goes in `text`.
 * Images are `picture`, everything else `file`.
 *
 * Confirmed by the Chats API clients github.com/fcritic/amojo-api-client
 * (src/Models/Messages/AbstractMessage.php, `toPayload`: type, text, media, file_name,
 * file_size; src/Models/Traits/MediaTrait.php: `media` must be downloadable) and
 * github.com/mobilon-dev/amotop (its AmoJo scope client, `getImageMessage`:
 * `picture` with `text` and `media`). [unconfirmed]: whether `file_name` and `file_size` are
 * required (they are always sent), whether amoCRM shows `text` under a `file`, which image
 * formats it shows as pictures, and its size limits.
 */
export function sendAmocrmFile(
  context: AmocrmContext,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const { file } = message;
  return postAmojoMessage(context, message.conversationId, message.idempotencyKey, {
    type: file.kind === "image" ? "picture" : "file",
    media: file.url,
    file_name: file.name,
    file_size: file.size,
    ...(message.caption ? { text: message.caption } : {}),
  });
}
