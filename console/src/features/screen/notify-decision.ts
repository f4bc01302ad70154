/**
 * When the operator's screen alerts (docs/console.md, "The operator's screen"): pure decisions,
 * the browser's side is notifier.ts.
 */

export type NotifyKind = "new_conversation" | "customer_message" | "mention";

export interface NotifyContext {
  /** The operator turned notifications on (stored in this browser). */
  enabled: boolean;
  /** The console's tab is hidden (another tab, minimised). */
  hidden: boolean;
  /** The conversation open on screen, if any. */
  openThreadId: string | null;
  meId: string | null;
}

/** What an alert is about: its conversation and who has it. */
export interface NotifySubject {
  threadId: string;
  assigneeId: string | null;
}

/**
 * Whether to alert. Never when off, nor about the conversation the operator is looking at.
 * A new conversation and a mention always; a customer's message only in a conversation
 * assigned to the operator.
 */
export function shouldNotify(kind: NotifyKind, subject: NotifySubject, context: NotifyContext): boolean {
  if (!context.enabled) return false;
  if (!context.hidden && context.openThreadId === subject.threadId) return false;
  if (kind === "customer_message") return context.meId !== null && subject.assigneeId === context.meId;
  return true;
}

/** Which kind a customer's message is: the first of its conversation starts a new one. */
export function kindOfCustomerMessage(userMessages: number): NotifyKind {
  return userMessages <= 1 ? "new_conversation" : "customer_message";
}
