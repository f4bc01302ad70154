/**
 * The "Try it" conversation: the stream endpoint's data protocol (`?protocol=data`, OpenAPI
 * POST /v1/chats/{chat_id}/threads/{thread_id}/stream) and a reducer that folds its events into
 * the messages the panel shows.
 *
 * Each SSE `data` is one JSON object: `text-delta` {textDelta}, `tool-call` {toolCallId,
 * toolName, args, approvalId?, approvalPolicy?}, `tool-result` {toolCallId, toolName, result}, `finish`
 * {finishReason, message_id, thread_id}, or `error` {code, message}.
 */

export type ApprovalPolicy = "user_approve" | "operator_approve";

export type StreamEvent =
  | { type: "text-delta"; textDelta: string }
  | {
      type: "tool-call";
      toolCallId: string;
      toolName: string;
      args: unknown;
      approvalId?: string;
      approvalPolicy?: ApprovalPolicy;
    }
  | { type: "tool-result"; toolCallId: string; toolName: string; result: unknown }
  | { type: "finish"; finishReason: string; message_id: string | null; thread_id: string }
  | { type: "error"; code: string; message: string };

/** One `data` payload → an event; null for anything else (unknown types are skipped). */
export function parseStreamEvent(data: string): StreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const event = value as Record<string, unknown>;
  switch (event.type) {
    case "text-delta":
      return typeof event.textDelta === "string" ? { type: "text-delta", textDelta: event.textDelta } : null;
    case "tool-call":
      return typeof event.toolCallId === "string"
        ? {
            type: "tool-call",
            toolCallId: event.toolCallId,
            toolName: String(event.toolName ?? ""),
            args: event.args,
            ...(typeof event.approvalId === "string" ? { approvalId: event.approvalId } : {}),
            ...(event.approvalPolicy === "user_approve" || event.approvalPolicy === "operator_approve"
              ? { approvalPolicy: event.approvalPolicy }
              : {}),
          }
        : null;
    case "tool-result":
      return typeof event.toolCallId === "string"
        ? {
            type: "tool-result",
            toolCallId: event.toolCallId,
            toolName: String(event.toolName ?? ""),
            result: event.result,
          }
        : null;
    case "finish":
      return {
        type: "finish",
        finishReason: String(event.finishReason ?? "stop"),
        message_id: typeof event.message_id === "string" ? event.message_id : null,
        thread_id: String(event.thread_id ?? ""),
      };
    case "error":
      return { type: "error", code: String(event.code ?? "error"), message: String(event.message ?? "") };
    default:
      return null;
  }
}

export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** Set when the call waits for an approval (a `user_approve` / `operator_approve` tool). */
  approvalId?: string;
  approvalPolicy?: ApprovalPolicy;
  /** Decided from the panel's Approve / Reject (the result then arrives with the next reply). */
  decision?: "approved" | "rejected";
  done: boolean;
  result?: unknown;
}

export type ReplyStatus = "waiting" | "streaming" | "done" | "error" | "stopped";

export type TryMessage =
  | { id: string; role: "user"; text: string }
  | {
      id: string;
      role: "assistant";
      text: string;
      tools: ToolCallView[];
      status: ReplyStatus;
      finishReason?: string;
      error?: { code: string; message: string };
    };

export interface TryState {
  messages: TryMessage[];
  /** The reply being streamed, if any: sending is disabled meanwhile. */
  activeReplyId: string | null;
}

export type TryAction =
  | { type: "send"; userId: string; replyId: string; text: string }
  | { type: "event"; replyId: string; event: StreamEvent }
  /** The request failed, or the stream ended without `finish`; ignored once the reply settled. */
  | { type: "failed"; replyId: string; code: string; message: string }
  | { type: "stopped"; replyId: string }
  /**
   * Approve / Reject was pressed for `approvalId`: the call shows the decision, and `replyId`
   * is the reply the resumed turn gives (filled from the thread's events, try-approval.ts).
   */
  | { type: "decided"; approvalId: string; approve: boolean; replyId: string }
  | { type: "reset" };

export const initialTryState: TryState = { messages: [], activeReplyId: null };

