import { type ButtonInput, type MessageChoice, withButtonIds } from "../../events/buttons.js";
import type { StatusChangeSource } from "../../events/domain-event.js";
import type { OperatorRef, PublicMessage, PublicMessageFile } from "../../events/message.js";
import { toolStepsOf } from "../../events/tool-steps.js";
import type { UnitOfWork } from "../../events/unit-of-work.js";
import type { ThreadActor } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { MessageAuthor, ThreadStatus } from "../../storage/schema-conversations.js";
import { answersFailure } from "./stored-reply-failure.js";

/** A stored message as the API, the streams and webhooks show it. */
export function toPublicMessage(row: MessageRow): PublicMessage {
  return {
    id: row.id,
    role: row.role,
    author: row.author,
    content: row.content,
    created_at: row.created_at,
    ...(row.attachments ? { attachments: JSON.parse(row.attachments) as PublicMessage["attachments"] } : {}),
    ...(row.delivery ? { delivery: JSON.parse(row.delivery) as PublicMessage["delivery"] } : {}),
    ...(row.operator ? { operator: JSON.parse(row.operator) as OperatorRef } : {}),
    ...(row.buttons ? { buttons: JSON.parse(row.buttons) as PublicMessage["buttons"] } : {}),
    ...(row.choice ? { choice: JSON.parse(row.choice) as MessageChoice } : {}),
    ...(row.files ? { files: JSON.parse(row.files) as PublicMessageFile[] } : {}),
    ...toolStepsView(row.parts),
  };
}

/** A message's tool calls and results for the API (only what it has). */
function toolStepsView(parts: string | null): Pick<PublicMessage, "tool_calls" | "tool_results"> {
  if (!parts) return {};
  const { calls, results } = toolStepsOf(parts);
  return {
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(results.length > 0 ? { tool_results: results } : {}),
  };
}

/** A status to set (docs/conversations.md, "Status"), and who or what sets it. */
export interface StatusChange {
  status: ThreadStatus;
  /** Only with `snoozed`: when the snooze ends (ISO 8601); null snoozes until the customer writes. */
  snoozedUntil?: string | null;
  by?: ThreadActor;
  source?: StatusChangeSource;
}

/**
 * The writes every part of a conversation shares, the turn's and the API's alike: storing a
 * message and moving a thread's pending_count, each with its domain event, in the caller's
 * unit of work.
 */
export class ThreadWriter {
  constructor(private readonly deps: { clock: Clock; newId: IdGenerator }) {}

  /** Stores one message, moves last_message_at and records message.created. */
  async insertMessage(
    unit: UnitOfWork,
    thread: ThreadRow,
    role: MessageRow["role"],
    author: MessageAuthor,
    content: string,
    parts: string | null,
    now: string,
    extra: {
      externalId?: string;
      replyToSeq?: number;
      attachments?: string;
      operator?: OperatorRef;
      /** Buttons offered under the message (docs/channels.md, "Buttons"); ids are made from the message's. */
      buttons?: readonly ButtonInput[];
      /** On a customer's message: the button press it is. */
      choice?: MessageChoice;
      /** A customer's CSAT rating (docs/csat.md): stored without reopening the thread. */
      keepStatus?: boolean;
      /** Files the message sends (docs/channels.md, "Files"), as {id, kind, name, mime_type, size, caption?}. */
      files?: readonly PublicMessageFile[];
      /** JSON MessageDelivery stored with the message (a WhatsApp template's, docs/channels.md "Templates"). */
      delivery?: string;
    } = {},
  ): Promise<MessageRow> {
    const id = this.deps.newId("msg");
    const buttons = extra.buttons && extra.buttons.length > 0 ? withButtonIds(id, extra.buttons) : null;
    const row = await unit.repos.messages.insert({
      id,
      project_id: thread.project_id,
      thread_id: thread.id,
      role,
      author,
      content,
      parts,
      external_id: extra.externalId ?? null,
      reply_to_seq: extra.replyToSeq ?? null,
      attachments: extra.attachments ?? null,
      operator: extra.operator ? JSON.stringify(extra.operator) : null,
      ...(extra.delivery !== undefined ? { delivery: extra.delivery } : {}),
      buttons: buttons ? JSON.stringify(buttons) : null,
      choice: extra.choice ? JSON.stringify(extra.choice) : null,
      files: extra.files && extra.files.length > 0 ? JSON.stringify(extra.files) : null,
      created_at: now,
    });
    // A reply answering the messages a failed reply left waiting clears that failure.
    const clearsFailure =
      thread.reply_failure !== null &&
      extra.replyToSeq !== undefined &&
      answersFailure(thread, extra.replyToSeq);
    const stored = await unit.repos.threads.updateReturning(thread.project_id, thread.id, {
      last_message_at: now,
      updated_at: now,
      ...(clearsFailure ? { reply_failure: null } : {}),
    });
    thread.last_message_at = now;
    if (clearsFailure) thread.reply_failure = null;
    // The customer writing reopens the conversation, in this unit of work. The update above
    // already holds the thread's row, so reading its status here adds no lock and changes no
    // order: the reopen is one more write to the same row, after the message.
    if (author === "user" && !extra.keepStatus && stored && stored.status !== "open") {
      await this.applyStatus(unit, stored, { status: "open", source: "customer_message" }, now);
      thread.status = "open";
      thread.snoozed_until = null;
    }
    unit.record({
      type: "thread.message.created",
      threadId: thread.id,
      chatId: thread.chat_id,
      message: toPublicMessage(row),
    });
    return row;
  }

