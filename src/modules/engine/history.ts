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
