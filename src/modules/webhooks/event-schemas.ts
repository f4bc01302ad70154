import { z } from "zod";
import { messageObjectSchema } from "../../events/message.js";
import { FEEDBACK_RATINGS, feedbackObjectSchema } from "../../events/message-feedback.js";
import { replyFailureFields } from "../../events/reply-failure-fields.js";
import { noteObjectSchema } from "../../events/thread-note.js";
import { VENDOR_IDS } from "../../vendors/registry.js";

/**
 * The webhook event types and the `data` each one carries: the contract with receivers.
 * The schemas are registered (`.meta({ id })`), so /openapi.json lists them as components, and
 * GET /v1/webhook-events/types serves them as JSON Schema. Nested objects carry no ids of their
 * own: each event's schema is self-contained, and independent of the API resources' schemas,
 * so that a change to a resource never silently changes what receivers get.
 */
export const WEBHOOK_EVENT_TYPES = [
  "thread.created",
  "thread.message.created",
  "thread.mode.changed",
  "integration.auth_lost",
  "billing.balance.low",
  "thread.approval.requested",
  "webhook_endpoint.disabled",
  "payment.confirmed",
  "thread.reply.failed",
  "message.feedback",
  "bot.published",
  "thread.labels.changed",
  "thread.status.changed",
  "thread.note.created",
  "contact.merged",
  "contact.updated",
  "conversation.rated",
  "thread.assigned",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: "WebhookEventType" });

const threadMode = z.enum(["auto", "manual", "operator", "blocked"]);
const timestamp = z.string().describe("ISO 8601, UTC, with milliseconds");

export const threadCreatedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    bot_id: z.string(),
    mode: threadMode,
    created_at: timestamp,
  })
  .meta({ id: "WebhookThreadCreatedData", description: "A new conversation started." });

export const threadMessageCreatedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    message: messageObjectSchema,
  })
  .meta({ id: "WebhookThreadMessageCreatedData", description: "A new message in a thread." });

export const threadModeChangedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    mode: threadMode,
    previous_mode: threadMode,
  })
  .meta({ id: "WebhookThreadModeChangedData", description: "A thread switched mode (e.g. auto to manual)." });

export const integrationAuthLostDataSchema = z
  .object({
    integration_id: z.string(),
    vendor: z.enum(VENDOR_IDS),
    reason: z.string().describe("What the vendor answered, for a person."),
  })
  .meta({
    id: "WebhookIntegrationAuthLostData",
    description: "An integration's credentials stopped working.",
  });

export const billingBalanceLowDataSchema = z
  .object({
    credits: z.number().describe("The balance after the charge that crossed the threshold."),
    bonus: z.number().describe("Bonus credits included in `credits`."),
    threshold: z.number(),
  })
  .meta({ id: "WebhookBillingBalanceLowData", description: "The credit balance fell below the threshold." });

export const threadApprovalRequestedDataSchema = z
  .object({
    thread_id: z.string(),
    approval_id: z.string(),
    tool_name: z.string(),
    args: z.record(z.string(), z.unknown()).describe("The arguments the model chose for the tool."),
  })
  .meta({
    id: "WebhookThreadApprovalRequestedData",
    description: "A tool call waits for an operator's approval.",
  });

export const webhookEndpointDisabledDataSchema = z
  .object({
    endpoint_id: z.string(),
    url: z.string(),
    reason: z.string().describe("`gone` (it answered 410) or `failing for over 24 hours`."),
  })
  .meta({
    id: "WebhookEndpointDisabledData",
    description: "The service disabled a webhook endpoint; sent to the project's other active endpoints.",
  });

