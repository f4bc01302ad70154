import type { OutboundFileMessage } from "../contract/channel.js";
import { type GraphContext, graphPath, graphRequest } from "./graph-request.js";
import { asString } from "./untrusted-json.js";

/**
 * One file through the Send API (docs/channels.md, "Files"): `message: {attachment: {type:
 * "image" | "file", payload: {url, is_reusable: false}}}`, `url` Parley's signed link, which Meta
 * fetches (so PARLEY_PUBLIC_URL must reach Parley from the internet). Attachments carry no
 * caption: a caption goes first as a text message of its own. The id returned is the file's.
 */
export async function sendApiFile(
  context: GraphContext,
  node: string,
  message: OutboundFileMessage,
): Promise<{ externalMessageId: string | null }> {
  const post = async (content: Record<string, unknown>) => {
    const result = await graphRequest(context, {
      method: "POST",
      path: graphPath(node, "messages"),
      body: { recipient: { id: message.conversationId }, messaging_type: "RESPONSE", message: content },
    });
    return asString(result.message_id) ?? null;
  };
  if (message.caption) await post({ text: message.caption });
  const type = message.file.kind === "image" ? "image" : "file";
  const externalMessageId = await post({
    attachment: { type, payload: { url: message.file.url, is_reusable: false } },
  });
  return { externalMessageId };
}
