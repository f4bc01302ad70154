import { api } from "../../api/client";

/** Feedback on the AI's answers (docs/quality.md, "Feedback"): the API's MessageFeedback. */
export type Rating = "up" | "down";

export interface MessageFeedback {
  id: string;
  message_id: string;
  thread_id: string;
  source: "customer" | "operator";
  rating: Rating;
  comment: string | null;
  correction: string | null;
  /** The signed-in operator who rated; null for the customer and for API keys. */
  operator: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
}

export const CORRECTION_MAX = 8000;
export const COMMENT_MAX = 2000;

const enc = encodeURIComponent;
const messagePath = (threadId: string, messageId: string) =>
  `/threads/${enc(threadId)}/messages/${enc(messageId)}/feedback`;

export const getThreadFeedback = (threadId: string) =>
  api<{ data: MessageFeedback[] }>(`/threads/${enc(threadId)}/feedback`).then((answer) => answer.data);

/** Rates as the signed-in operator; replaces their feedback on the message as a whole. */
export const rateMessage = (
  threadId: string,
  messageId: string,
  body: { rating: Rating; comment?: string | null; correction?: string | null },
) => api<MessageFeedback>(messagePath(threadId, messageId), { method: "POST", body });

/** Takes the signed-in operator's feedback on the message back. */
export const removeFeedback = (threadId: string, messageId: string) =>
  api<{ id: string; deleted: true }>(messagePath(threadId, messageId), { method: "DELETE" });

/** A thread's feedback by message, each message's oldest first. */
export function feedbackByMessage(list: readonly MessageFeedback[]): Map<string, MessageFeedback[]> {
  const out = new Map<string, MessageFeedback[]>();
  for (const feedback of list)
    out.set(feedback.message_id, [...(out.get(feedback.message_id) ?? []), feedback]);
  return out;
}

/** The list with one feedback stored (replacing its earlier self) or, when `removed`, taken out. */
export function mergeFeedback(
  list: readonly MessageFeedback[],
  feedback: MessageFeedback,
  removed = false,
): MessageFeedback[] {
  const others = list.filter((item) => item.id !== feedback.id);
  return removed ? others : [...others, feedback].sort(byCreation);
}

/** The signed-in operator's own feedback among a message's. */
export function mine(list: readonly MessageFeedback[], operatorId: string): MessageFeedback | undefined {
  return list.find((feedback) => feedback.source === "operator" && feedback.operator?.id === operatorId);
}

/** Pressing a rating: the chosen one again takes it back; another replaces it, keeping the texts. */
export function ratingChange(
  current: MessageFeedback | undefined,
  rating: Rating,
):
  | { remove: true }
  | { remove: false; body: { rating: Rating; comment: string | null; correction: string | null } } {
  if (current?.rating === rating) return { remove: true };
  return {
    remove: false,
    body: { rating, comment: current?.comment ?? null, correction: current?.correction ?? null },
  };
}

function byCreation(a: MessageFeedback, b: MessageFeedback): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1;
}
