import { transientFailure } from "../contract/channel-error.js";
import { signedHeaders } from "./amojo-signature.js";
import type { AmojoChannel } from "./channel-config.js";
import { amocrmHttpError } from "./errors.js";
import type { AmocrmContext } from "./state.js";

/**
 * One signed Chats API call (docs/channels.md, "amoCRM"): the body is serialised once and those
 * exact bytes are hashed, signed and sent. The base URL is `PARLEY_AMOJO_API_URL` (the
 * connector's `apiBaseUrl`); the signature covers the Chats API path only. Resolves with the
 * parsed answer (`{}` when empty); throws ChannelErrors (errors.ts).
 */
export async function amojoRequest(
  context: AmocrmContext,
  channel: AmojoChannel,
  what: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  json?: unknown,
): Promise<unknown> {
  const body = json === undefined ? "" : JSON.stringify(json);
  const response = await context.fetch(`${context.apiBaseUrl}${path}`, {
    method,
    headers: { ...signedHeaders(channel.secret, method, path, body, new Date()), Accept: "application/json" },
    body: method === "GET" ? undefined : body,
  });
  const text = await response.text();
  if (!response.ok) {
    throw amocrmHttpError({
      api: "chats",
      what,
      status: response.status,
      bodyText: text,
      retryAfter: response.headers.get("retry-after"),
    });
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw transientFailure("vendor_unavailable", `amoCRM Chats API ${what} failed: the answer is not JSON`);
  }
}