export function tryReducer(state: TryState, action: TryAction): TryState {
  switch (action.type) {
    case "reset":
      return initialTryState;
    case "send":
      return {
        activeReplyId: action.replyId,
        messages: [
          ...state.messages,
          { id: action.userId, role: "user", text: action.text },
          { id: action.replyId, role: "assistant", text: "", tools: [], status: "waiting" },
        ],
      };
    case "event":
      if (
        action.event.type === "tool-result" &&
        heldElsewhere(state, action.replyId, action.event.toolCallId)
      )
        return settleEarlierCall(state, action.event);
      return updateReply(state, action.replyId, (reply) => applyEvent(reply, action.event));
    case "decided":
      return {
        activeReplyId: action.replyId,
        messages: [
          ...state.messages.map((message) =>
            message.role === "assistant" &&
            message.tools.some((tool) => tool.approvalId === action.approvalId)
              ? {
                  ...message,
                  tools: message.tools.map((tool) =>
                    tool.approvalId === action.approvalId
                      ? { ...tool, decision: action.approve ? ("approved" as const) : ("rejected" as const) }
                      : tool,
                  ),
                }
              : message,
          ),
          { id: action.replyId, role: "assistant", text: "", tools: [], status: "waiting" },
        ],
      };
    case "failed":
      return updateReply(state, action.replyId, (reply) =>
        isOpen(reply)
          ? { ...reply, status: "error", error: { code: action.code, message: action.message } }
          : reply,
      );
    case "stopped":
      return updateReply(state, action.replyId, (reply) =>
        isOpen(reply) ? { ...reply, status: "stopped" } : reply,
      );
  }
}

type Reply = Extract<TryMessage, { role: "assistant" }>;

/** Whether an earlier reply holds the call (a typed "yes" settles the call the last reply paused on). */
function heldElsewhere(state: TryState, replyId: string, toolCallId: string): boolean {
  return state.messages.some(
    (m) => m.id !== replyId && m.role === "assistant" && m.tools.some((t) => t.toolCallId === toolCallId),
  );
}

/** A result for a call an earlier reply paused on: shown there, whatever that reply's status. */
function settleEarlierCall(state: TryState, event: Extract<StreamEvent, { type: "tool-result" }>): TryState {
  return {
    ...state,
    messages: state.messages.map((message) =>
      message.role === "assistant" && message.tools.some((t) => t.toolCallId === event.toolCallId)
        ? {
            ...message,
            tools: message.tools.map((tool) =>
              tool.toolCallId === event.toolCallId ? { ...tool, done: true, result: event.result } : tool,
            ),
          }
        : message,
    ),
  };
}

/** The calls of a reply that still wait for a decision. */
export function pendingApprovals(message: TryMessage): ToolCallView[] {
  if (message.role !== "assistant") return [];
  return message.tools.filter((tool) => tool.approvalId && !tool.done && !tool.decision);
}

const isOpen = (reply: Reply) => reply.status === "waiting" || reply.status === "streaming";

function updateReply(state: TryState, replyId: string, update: (reply: Reply) => Reply): TryState {
  let settled = false;
  const messages = state.messages.map((message) => {
    if (message.id !== replyId || message.role !== "assistant") return message;
    const next = update(message);
    settled = !isOpen(next);
    return next;
  });
  return { messages, activeReplyId: settled && state.activeReplyId === replyId ? null : state.activeReplyId };
}

function applyEvent(reply: Reply, event: StreamEvent): Reply {
  // A reply already settled (finished, stopped by the user, or failed) takes no more events.
  if (!isOpen(reply)) return reply;
  switch (event.type) {
    case "text-delta":
      return { ...reply, status: "streaming", text: reply.text + event.textDelta };
    case "tool-call": {
      const call: ToolCallView = {
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        args: event.args,
        done: false,
        ...(event.approvalId ? { approvalId: event.approvalId } : {}),
        ...(event.approvalPolicy ? { approvalPolicy: event.approvalPolicy } : {}),
      };
      const known = reply.tools.some((tool) => tool.toolCallId === event.toolCallId);
      return {
        ...reply,
        status: "streaming",
        tools: known
          ? reply.tools.map((tool) => (tool.toolCallId === event.toolCallId ? { ...tool, ...call } : tool))
          : [...reply.tools, call],
      };
    }
    case "tool-result": {
      const known = reply.tools.some((tool) => tool.toolCallId === event.toolCallId);
      const tools = known
        ? reply.tools.map((tool) =>
            tool.toolCallId === event.toolCallId ? { ...tool, done: true, result: event.result } : tool,
          )
        : [
            ...reply.tools,
            {
              toolCallId: event.toolCallId,
              toolName: event.toolName,
              args: undefined,
              done: true,
              result: event.result,
            },
          ];
      return { ...reply, status: "streaming", tools };
    }
    case "finish":
      return { ...reply, status: "done", finishReason: event.finishReason };
    case "error":
      // Text streamed before an error belongs to no stored message (docs/conversations.md).
      return { ...reply, status: "error", text: "", error: { code: event.code, message: event.message } };
  }
}

/** A finished reply with nothing in it: the bot did not answer (not active, or not auto mode). */
export function isSilentReply(message: TryMessage): boolean {
  return (
    message.role === "assistant" &&
    message.status === "done" &&
    message.text === "" &&
    message.tools.length === 0
  );
}

/** A thread id for the stream path (`^[A-Za-z0-9_-]{1,128}$`): a new one per conversation. */
export function newThreadId(random: () => string = () => crypto.randomUUID()): string {
  return `try-${random().replace(/[^A-Za-z0-9_-]/g, "")}`.slice(0, 128);
}
