import type { ThreadActor } from "../infra/auth-context.js";
import type { MessageFeedback } from "../storage/repos/message-feedback.repo.js";
import type { ThreadNote } from "../storage/repos/thread-notes.repo.js";
import type { ThreadMode, ThreadStatus } from "../storage/schema-conversations.js";
import type { FeedbackRating } from "../storage/schema-feedback.js";
import type { IntegrationVendor } from "../storage/schema-integrations.js";
import type { OperatorRef, PublicMessage } from "./message.js";

/**
 * What in Parley itself switched a thread's mode, when no person or key did (`by` absent): the
 * turn's tool (`handoff_to_operator`) or a failed reply's hand-over (docs/conversations.md,
 * "Failed replies"). Analytics counts hand-overs by it (docs/quality.md, "Analytics").
 */
export type ModeChangeSource = "tool" | "reply_failure";

/**
 * What in Parley changed a thread's status, when no person or key did (docs/conversations.md,
 * "Status"): the customer wrote (reopen), a snooze ran out, the bot's inactivity timer, or the
 * `resolve_conversation` tool.
 */
export type StatusChangeSource = "customer_message" | "snooze_expired" | "auto_resolve" | "tool";

/**
 * What a change to the domain records, once, in its unit of work. The listener table decides
 * what follows from each (see event-listener.ts): today a thread event on the streams and a
 * webhook event; channels and billing add their own listeners.
 */
export type DomainEvent =
  | {
      type: "thread.created";
      thread: { id: string; chat_id: string; bot_id: string; mode: ThreadMode; created_at: string };
    }
  | { type: "thread.message.created"; threadId: string; chatId: string; message: PublicMessage }
  | {
      type: "thread.mode.changed";
      threadId: string;
      chatId: string;
      mode: ThreadMode;
      previousMode: ThreadMode;
      /** Who switched it: absent when Parley itself did (the handoff tool, a channel). */
      by?: ThreadActor;
      /** Without `by`: what in Parley switched it, when known. */
      source?: ModeChangeSource;
    }
  | {
      type: "thread.assigned";
      threadId: string;
      chatId: string;
      assignee: OperatorRef | null;
      /** Who had it before: null when nobody did. */
      previousAssignee: OperatorRef | null;
      /** `routing`: auto-assignment did it (docs/routing.md); absent for a person's or a key's. */
      source?: "routing";
    }
  /** The status really changed (never for the same status again). */
  | {
      type: "thread.status.changed";
      threadId: string;
      chatId: string;
      status: ThreadStatus;
      previousStatus: ThreadStatus;
      /** ISO 8601 while snoozed with a time; null otherwise. */
      snoozedUntil: string | null;
      /** Who changed it: absent when Parley itself did (`source`). */
      by?: ThreadActor;
      source?: StatusChangeSource;
    }
  | { type: "thread.pending_count.changed"; threadId: string; pendingCount: number }
  /**
   * Labels were put on or taken off a thread (docs/labels.md): `labels` the thread's names
   * after the change, sorted; `added`/`removed` what changed (never both empty).
   */
  | {
      type: "thread.labels.changed";
      threadId: string;
      chatId: string;
      labels: string[];
      added: string[];
      removed: string[];
      /** Who changed them: absent when the bot did (the add_label tool). */
      by?: ThreadActor;
    }
  /**
   * The AI gave up on replying (model down after its retries, timeout, out of credits, …): the
   * messages stay unanswered. Once per give-up, never per retry (docs/conversations.md, "Failed
   * replies").
   */
  | {
      type: "thread.reply.failed";
      threadId: string;
      chatId: string;
      botId: string;
      messageIds: string[];
      code: string;
      /** For a person: what went wrong and what happens now. */
      reason: string;
      /** Model calls the turn that gave up made (0 when none was made: out of credits). */
      attempts: number;
    }
  | {
      type: "thread.approval.requested";
      threadId: string;
      approvalId: string;
      toolName: string;
      args: unknown;
    }
  | { type: "integration.auth_lost"; integrationId: string; vendor: IntegrationVendor; reason: string }
  /** The AI's reply to a turn is stored: what billing charges for (its model and token usage). */
  | {
      type: "thread.reply.completed";
      threadId: string;
      messageId: string;
      modelId: string;
      usage: { inputTokens: number; outputTokens: number };
    }
  /**
   * Feedback on a bot message was given, replaced or removed (docs/quality.md, "Feedback").
   * `feedback` is the rater's feedback as it now is (as it was, when `removed`); `previous` the
   * rating it replaced or removed (null for a first rating). Counting ratings from these events:
   * a removal takes `previous` off; anything else adds `feedback.rating` and takes `previous`
   * (when not null) off.
   */
  | {
      type: "message.feedback";
      threadId: string;
      chatId: string;
      messageId: string;
      feedback: MessageFeedback;
      previous: { rating: FeedbackRating } | null;
      removed: boolean;
    }
  /**
   * A private note was written, edited or deleted (docs/conversations.md, "Private notes"): the
   * note as it now is (as it was, when deleted). `mentioned`: the operators this change
   * mentioned for the first time (each got an inbox entry). For the team only: operators'
   * streams and webhooks, never a customer's.
   */
  | {
      type: "thread.note";
      action: "created" | "updated" | "deleted";
      threadId: string;
      chatId: string;
      note: ThreadNote;
      mentioned: string[];
    }
  /**
   * Billing charged a stored reply (raised by billing's listener, in the reply's transaction):
   * the reply's price in millicredits as billing computed it (docs/billing.md, "Charges"), for
   * the listeners after it (analytics' cost).
   */
  | { type: "billing.reply.charged"; threadId: string; messageId: string; amount: number }
  /**
   * A bot version went live (docs/quality.md, "Versions"): published from a draft or by number,
   * rolled back to, or made by a live settings change.
   */
  | {
      type: "bot.published";
      botId: string;
      version: number;
      previousVersion: number;
      settingsVersion: string;
      action: "publish" | "rollback" | "settings";
    }
  /** A customer's CSAT rating of a resolved conversation was recorded (docs/csat.md). */
  | {
      type: "thread.rated";
      threadId: string;
      chatId: string;
      botId: string;
      operatorId: string | null;
      rating: number;
      comment: string | null;
      source: "message" | "widget" | "api";
    }
  /** A contact was merged into another (docs/contacts.md, "Merging"). */
  | { type: "contact.merged"; contactId: string; mergedId: string; threadsMoved: number }
  /** A contact's fields were changed through the API or the console (docs/contacts.md). */
  | { type: "contact.updated"; contactId: string; fields: string[] }
  /** The project's balance fell below the low-balance threshold (once per crossing); credits. */
  | { type: "billing.balance.low"; credits: number; bonus: number; threshold: number }
  /** A payment link made in a conversation was paid (docs/payments.md); amounts in kopecks. */
  | {
      type: "payment.confirmed";
      orderId: string;
      integrationId: string;
      vendor: IntegrationVendor;
      threadId: string;
      chatId: string;
      amountMinor: number;
      currency: string;
      description: string;
      paymentId: string | null;
      /** The confirmation posted in the thread; null when none was (the thread is gone or blocked). */
      messageId: string | null;
      confirmedAt: string;
    };
