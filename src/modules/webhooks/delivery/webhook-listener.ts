import type { DomainEvent } from "../../../events/domain-event.js";
import type { DomainEventListener } from "../../../events/event-listener.js";
import type { Clock } from "../../../infra/clock.js";
import type { IdGenerator } from "../../../infra/ids.js";
import { vendorOf } from "../../../vendors/registry.js";
import type { WebhookEventData, WebhookEventType } from "../event-schemas.js";
import { recordWebhookEvent } from "./webhook-outbox.js";

type Outgoing = { [T in WebhookEventType]: { type: T; data: WebhookEventData<T> } }[WebhookEventType];

/** The webhook event a domain event becomes (docs/webhooks.md lists their `data`), if any. */
function toWebhookEvent(event: DomainEvent): Outgoing | undefined {
  switch (event.type) {
    case "thread.created":
      return {
        type: "thread.created",
        data: {
          thread_id: event.thread.id,
          chat_id: event.thread.chat_id,
          bot_id: event.thread.bot_id,
          mode: event.thread.mode,
          created_at: event.thread.created_at,
        },
      };
    case "thread.message.created":
      return {
        type: "thread.message.created",
        data: { thread_id: event.threadId, chat_id: event.chatId, message: event.message },
      };
    case "thread.mode.changed":
      return {
        type: "thread.mode.changed",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          mode: event.mode,
          previous_mode: event.previousMode,
        },
      };
    case "thread.status.changed":
      return {
        type: "thread.status.changed",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          from: event.previousStatus,
          to: event.status,
          snoozed_until: event.snoozedUntil,
          actor: event.by ?? null,
          source: event.by ? null : (event.source ?? null),
        },
      };
    case "thread.reply.failed":
      return {
        type: "thread.reply.failed",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          bot_id: event.botId,
          message_ids: event.messageIds,
          code: event.code,
          reason: event.reason,
          attempts: event.attempts,
        },
      };
    case "bot.published":
      return {
        type: "bot.published",
        data: {
          bot_id: event.botId,
          version: event.version,
          previous_version: event.previousVersion,
          settings_version: event.settingsVersion,
          action: event.action,
        },
      };
    case "message.feedback":
      return {
        type: "message.feedback",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          message_id: event.messageId,
          feedback: event.feedback,
          previous: event.previous,
          removed: event.removed,
        },
      };
    case "thread.labels.changed":
      return {
        type: "thread.labels.changed",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          labels: event.labels,
          added: event.added,
          removed: event.removed,
        },
      };
    case "thread.assigned":
      return {
        type: "thread.assigned",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          assignee: event.assignee,
          previous_assignee: event.previousAssignee,
          source: event.source ?? null,
        },
      };
    case "thread.note":
      if (event.action !== "created") return undefined;
      return {
        type: "thread.note.created",
        data: { thread_id: event.threadId, chat_id: event.chatId, note: event.note },
      };
    case "thread.approval.requested":
      return {
        type: "thread.approval.requested",
        data: {
          thread_id: event.threadId,
          approval_id: event.approvalId,
          tool_name: event.toolName,
          args: event.args as Record<string, unknown>,
        },
      };
    case "integration.auth_lost":
      return {
        type: "integration.auth_lost",
        data: {
          integration_id: event.integrationId,
          vendor: vendorOf(event.vendor).id,
          reason: event.reason,
        },
      };
    case "billing.balance.low":
      return {
        type: "billing.balance.low",
        data: { credits: event.credits, bonus: event.bonus, threshold: event.threshold },
      };
    case "payment.confirmed":
      return {
        type: "payment.confirmed",
        data: {
          order_id: event.orderId,
          integration_id: event.integrationId,
          vendor: vendorOf(event.vendor).id,
          thread_id: event.threadId,
          chat_id: event.chatId,
          // Kopecks to roubles: two decimals at most, exact in binary floating point to the cent.
          amount: event.amountMinor / 100,
          currency: event.currency,
          description: event.description,
          payment_id: event.paymentId,
          message_id: event.messageId,
          confirmed_at: event.confirmedAt,
        },
      };
    case "contact.merged":
      return {
        type: "contact.merged",
        data: {
          contact_id: event.contactId,
          merged_contact_id: event.mergedId,
          threads_moved: event.threadsMoved,
        },
      };
    case "contact.updated":
      return { type: "contact.updated", data: { contact_id: event.contactId, fields: event.fields } };
    case "thread.rated":
      return {
        type: "conversation.rated",
        data: {
          thread_id: event.threadId,
          chat_id: event.chatId,
          rating: event.rating,
          comment: event.comment,
          operator_id: event.operatorId,
          bot_id: event.botId,
          source: event.source,
        },
      };
    default:
      return undefined;
  }
}

/**
 * The webhook outbox as a listener: every domain event with a webhook counterpart is recorded,
 * with a delivery per subscribed endpoint, in the change's transaction; the dispatcher is woken
 * after commit.
 */
export function webhookListener(deps: {
  clock: Clock;
  newId: IdGenerator;
  /** Wakes the dispatcher after a commit that queued deliveries. */
  onDeliveries?: () => void;
}): DomainEventListener {
  return {
    name: "webhooks",
    async record(repos, projectId, events) {
      let deliveries = 0;
      for (const event of events) {
        const outgoing = toWebhookEvent(event);
        if (!outgoing) continue;
        const recorded = await recordWebhookEvent(repos, { projectId, ...outgoing }, deps);
        deliveries += recorded.deliveries;
      }
      return deliveries > 0 ? () => deps.onDeliveries?.() : undefined;
    },
  };
}
