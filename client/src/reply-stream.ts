import { type ClientOrOptions, clientOf, type ParleyClient } from "./client.js";
import { ParleyError } from "./errors.js";
import {
  type FinishReason,
  type ReplayedEvent,
  type ReplyEvent,
  replayedEventOf,
  replyEventOf,
  type ToolCallEvent,
  type ToolResultEvent,
} from "./reply-events.js";
import { REPLY_PATH, type ReplyRequest, replyInit } from "./reply-request.js";
import { readSseFrames } from "./sse.js";

interface OpenedReply {
  response: Response;
  events: AsyncGenerator<ReplyEvent | ReplayedEvent>;
}

/**
 * POST /v1/chats/{chat_id}/threads/{thread_id}/stream with Parley's data protocol, as an async
 * iterator of its events: `text-delta`s, `tool-call`s and `tool-result`s as they happen, then
 * `finish` or `error` (a failed turn is an `error` event, not a throw). An idempotent repeat
 * yields one `replayed` event instead. Throws ParleyError when the request is refused (401,
 * 404, 422, …) and `stream_interrupted` when the connection ends before `finish` or `error`.
 */
export async function* streamReply(
  target: ClientOrOptions,
  request: ReplyRequest,
): AsyncGenerator<ReplyEvent | ReplayedEvent> {
  yield* (await openReply(clientOf(target), request)).events;
}

async function openReply(client: ParleyClient, request: ReplyRequest): Promise<OpenedReply> {
  const { data, error, response } = await client.POST(REPLY_PATH, {
    ...replyInit(request, "text/event-stream"),
    parseAs: "stream",
  });
  if (!response.ok) throw ParleyError.fromResponse(response, error);
  if (!data) throw ParleyError.fromResponse(response, undefined);
  const contentType = response.headers.get("content-type") ?? "";
  if (response.headers.get("idempotent-replayed") === "true" && contentType.startsWith("application/json")) {
    return { response, events: single(replayedEventOf(await new Response(data).json())) };
  }
  if (!contentType.startsWith("text/event-stream")) {
    throw ParleyError.fromResponse(response, await new Response(data).text());
  }
  return { response, events: replyEvents(data, response) };
}

async function* single<T>(value: T): AsyncGenerator<T> {
  yield value;
}

async function* replyEvents(
  body: ReadableStream<Uint8Array>,
  response: Response,
): AsyncGenerator<ReplyEvent> {
  for await (const frame of readSseFrames(body)) {
    if (frame.data === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(frame.data);
    } catch {
      throw ParleyError.fromResponse(response, `not a JSON event: ${frame.data}`);
    }
    const event = replyEventOf(parsed);
    if (!event) continue;
    yield event;
    if (event.type === "finish" || event.type === "error") return;
  }
  throw new ParleyError({
    status: response.status,
    code: "stream_interrupted",
    message:
      "The reply stream ended before `finish` or `error`. The turn goes on on the server: read the thread's " +
      "messages, or repeat the request with the same Idempotency-Key.",
    request_id: response.headers.get("x-request-id") ?? undefined,
  });
}

/** A whole reply, as collectReply gathers it from the stream. */
export interface CollectedReply {
  /** The reply's text: every text delta, joined. */
  text: string;
  /** How the turn ended; null for a replayed request. */
  finishReason: FinishReason | null;
  /** The stored reply, or null when the AI did not answer. */
  messageId: string | null;
  threadId: string;
  toolCalls: ToolCallEvent[];
  toolResults: ToolResultEvent[];
  /** True when this was an idempotent repeat: the text is then the stored reply's. */
  replayed: boolean;
}

/**
 * Sends the messages and waits for the whole reply (streamReply, collected). A failed turn
 * (an `error` event) is thrown as a ParleyError with the event's code and the stream's status.
 */
export async function collectReply(target: ClientOrOptions, request: ReplyRequest): Promise<CollectedReply> {
  const client = clientOf(target);
  const { response, events } = await openReply(client, request);
  const reply: CollectedReply = {
    text: "",
    finishReason: null,
    messageId: null,
    threadId: request.threadId,
    toolCalls: [],
    toolResults: [],
    replayed: false,
  };
  for await (const event of events) {
    switch (event.type) {
      case "text-delta":
        reply.text += event.textDelta;
        break;
      case "tool-call":
        reply.toolCalls.push(event);
        break;
      case "tool-result":
        reply.toolResults.push(event);
        break;
      case "finish":
        return {
          ...reply,
          finishReason: event.finishReason,
          messageId: event.message_id,
          threadId: event.thread_id,
        };
      case "error":
        throw new ParleyError({
          status: response.status,
          code: event.code,
          message: event.message,
          request_id: response.headers.get("x-request-id") ?? undefined,
        });
      case "replayed":
        return {
          ...reply,
          replayed: true,
          messageId: event.message_id,
          threadId: event.thread_id,
          text: event.message_id ? await storedText(client, request, event.message_id) : "",
        };
    }
  }
  return reply;
}

async function storedText(client: ParleyClient, request: ReplyRequest, messageId: string): Promise<string> {
  const { data, error, response } = await client.GET("/v1/chats/{chat_id}/threads/{thread_id}/messages", {
    params: { path: { chat_id: request.chatId, thread_id: request.threadId } },
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (!response.ok || !data) throw ParleyError.fromResponse(response, error);
  return data.find((message) => message.id === messageId)?.content ?? "";
}