export const paymentConfirmedDataSchema = z
  .object({
    order_id: z.string().describe("`pay_…`: the order, T-Bank's `OrderId`."),
    integration_id: z.string().describe("The project's payment terminal integration."),
    vendor: z.enum(VENDOR_IDS),
    thread_id: z.string().describe("The conversation the payment link was made in."),
    chat_id: z.string(),
    amount: z.number().describe("What was paid, in roubles (kopecks as two decimals)."),
    currency: z.string().describe("ISO 4217; `RUB`."),
    description: z.string().describe("The payment's description, as the payer saw it."),
    payment_id: z.string().nullable().describe("T-Bank's `PaymentId`."),
    message_id: z
      .string()
      .nullable()
      .describe("The confirmation posted in the thread; null when none was (thread deleted or blocked)."),
    confirmed_at: timestamp,
  })
  .meta({
    id: "WebhookPaymentConfirmedData",
    description: "A payment link a bot made in a conversation was paid.",
  });

export const threadReplyFailedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    bot_id: z.string(),
    ...replyFailureFields,
  })
  .meta({
    id: "WebhookThreadReplyFailedData",
    description: "The AI gave up on replying: the person's messages are unanswered (docs/webhooks.md).",
  });

export const messageFeedbackDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    message_id: z.string().describe("The rated bot message."),
    feedback: feedbackObjectSchema.describe("The rater's feedback as it now is; as it was, when `removed`."),
    previous: z
      .object({ rating: z.enum(FEEDBACK_RATINGS) })
      .nullable()
      .describe("The rating this feedback replaced or removed; null for the rater's first rating."),
    removed: z.boolean().describe("The rater took their feedback back (DELETE)."),
  })
  .meta({
    id: "WebhookMessageFeedbackData",
    description: "A bot message was rated, rated again, or its rating removed (docs/quality.md).",
  });

const threadStatus = z.enum(["open", "pending", "snoozed", "resolved"]);

export const threadStatusChangedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    from: threadStatus.describe("The status before."),
    to: threadStatus.describe("The status now."),
    snoozed_until: timestamp
      .nullable()
      .describe("When the snooze ends (`to` = `snoozed` with a time); else null."),
    actor: z
      .object({
        type: z.enum(["operator", "api_key"]),
        id: z.string(),
        name: z.string().nullable(),
      })
      .nullable()
      .describe("Who changed it: a signed-in operator or an API key; null when Parley did (see `source`)."),
    source: z
      .enum(["customer_message", "snooze_expired", "auto_resolve", "tool"])
      .nullable()
      .describe(
        "When `actor` is null: the customer wrote (reopen), the snooze ran out, the bot's auto-resolve, or the " +
          "`resolve_conversation` tool.",
      ),
  })
  .meta({
    id: "WebhookThreadStatusChangedData",
    description: 'A conversation\'s status changed (docs/conversations.md, "Status").',
  });

const operatorRef = z.object({ id: z.string(), name: z.string() });

export const threadAssignedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    assignee: operatorRef.nullable().describe("The operator it is assigned to now; null: unassigned."),
    previous_assignee: operatorRef.nullable().describe("Who had it before; null when nobody did."),
    source: z
      .enum(["routing"])
      .nullable()
      .describe(
        "`routing` when auto-assignment gave it (docs/routing.md); null when a person or an API key did.",
      ),
  })
  .meta({
    id: "WebhookThreadAssignedData",
    description: 'A conversation\'s assignee changed (docs/routing.md, "Events").',
  });

export const threadNoteCreatedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    note: noteObjectSchema.describe("The note; `mentions` holds the ids of the operators it mentions."),
  })
  .meta({
    id: "WebhookThreadNoteCreatedData",
    description: 'An operator wrote a private note in a thread (docs/conversations.md, "Private notes").',
  });

/** Each event type's `data` schema. */
export const botPublishedDataSchema = z
  .object({
    bot_id: z.string(),
    version: z.number().describe("The version that now answers customers."),
    previous_version: z.number().describe("The version that answered before."),
    settings_version: z.string().describe("The settings' short hash, as traces and evaluation runs name it."),
    action: z
      .enum(["publish", "rollback", "settings"])
      .describe(
        "`publish` (a draft or a version by number), `rollback`, or `settings` (a live settings change).",
      ),
  })
  .meta({
    id: "WebhookBotPublishedData",
    description: 'A bot version went live (docs/quality.md, "Versions").',
  });

