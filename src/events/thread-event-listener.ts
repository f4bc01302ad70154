import type { Clock } from "../infra/clock.js";
import type { DomainEvent } from "./domain-event.js";
import type { DomainEventListener } from "./event-listener.js";
import type { NewThreadEvent } from "./thread-event.js";
import type { ThreadEventHub } from "./thread-event-hub.js";

/** The thread event a domain event shows on the streams (the API's ThreadEvent), if any. */
function toThreadEvent(event: DomainEvent): NewThreadEvent | undefined {
  switch (event.type) {
    case "thread.message.created":
      return { thread_id: event.threadId, type: "message_created", message: event.message };
    case "thread.mode.changed":
      return {
        thread_id: event.threadId,
        type: "mode_changed",
        mode: event.mode,
        ...(event.by ? { by: event.by } : {}),
      };
    case "thread.status.changed":
      return {
        thread_id: event.threadId,
        type: "status_changed",
        status: event.status,
        previous_status: event.previousStatus,
        snoozed_until: event.snoozedUntil,
        ...(event.by ? { by: event.by } : event.source ? { source: event.source } : {}),
      };
    case "thread.assigned":
      return {
        thread_id: event.threadId,
        type: "thread_assigned",
        assignee: event.assignee,
        ...(event.source ? { source: event.source } : {}),
      };
    case "thread.pending_count.changed":
      return { thread_id: event.threadId, type: "pending_count", pending_count: event.pendingCount };
    case "thread.reply.failed":
      return {
        thread_id: event.threadId,
        type: "reply_failed",
        chat_id: event.chatId,
        bot_id: event.botId,
        message_ids: event.messageIds,
        code: event.code,
        reason: event.reason,
        attempts: event.attempts,
      };
    case "message.feedback":
      return {
        thread_id: event.threadId,
        type: "message_feedback",
        message_id: event.messageId,
        feedback: event.feedback,
        removed: event.removed,
      };
    case "thread.labels.changed":
      return {
        thread_id: event.threadId,
        type: "labels_changed",
        labels: event.labels,
        added: event.added,
        removed: event.removed,
        ...(event.by ? { by: event.by } : {}),
      };
    case "thread.note":
      return {
        thread_id: event.threadId,
        type: `note_${event.action}`,
        note: event.note,
        mentioned: event.mentioned,
      };
    default:
      return undefined;
  }
}

/**
 * Records thread events in the change's transaction (the log streams replay from) and
 * publishes them to the hub after commit. It takes the project's event lock, so it runs last.
 */
export function threadEventListener(deps: { hub: ThreadEventHub; clock: Clock }): DomainEventListener {
  return {
    name: "thread-events",
    async record(repos, projectId, events) {
      const threadEvents = events.map(toThreadEvent).filter((event) => event !== undefined);
      if (threadEvents.length === 0) return undefined;
      const stored = await repos.threadEvents.record(projectId, threadEvents, deps.clock);
      return () => deps.hub.publish(stored);
    },
  };
}
