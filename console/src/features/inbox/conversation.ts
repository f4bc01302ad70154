import type { Message } from "./types";

/**
 * How a thread's messages become a conversation on screen (docs/conversations.md, Message):
 * - the AI's tool steps are folded: a `tool` message (author `bot`) holds one line per tool
 *   result, `name: <JSON output>` (or `name: approved (reason)` for a settled approval);
 * - an assistant message of the AI with no text and no attachments is the step that called a
 *   tool (the API does not expose its parts); its result follows as a `tool` message, so
 *   nothing of it is shown;
 * - everything else is a bubble.
 */
export type ConversationItem =
  | { kind: "message"; key: string; message: Message }
  | { kind: "tool"; key: string; name: string | null; result: string; created_at: string };

export interface ToolResult {
  /** The tool's name, or null when the line did not name one. */
  name: string | null;
  result: string;
}

const TOOL_LINE = /^([^\s:]+): ?(.*)$/;

/** The tool results of a `tool` message's content. */
export function parseToolContent(content: string): ToolResult[] {
  const out: ToolResult[] = [];
  for (const line of content.split("\n")) {
    const match = TOOL_LINE.exec(line);
    if (match) out.push({ name: match[1]!, result: match[2]! });
    else if (out.length > 0) out[out.length - 1]!.result += `\n${line}`;
    else out.push({ name: null, result: line });
  }
  return out.filter((item) => item.name !== null || item.result.trim() !== "");
}

/** A tool result as readable text: JSON pretty-printed, anything else as it is. */
export function prettyResult(result: string): string {
  const trimmed = result.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[") && !trimmed.startsWith('"')) return result;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return result;
  }
}

/** Any value (tool arguments) as pretty JSON. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function isToolCallStep(message: Message): boolean {
  return (
    message.role === "assistant" &&
    message.author === "bot" &&
    message.content.trim() === "" &&
    !message.attachments?.length
  );
}

export function toConversationItems(messages: Message[]): ConversationItem[] {
  const items: ConversationItem[] = [];
  for (const message of messages) {
    if (message.role === "tool") {
      for (const [index, result] of parseToolContent(message.content).entries()) {
        items.push({
          kind: "tool",
          key: `${message.id}:${index}`,
          name: result.name,
          result: result.result,
          created_at: message.created_at,
        });
      }
    } else if (!isToolCallStep(message)) {
      items.push({ kind: "message", key: message.id, message });
    }
  }
  return items;
}

/**
 * Adds a message that arrived live (or answered a send) to the history, oldest first: a
 * message already there (same id) is replaced, not repeated.
 */
export function mergeMessage(messages: Message[], incoming: Message): Message[] {
  const existing = messages.findIndex((message) => message.id === incoming.id);
  if (existing >= 0) return messages.map((message, i) => (i === existing ? incoming : message));
  const at = Date.parse(incoming.created_at);
  let insertAt = messages.length;
  while (insertAt > 0 && Date.parse(messages[insertAt - 1]!.created_at) > at) insertAt--;
  return [...messages.slice(0, insertAt), incoming, ...messages.slice(insertAt)];
}

/** Which side of the conversation a message sits on: the person left, the AI and operators right. */
export function sideOf(message: Message): "left" | "right" {
  return message.author === "user" ? "left" : "right";
}
