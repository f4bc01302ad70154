/**
 * Where "Try it" conversations live. The stream endpoint needs a chat, so the console keeps one
 * integration of vendor `parley` named "Console" (its own channel: `auth_data` is `{}`), and
 * under it one chat per bot, named "Try it: <bot name>" and bound to that bot. Both are found
 * or created on the first message, not when the page opens. A new chat is `disabled`, and a
 * disabled chat only stores messages, so the chat is switched to `active`. The chat is answered by
 * the bot's draft (`bot_version: "draft"`; the published version when there is no draft), so what
 * the editor saved can be tried before it is published (docs/quality.md, "Versions and
 * evaluations in the console"); a try chat made before versions existed is switched to it.
 */
import { ApiError, api, apiUrl, type RequestOptions, readResponse } from "../../api/client";
import type { Bot, Chat, Integration } from "./bots-api";
import { readSse } from "./sse-parser";
import { parseStreamEvent, type StreamEvent } from "./try-conversation";

export const CONSOLE_INTEGRATION_NAME = "Console";
const TRY_CHAT_PREFIX = "Try it: ";
const NAME_MAX = 200;

export function findConsoleIntegration(integrations: readonly Integration[]): Integration | undefined {
  return integrations.find((i) => i.vendor === "parley" && i.name === CONSOLE_INTEGRATION_NAME);
}

export function tryChatName(botName: string, suffix?: string): string {
  const tail = suffix ? ` (${suffix})` : "";
  return `${TRY_CHAT_PREFIX}${botName}`.slice(0, NAME_MAX - tail.length) + tail;
}

/**
 * The bot's try chat among the Console integration's chats: the one named for it, else any
 * "Try it: …" chat bound to it (the bot was renamed since).
 */
export function findTryChat(chats: readonly Chat[], bot: Pick<Bot, "id" | "name">): Chat | undefined {
  const mine = chats.filter((chat) => chat.bot_id === bot.id);
  return (
    mine.find((chat) => chat.name === tryChatName(bot.name)) ??
    mine.find((c) => c.name.startsWith(TRY_CHAT_PREFIX))
  );
}

type Api = <T>(path: string, options?: RequestOptions) => Promise<T>;

export interface TryChat {
  chat: Chat;
  integration: Integration;
  /** Whether an integration or chat was created (the caller refreshes those lists). */
  created: boolean;
}

export async function ensureTryChat(bot: Pick<Bot, "id" | "name">, call: Api = api): Promise<TryChat> {
  let created = false;
  let integration = findConsoleIntegration(await call<Integration[]>("/integrations"));
  if (!integration) {
    integration = await call<Integration>("/integrations", {
      method: "POST",
      body: { name: CONSOLE_INTEGRATION_NAME, vendor: "parley", auth_data: {} },
    });
    created = true;
  }
  const chatsPath = `/integrations/${integration.id}/chats`;
  let chat = findTryChat(await call<Chat[]>(chatsPath), bot);
  if (!chat) {
    try {
      chat = await call<Chat>(chatsPath, {
        method: "POST",
        body: { bot_id: bot.id, name: tryChatName(bot.name), bot_version: "draft" },
      });
    } catch (error) {
      // Another bot of the same name owns "Try it: <name>": tell them apart by id.
      if (!(error instanceof ApiError && error.code === "chat_name_taken")) throw error;
      chat = await call<Chat>(chatsPath, {
        method: "POST",
        body: { bot_id: bot.id, name: tryChatName(bot.name, bot.id), bot_version: "draft" },
      });
    }
    created = true;
  }
  if (chat.bot_version !== "draft") {
    chat = await call<Chat>(`${chatsPath}/${chat.id}`, { method: "POST", body: { bot_version: "draft" } });
  }
  if (chat.status !== "active") {
    chat = await call<Chat>(`${chatsPath}/${chat.id}/status`, { method: "POST", body: { status: "active" } });
  }
  return { chat, integration, created };
}

/**
 * Deletes the bot's try chats, so that deleting the bot is not refused with `409 bot_in_use`
 * because of the console's own test chat. Other chats bound to the bot are left alone.
 */
export async function deleteTryChats(bot: Pick<Bot, "id" | "name">, call: Api = api): Promise<number> {
  const integration = findConsoleIntegration(await call<Integration[]>("/integrations"));
  if (!integration) return 0;
  const chatsPath = `/integrations/${integration.id}/chats`;
  const chats = (await call<Chat[]>(chatsPath)).filter(
    (chat) => chat.bot_id === bot.id && chat.name.startsWith(TRY_CHAT_PREFIX),
  );
  for (const chat of chats) await call(`${chatsPath}/${chat.id}`, { method: "DELETE" });
  return chats.length;
}

/**
 * POSTs one user message to the stream endpoint and hands every event to `onEvent` as it
 * arrives. Sends the CSRF token like api() does (client.ts keeps it private, so the caller
 * passes the session's `csrf_token`). A non-2xx answer throws ApiError (401 signs out, as in
 * api()); a 202 (scheduled) answer yields no events.
 */
export async function streamReply(options: {
  chatId: string;
  threadId: string;
  text: string;
  csrfToken: string | null;
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
}): Promise<void> {
  const headers: Record<string, string> = { accept: "text/event-stream", "content-type": "application/json" };
  if (options.csrfToken) headers["x-csrf-token"] = options.csrfToken;
  let response: Response;
  try {
    response = await fetch(apiUrl(`/chats/${options.chatId}/threads/${options.threadId}/stream`), {
      method: "POST",
      headers,
      credentials: "same-origin",
      body: JSON.stringify({ messages: [{ role: "user", content: options.text }] }),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached.");
  }
  if (
    !response.ok ||
    !response.body ||
    !response.headers.get("content-type")?.includes("text/event-stream")
  ) {
    await readResponse(response);
    return;
  }
  await readSse(response.body, (frame) => {
    const event = parseStreamEvent(frame.data);
    if (event) options.onEvent(event);
  });
}
