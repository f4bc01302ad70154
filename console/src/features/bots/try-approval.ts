/**
 * Approving a tool call from "Try it" (docs/console.md, "Try it"). The decision is the
 * operator's, through the approvals endpoint the inbox uses (POST
 * /v1/threads/:id/approvals/:approval_id); the turn then resumes in the background, so the
 * reply is read from the thread's events (GET /v1/threads/events/:thread_id) and handed on as
 * the stream events the panel already folds (try-conversation.ts).
 */
import { subscribe } from "../../api/event-source";
import {
  decideThreadApproval,
  listThreadApprovals,
  listThreadMessages,
  type ThreadApproval,
} from "./bots-api";
import type { StreamEvent } from "./try-conversation";

/** What a thread event means for the reply being waited for; null: nothing (keep waiting). */
export type Continuation =
  | { kind: "reply"; text: string }
  | { kind: "failed"; code: string; message: string }
  | null;

/**
 * The bot's next message with text is the reply (tool messages and the empty assistant
 * message of a tool step are not); a `reply_failed` event ends the wait with its reason.
 */
export function continuationOf(data: unknown, threadId: string): Continuation {
  if (!data || typeof data !== "object") return null;
  const event = data as Record<string, unknown>;
  if (event.thread_id !== threadId) return null;
  if (event.type === "reply_failed") {
    return {
      kind: "failed",
      code: typeof event.code === "string" ? event.code : "reply_failed",
      message: typeof event.reason === "string" ? event.reason : "",
    };
  }
  if (event.type !== "message_created" || !event.message || typeof event.message !== "object") return null;
  const message = event.message as Record<string, unknown>;
  if (message.author !== "bot" || message.role !== "assistant") return null;
  return typeof message.content === "string" && message.content.trim() !== ""
    ? { kind: "reply", text: message.content }
    : null;
}

/** The calls still pending after the reply, as the stream would have announced them. */
export function pendingCallEvents(
  approvals: readonly ThreadApproval[],
  known: ReadonlySet<string>,
): StreamEvent[] {
  return approvals
    .filter((approval) => approval.status === "pending" && !known.has(approval.id))
    .map((approval) => ({
      type: "tool-call",
      toolCallId: approval.id,
      toolName: approval.tool_name,
      args: approval.args,
      approvalId: approval.id,
      approvalPolicy: approval.policy,
    }));
}

const MAX_VALUE = 200;

/** A call's arguments as label and value lines: text as written (cut), anything else as JSON. */
export function argumentRows(args: unknown): Array<{ key: string; value: string }> {
  if (!args || typeof args !== "object" || Array.isArray(args)) {
    return args === undefined ? [] : [{ key: "", value: JSON.stringify(args) }];
  }
  return Object.entries(args as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return { key, value: text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text };
    });
}

/**
 * Decides the approval and follows the thread until the resumed turn's reply: listens first,
 * then decides once the stream is open (so the reply cannot slip past), emits the reply's
 * text, any calls that pause again, and `finish`. Ends (without events) when `signal` aborts.
 */
export function decideAndFollow(options: {
  threadId: string;
  approvalId: string;
  approve: boolean;
  /** Approvals the panel already shows, not announced again. */
  known: ReadonlySet<string>;
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
}): Promise<void> {
  const { threadId, signal, onEvent } = options;
  return new Promise<void>((resolve, reject) => {
    let decided = false;
    let replied = false;
    let ended = false;
    const end = (error?: unknown) => {
      if (ended) return;
      ended = true;
      close();
      signal.removeEventListener("abort", onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAbort = () => end();
    const close = subscribe(
      `/threads/events/${encodeURIComponent(threadId)}`,
      (data) => handle(continuationOf(data, threadId)),
      (connected) => {
        if (!connected || decided || ended) return;
        decided = true;
        decideThreadApproval(threadId, options.approvalId, options.approve)
          .then(async (approval) => {
            // The stream reads its start just after it opens: a reply that came in that instant
            // is in the messages (one look, after the decision).
            const messages = await listThreadMessages(threadId);
            const reply = messages.find(
              (m) =>
                m.author === "bot" && m.role === "assistant" && m.created_at >= (approval.decided_at ?? ""),
            );
            if (reply)
              handle(
                continuationOf({ type: "message_created", thread_id: threadId, message: reply }, threadId),
              );
          })
          .catch(end);
      },
    );
    function handle(next: Continuation) {
      if (!next || ended || replied) return;
      replied = true;
      if (next.kind === "failed") {
        onEvent({ type: "error", code: next.code, message: next.message });
        end();
        return;
      }
      onEvent({ type: "text-delta", textDelta: next.text });
      listThreadApprovals(threadId)
        .then((approvals) => {
          if (ended) return;
          const paused = pendingCallEvents(approvals, options.known);
          for (const event of paused) onEvent(event);
          onEvent({
            type: "finish",
            finishReason: paused.length > 0 ? "tool-calls" : "stop",
            message_id: null,
            thread_id: threadId,
          });
          end();
        })
        .catch(end);
    }
    if (signal.aborted) end();
    else signal.addEventListener("abort", onAbort);
  });
}
