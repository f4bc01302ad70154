import type { ModelMessage } from "ai";
import type { MessageRow } from "../../storage/repos/messages.repo.js";

/** A deliberately cautious token estimate (no tokenizer per provider): ~4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

/** Stored rows back into the model's message format (tool calls and results kept exact). */
export function toModelMessage(row: MessageRow): ModelMessage {
  const parts = row.parts ? (JSON.parse(row.parts) as unknown) : null;
  if (row.role === "tool")
    return { role: "tool", content: parts as Extract<ModelMessage, { role: "tool" }>["content"] };
  if (row.role === "assistant") {
    return parts
      ? { role: "assistant", content: parts as Extract<ModelMessage, { role: "assistant" }>["content"] }
      : { role: "assistant", content: row.content };
  }
  return { role: "user", content: row.content };
}

function rowTokens(row: MessageRow): number {
  return estimateTokens(row.parts ?? row.content);
}

function toolCallIds(row: MessageRow, type: "tool-call" | "tool-result"): string[] {
  if (!row.parts) return [];
  const parts = JSON.parse(row.parts) as Array<{ type: string; toolCallId?: string }>;
  return parts.filter((p) => p.type === type && p.toolCallId).map((p) => p.toolCallId as string);
}

/**
 * Providers need every tool result right after the call it answers. A result settled later
 * (after an approval, with user messages in between) is moved up behind its call.
 */
export function orderToolResults(rows: MessageRow[]): MessageRow[] {
  const results = new Map<string, MessageRow>();
  for (const row of rows) {
    if (row.role === "tool") for (const id of toolCallIds(row, "tool-result")) results.set(id, row);
  }
  const placed = new Set<MessageRow>();
  const ordered: MessageRow[] = [];
  for (const row of rows) {
    if (placed.has(row)) continue;
    if (row.role === "tool" && toolCallIds(row, "tool-result").length > 0) {
      // Placed behind its call below; kept here only if the call is outside the window.
      const callInWindow = rows.some(
        (other) =>
          other.role === "assistant" && toolCallIds(other, "tool-call").some((id) => results.get(id) === row),
      );
      if (callInWindow) continue;
    }
    ordered.push(row);
    placed.add(row);
    if (row.role === "assistant") {
      for (const id of toolCallIds(row, "tool-call")) {
        const result = results.get(id);
        if (result && !placed.has(result)) {
          ordered.push(result);
          placed.add(result);
        }
      }
    }
  }
  return ordered;
}

/**
 * The history a turn sends: at most `lastMessages` messages (an upper bound), then the oldest
 * dropped until the estimate fits `budgetTokens`. A tool result never starts the history
 * without the call it answers; the newest message always stays.
 */
export function fitHistory(rows: MessageRow[], lastMessages: number, budgetTokens: number): MessageRow[] {
  let window = rows.slice(Math.max(0, rows.length - lastMessages));
  let total = window.reduce((sum, row) => sum + rowTokens(row), 0);
  while (window.length > 1 && total > budgetTokens) {
    total -= rowTokens(window[0]!);
    window = window.slice(1);
  }
  while (window.length > 1 && window[0]!.role === "tool") window = window.slice(1);
  return window;
}

/**
 * The messages still to answer go last, after any reply stored between them (a reply to earlier
 * messages lands after the messages that arrived while it was produced): the prompt then ends
 * with what the user said, as every provider expects, not with the bot's own reply.
 */
export function unansweredLast(rows: MessageRow[], unanswered: ReadonlySet<number>): MessageRow[] {
  const waiting = rows.filter((row) => row.role === "user" && unanswered.has(row.seq));
  if (waiting.length === 0) return rows;
  return [...rows.filter((row) => !waiting.includes(row)), ...waiting];
}