export const threadLabelsChangedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    labels: z.array(z.string()).describe("The thread's label names after the change, sorted."),
    added: z.array(z.string()).describe("Names put on by this change."),
    removed: z.array(z.string()).describe("Names taken off by this change."),
  })
  .meta({
    id: "WebhookThreadLabelsChangedData",
    description: "Labels were put on or taken off a thread (docs/labels.md).",
  });

export const contactMergedDataSchema = z
  .object({
    contact_id: z.string().describe("The contact that stays."),
    merged_contact_id: z
      .string()
      .describe("The contact merged into it: no longer listed; its identities reach `contact_id`."),
    threads_moved: z.number().describe("How many threads moved to `contact_id`."),
  })
  .meta({
    id: "WebhookContactMergedData",
    description: 'One contact was merged into another (docs/contacts.md, "Merging").',
  });

export const contactUpdatedDataSchema = z
  .object({
    contact_id: z.string(),
    fields: z.array(z.string()).describe("The fields the change set (`name`, `email`, `attributes`, …)."),
  })
  .meta({
    id: "WebhookContactUpdatedData",
    description: "A contact's fields were changed through the API or the console (docs/contacts.md).",
  });

export const conversationRatedDataSchema = z
  .object({
    thread_id: z.string(),
    chat_id: z.string(),
    rating: z.number().describe("1 (bad) to 5 (great)."),
    comment: z.string().nullable(),
    operator_id: z
      .string()
      .nullable()
      .describe("The operator rated: the assignee at resolution; null: none."),
    bot_id: z.string(),
    source: z
      .enum(["message", "widget", "api"])
      .describe("The customer's message, the widget's buttons, or the API."),
  })
  .meta({
    id: "WebhookConversationRatedData",
    description: "A customer rated a resolved conversation (docs/csat.md).",
  });

export const webhookEventDataSchemas = {
  "thread.created": threadCreatedDataSchema,
  "thread.message.created": threadMessageCreatedDataSchema,
  "thread.mode.changed": threadModeChangedDataSchema,
  "integration.auth_lost": integrationAuthLostDataSchema,
  "billing.balance.low": billingBalanceLowDataSchema,
  "thread.approval.requested": threadApprovalRequestedDataSchema,
  "webhook_endpoint.disabled": webhookEndpointDisabledDataSchema,
  "payment.confirmed": paymentConfirmedDataSchema,
  "thread.reply.failed": threadReplyFailedDataSchema,
  "message.feedback": messageFeedbackDataSchema,
  "bot.published": botPublishedDataSchema,
  "thread.labels.changed": threadLabelsChangedDataSchema,
  "thread.status.changed": threadStatusChangedDataSchema,
  "thread.note.created": threadNoteCreatedDataSchema,
  "contact.merged": contactMergedDataSchema,
  "contact.updated": contactUpdatedDataSchema,
  "conversation.rated": conversationRatedDataSchema,
  "thread.assigned": threadAssignedDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[T]>;

const envelope = <T extends WebhookEventType>(type: T) =>
  z.object({
    id: z.string().describe("`evt_…`; the same in every delivery of the event (x-service-event-id)."),
    type: z.literal(type),
    created_at: timestamp,
    data: webhookEventDataSchemas[type],
  });

/** What a receiver gets as the body of a webhook request. */
export const webhookEventSchema = z
  .discriminatedUnion("type", [
    envelope("thread.created"),
    envelope("thread.message.created"),
    envelope("thread.mode.changed"),
    envelope("integration.auth_lost"),
    envelope("billing.balance.low"),
    envelope("thread.approval.requested"),
    envelope("webhook_endpoint.disabled"),
    envelope("payment.confirmed"),
    envelope("thread.reply.failed"),
    envelope("message.feedback"),
    envelope("bot.published"),
    envelope("thread.labels.changed"),
    envelope("thread.status.changed"),
    envelope("thread.note.created"),
    envelope("contact.merged"),
    envelope("contact.updated"),
    envelope("conversation.rated"),
    envelope("thread.assigned"),
  ])
  .meta({ id: "WebhookEvent", description: "The JSON body of every webhook request." });

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