  /**
   * Sets the thread's status in the caller's unit of work, reading the thread locked so that
   * parallel changes queue up: only a real change is written, with its event. `onlyIf` sees the
   * locked row: a change it refuses is not made (a snooze's wake that must still find its own
   * snooze). Answers the row as it now is and whether it changed; undefined when there is no thread.
   */
  async changeStatus(
    unit: UnitOfWork,
    projectId: string,
    threadId: string,
    change: StatusChange,
    onlyIf?: (thread: ThreadRow) => boolean,
  ): Promise<{ thread: ThreadRow; changed: boolean } | undefined> {
    const thread = await unit.repos.threads.findForUpdate(projectId, threadId);
    if (!thread) return undefined;
    if (onlyIf && !onlyIf(thread)) return { thread, changed: false };
    const changed = await this.applyStatus(unit, thread, change, this.deps.clock.now().toISOString());
    return { thread, changed };
  }

  /** The status write on a row this unit of work holds; false (nothing written) when it is already so. */
  private async applyStatus(
    unit: UnitOfWork,
    thread: ThreadRow,
    change: StatusChange,
    now: string,
  ): Promise<boolean> {
    const snoozedUntil =
      change.status === "snoozed" && change.snoozedUntil ? new Date(change.snoozedUntil).toISOString() : null;
    const previous = thread.status;
    if (previous === change.status && (thread.snoozed_until ?? null) === snoozedUntil) return false;
    await unit.repos.threads.update(thread.project_id, thread.id, {
      status: change.status,
      snoozed_until: snoozedUntil,
      status_changed_at: now,
      updated_at: now,
    });
    thread.status = change.status;
    thread.snoozed_until = snoozedUntil;
    thread.status_changed_at = now;
    unit.record({
      type: "thread.status.changed",
      threadId: thread.id,
      chatId: thread.chat_id,
      status: change.status,
      previousStatus: previous,
      snoozedUntil,
      ...(change.by ? { by: change.by } : change.source ? { source: change.source } : {}),
    });
    return true;
  }

  /** Adds to pending_count (negative to remove; never below 0), with its event. */
  async addPending(unit: UnitOfWork, thread: ThreadRow, count: number): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    const pending = Math.max(
      0,
      await unit.repos.threads.addPending(thread.project_id, thread.id, count, now),
    );
    thread.pending_count = pending;
    unit.record({ type: "thread.pending_count.changed", threadId: thread.id, pendingCount: pending });
    return pending;
  }

  /** pending_count back to zero after a reply, with its event when it changed. */
  async resetPending(unit: UnitOfWork, thread: ThreadRow): Promise<void> {
    if (Number(thread.pending_count) === 0) return;
    await unit.repos.threads.update(thread.project_id, thread.id, { pending_count: 0 });
    thread.pending_count = 0;
    unit.record({ type: "thread.pending_count.changed", threadId: thread.id, pendingCount: 0 });
  }
}
