import type { ModelMessage } from "ai";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import { classifyConfirmation } from "./confirmation.js";

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
  return { role: "user", content: userText(row) };
}

/**
 * What the customer said, as the model reads it: a button press reads as the pressed button's
 * label (a typed "2" answering numbered buttons reads "No"); the button id stays out.
 */
export function userText(row: Pick<MessageRow, "content" | "choice">): string {
  return row.choice ? (JSON.parse(row.choice) as { label: string }).label : row.content;
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
 * The rows of an approval exchange that belong before the call they decided, by call: a call
 * whose result was settled later (after an approval) had, between the two, the bot's
 * confirmation question (a `bot` text message) and, when the user typed it, their clear yes or
 * no (confirmation.ts). Told before the call, the exchange reads as it happened — asked,
 * answered, done — and the call and its result are the prompt's latest step, so the model goes
 * on from the result instead of answering its own question again (docs/agent.md, "Approval
 * policies"). Anything else said meanwhile stays where it was: a message that cancelled the
 * action is answered as a normal message, after the refusal. Works on sequence numbers, so the
 * rows may be in any order.
 */
function approvalExchanges(rows: MessageRow[]): Map<MessageRow, MessageRow[]> {
  const resultSeq = new Map<string, number>();
  for (const row of rows) {
    if (row.role === "tool")
      for (const id of toolCallIds(row, "tool-result")) resultSeq.set(id, Number(row.seq));
  }
  const exchanges = new Map<MessageRow, MessageRow[]>();
  if (resultSeq.size === 0) return exchanges;
  for (const call of rows) {
    if (call.role !== "assistant") continue;
    const settledAt = Math.max(-1, ...toolCallIds(call, "tool-call").map((id) => resultSeq.get(id) ?? -1));
    const from = Number(call.seq);
    if (settledAt <= from) continue;
    const before = rows
      .filter((row) => Number(row.seq) > from && Number(row.seq) < settledAt && partOfExchange(row))
      .sort((a, b) => Number(a.seq) - Number(b.seq));
    if (before.length > 0) exchanges.set(call, before);
  }
  return exchanges;
}

/** The bot's confirmation question, or the user's clear yes or no to it. */
function partOfExchange(row: MessageRow): boolean {
  if (row.role === "assistant") return row.author === "bot" && row.parts === null;
  return row.role === "user" && classifyConfirmation(row.content) !== "other";
}

/**
 * Providers need every tool result right after the call it answers. A result settled later
 * (after an approval, with user messages in between) is moved up behind its call, and the
 * approval exchange in between goes before the call (`approvalExchanges`).
 */
export function orderToolResults(rows: MessageRow[]): MessageRow[] {
  const results = new Map<string, MessageRow>();
  for (const row of rows) {
    if (row.role === "tool") for (const id of toolCallIds(row, "tool-result")) results.set(id, row);
  }
  const exchanges = approvalExchanges(rows);
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
    for (const earlier of exchanges.get(row) ?? []) {
      if (placed.has(earlier)) continue;
      ordered.push(earlier);
      placed.add(earlier);
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
  // A typed yes or no stays before the call it decided (orderToolResults): that call and its
  // result are the latest step the model goes on from.
  const answers = new Set([...approvalExchanges(rows).values()].flat());
  const waiting = rows.filter((row) => row.role === "user" && unanswered.has(row.seq) && !answers.has(row));
  if (waiting.length === 0) return rows;
  return [...rows.filter((row) => !waiting.includes(row)), ...waiting];
}
