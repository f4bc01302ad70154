/**
 * A conversation id as the Bot API's `chat_id` parameter wants it: chat ids are integers
 * (Telegram keeps them within 52 bits, so a JS number holds them exactly); anything else (an
 * `@channel` name) is passed as the string it is.
 */
export function chatIdParam(conversationId: string): number | string {
  if (/^-?\d+$/.test(conversationId)) {
    const id = Number(conversationId);
    if (Number.isSafeInteger(id)) return id;
  }
  return conversationId;
}
