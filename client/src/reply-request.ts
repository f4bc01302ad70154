import type { paths } from "./schema.js";

/** The reply endpoint: POST /v1/chats/{chat_id}/threads/{thread_id}/stream (docs/conversations.md). */
export const REPLY_PATH = "/v1/chats/{chat_id}/threads/{thread_id}/stream";
type ReplyOperation = paths[typeof REPLY_PATH]["post"];
type ReplyBody = NonNullable<ReplyOperation["requestBody"]>["content"]["application/json"];

/** The blocking answer (`Accept: application/json`): the stored reply, text, tool calls and results, usage. */
export type ReplyResult = ReplyOperation["responses"][200]["content"]["application/json"];

export interface ReplyRequest {
  chatId: string;
  /** Your id for the conversation: the first request to a new id creates the thread. */
  threadId: string;
  /** The new user messages, stored in order (send only what is new: Parley keeps the history). */
  messages: Array<{ role: "user"; content: string }>;
  /** Who is writing; used when this request creates the thread. */
  person?: ReplyBody["person"];
  /** Makes the request safe to retry: a repeat answers what the first one did, without a second turn. */
  idempotencyKey?: string;
  /** Aborts the request (the turn still runs to its end on the server and its reply is stored). */
  signal?: AbortSignal;
}

/** The openapi-fetch options of a reply request, asking for `accept`. */
export function replyInit(request: ReplyRequest, accept: "text/event-stream" | "application/json") {
  return {
    params: {
      path: { chat_id: request.chatId, thread_id: request.threadId },
      query: { protocol: "data" as const },
    },
    body: { messages: request.messages, ...(request.person ? { person: request.person } : {}) },
    headers: {
      Accept: accept,
      ...(request.idempotencyKey !== undefined ? { "Idempotency-Key": request.idempotencyKey } : {}),
    },
    ...(request.signal ? { signal: request.signal } : {}),
  };
}
