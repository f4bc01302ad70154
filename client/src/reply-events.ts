import type { REPLY_PATH } from "./reply-request.js";
import type { paths } from "./schema.js";

/**
 * The events of Parley's data stream (`?protocol=data`, the default), one per SSE `data` line,
 * as the OpenAPI document declares them (docs/conversations.md#protocoldata-default). `finish`
 * or `error` is always the last one.
 */
export type ReplyEvent = paths[typeof REPLY_PATH]["post"]["responses"][200]["content"]["text/event-stream"];

export type TextDeltaEvent = Extract<ReplyEvent, { type: "text-delta" }>;
/** `approvalId` and `approvalPolicy` are set when the call waits for approval (the turn finishes with `tool-calls`). */
export type ToolCallEvent = Extract<ReplyEvent, { type: "tool-call" }>;
/** `result` is the tool's output; `{error}` when it threw, `{denied: true, reason}` when a person refused it. */
export type ToolResultEvent = Extract<ReplyEvent, { type: "tool-result" }>;
/** `message_id` is the stored reply, or null when the AI did not answer (mode, statuses). */
export type FinishEvent = Extract<ReplyEvent, { type: "finish" }>;
/** `code`: `model_unavailable`, `model_error`, `model_timeout`, `turn_failed`, `insufficient_credits`. */
export type ReplyErrorEvent = Extract<ReplyEvent, { type: "error" }>;
export type FinishReason = FinishEvent["finishReason"];

/**
 * Not a stream event: what an idempotent repeat (same Idempotency-Key and body, within 24 h)
 * answers instead of a stream, the summary of the turn that ran the first time
 * (docs/conversations.md#idempotency).
 */
export interface ReplayedEvent {
  type: "replayed";
  thread_id: string;
  message_id: string | null;
  outcome: "replied" | "already-answered" | "not-answering";
}

/**
 * The replayed event of a repeat's JSON: the streamed request's summary `{thread_id, message_id,
 * outcome}`, or, for a key first used in blocking mode, its ReplyResult (`message.id`, `already_answered`).
 */
export function replayedEventOf(body: unknown): ReplayedEvent {
  const value = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const message = value.message as { id?: unknown } | null | undefined;
  const messageId = value.message_id ?? message?.id ?? null;
  return {
    type: "replayed",
    thread_id: String(value.thread_id ?? ""),
    message_id: typeof messageId === "string" ? messageId : null,
    outcome: String(value.outcome ?? "").replaceAll("_", "-") as ReplayedEvent["outcome"],
  };
}

const REPLY_EVENT_TYPES = ["text-delta", "tool-call", "tool-result", "finish", "error"] as const;
// Fails to compile when the document gains an event type this list lacks (regenerated schema.ts).
const everyTypeListed: Exclude<ReplyEvent["type"], (typeof REPLY_EVENT_TYPES)[number]> extends never
  ? true
  : false = true;
void everyTypeListed;
const KNOWN_TYPES = new Set<string>(REPLY_EVENT_TYPES);

/** A data-stream event from its JSON; unknown types (added by newer servers) are skipped. */
export function replyEventOf(value: unknown): ReplyEvent | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && KNOWN_TYPES.has(type) ? (value as ReplyEvent) : undefined;
}
