import { escapeBbcode } from "../../lib/markup/bbcode.js";
import type { FileCapability, OutboundFile, OutboundFileMessage } from "../contract/channel.js";
import { asNumber, asString } from "../shared/json-fields.js";
import { resolveBotId } from "./bot.js";
import { callBitrix24 } from "./rest-client.js";
import type { Bitrix24Context } from "./state.js";

/**
 * Captions go as the message's text, which Bitrix24 cuts above 20 000 characters
 * (docs/channels.md, "Bitrix24"); Parley's own captions stop at 1024 anyway.
 */
export const BITRIX24_FILES: FileCapability = { captionMax: 1024 };

/**
 * One rich-attachment block for the file (apidocs.bitrix24.com, Chatbots 2.0 "Attachments in
 * Messages ATTACH", blocks "IMAGE Block" and "FILE Block"): a picture as `IMAGE` (`LINK`, `NAME`),
 * shown in the chat from its link; anything else as `FILE` (`LINK`, `NAME`, `SIZE` in bytes),
 * shown with its name and size and opened from its link. Items are given as a list, as the
 * documentation's examples do (one object is accepted too). `WIDTH`/`HEIGHT`, which Bitrix24
 * recommends for pictures, are left out: Parley does not know them. Bitrix24 keeps only the
 * link: it does not copy the file ("FILE Block": "Bitrix24 does not copy the file from LINK"),
 * so the reader's browser or app opens Parley's signed URL — PARLEY_PUBLIC_URL must be reachable
 * by the people who read the chat, and the link works for a day.
 */
export function attachBlockOf(file: OutboundFile): Record<string, unknown> {
  if (file.kind === "image") return { IMAGE: [{ LINK: file.shownUrl, NAME: file.name }] };
  return { FILE: [{ LINK: file.shownUrl, NAME: file.name, SIZE: file.size }] };
}

/**
 * Sends one picture or file from the integration's bot (docs/channels.md, "Files"):
 * `imbot.message.add` with `ATTACH` in its short form, an array of blocks (the full form
 * `{ID, COLOR, BLOCKS}` is accepted too but adds nothing here). `imbot.message.add` refuses an
 * empty `MESSAGE` even with `ATTACH` (`MESSAGE_EMPTY`: apidocs.bitrix24.com, "Send Message
 * imbot.message.add", marks `MESSAGE` required, and the im module's REST handler checks it before
 * `ATTACH`; `im.message.add` takes an attachment alone), so the text is the caption, or the
 * file's name without one. The caption is plain text: BB codes in it are defused as in other
 * plain text. Errors map as for text (errors.ts): `QUERY_LIMIT_EXCEEDED` is retried after a second; `ATTACH_ERROR` (no block left after Bitrix24 dropped items whose link
 * is not `http(s)://` or a portal path) is a refusal of this part. Whether open lines pass
 * `ATTACH` on to external messengers through their connectors is [unconfirmed]: Bitrix24 says
 * only that XMPP, e-mail and push notifications do not carry it.
 */
export async function sendBitrix24File(
  context: Bitrix24Context,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const botId = await resolveBotId(context);
  const text = message.caption?.trim() || message.file.name;
  const result = await callBitrix24(context, "imbot.message.add", {
    BOT_ID: botId,
    DIALOG_ID: message.conversationId,
    MESSAGE: escapeBbcode(text),
    ATTACH: [attachBlockOf(message.file)],
  });
  return { externalMessageId: asNumber(result)?.toString() ?? (asString(result) || null) };
}
