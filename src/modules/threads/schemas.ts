import { z } from "zod";
import { buttonInputsSchema, MAX_BUTTON_LABEL, MAX_BUTTONS } from "../../events/buttons.js";
import { messageObjectSchema, operatorRefSchema } from "../../events/message.js";
import { replyFailureFields } from "../../events/reply-failure-fields.js";
import { threadActorSchema } from "../../events/thread-event.js";
import { MAX_CAPTION, MAX_MESSAGE_FILES } from "../outbound-files/index.js";

export const threadModeSchema = z.enum(["auto", "manual", "operator", "blocked"]).meta({ id: "ThreadMode" });

export const threadStatusSchema = z
  .enum(["open", "pending", "snoozed", "resolved"])
  .describe(
    "`open`, `pending` (waiting on the customer), `snoozed` (until `snoozed_until`, or the customer's next " +
      'message) or `resolved` (docs/conversations.md, "Status").',
  )
  .meta({ id: "ThreadStatus" });

/** The last reply the AI gave up on, while its messages wait (docs/conversations.md, "Failed replies"). */
export const replyFailureSchema = z
  .object({
    ...replyFailureFields,
    failed_at: z.string(),
  })
  .meta({ id: "ReplyFailure" });

export const threadSchema = z
  .object({
    id: z.string(),
    chat_id: z.string(),
    bot_id: z.string(),
    mode: threadModeSchema,
    title: z.string().nullable(),
    last_message_at: z.string().nullable(),
    pending_count: z
      .number()
      .int()
      .describe(
        "User messages since the last reply that the AI did not answer, plus approvals awaiting an operator.",
      ),
    assignee: operatorRefSchema.nullable().describe("The operator working on the thread (docs/console.md)."),
    team: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe("The team whose queue the thread is in; null: the project's (docs/routing.md)."),
    taken_over_by: threadActorSchema
      .nullable()
      .describe("Who last took the thread over from the AI (switched it to `manual` or `operator`)."),
    taken_over_at: z.string().nullable(),
    reply_failure: replyFailureSchema
      .nullable()
      .describe(
        "Set when the AI gave up on a reply and its messages are still unanswered; null again once a reply " +
          "(the AI's or an operator's) answers them.",
      ),
    status: threadStatusSchema,
    snoozed_until: z
      .string()
      .nullable()
      .describe("While `snoozed` with a time: when it reopens (ISO 8601); null otherwise."),
    status_changed_at: z.string().describe("When the status last changed (the creation for a new thread)."),
    created_at: z.string(),
    labels: z.array(z.string()).describe("The thread's label names, sorted (docs/labels.md)."),
    reply_window: z
      .object({
        open: z.boolean().describe("Whether free text can still reach the customer."),
        closes_at: z
          .string()
          .nullable()
          .describe("24 hours after the customer's last message (ISO 8601); null while they never wrote."),
      })
      .nullable()
      .describe(
        "WhatsApp threads only (null for other channels): the 24-hour customer-service window; once closed, " +
          'only a message template reaches the customer (docs/conversations.md, "Reply window").',
      ),
  })
  .meta({ id: "Thread" });

export const personSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    external_id: z
      .string()
      .nullable()
      .describe("The person's id on their channel (a vendor's user id, or the API caller's)."),
    channel: z
      .string()
      .optional()
      .describe(
        "The vendor a channel person wrote from (`telegram`, `vk`, …); absent for persons named through the API.",
      ),
    // The contact's fields (docs/contacts.md): what the inbox's person panel shows and edits.
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: "Person" });

export const threadDetailSchema = threadSchema
  .extend({
    person: personSchema.nullable(),
    stats: z.object({
      messages_total: z.number().int(),
      user_messages: z.number().int(),
      bot_messages: z.number().int().describe("AI replies only (not operator messages)."),
    }),
  })
  .meta({ id: "ThreadDetail" });

export const messageSchema = messageObjectSchema.meta({ id: "Message" });

export type Thread = z.infer<typeof threadSchema>;
export type ThreadListItem = z.infer<typeof threadListItemSchema>;
export type ThreadDetail = z.infer<typeof threadDetailSchema>;
export type Message = z.infer<typeof messageSchema>;

/** Client-chosen thread ids (docs/api.md). */
export const threadIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, "thread ids are 1 to 128 characters of A-Z, a-z, 0-9, _ and -");

export const messageContentSchema = z
  .string()
  .min(1, "must not be empty")
  .max(32_000, "must be at most 32000 characters");

const isoTimestamp = z.iso.datetime({ offset: true, message: "must be an ISO 8601 timestamp" });

export const listThreadsQuerySchema = z.object({
  chat_id: z.string().max(128).optional(),
  bot_id: z.string().max(128).optional(),
  mode: threadModeSchema.optional(),
  waiting: z
    .enum(["true", "false"])
    .optional()
    .describe("`true`: only threads waiting for a person (pending_count > 0); `false`: only the others."),
  assignee: z
    .string()
    .max(128)
    .optional()
    .describe("`me` (the signed-in operator), `none` (unassigned), or an operator id."),
  status: z
    .string()
    .max(100)
    .optional()
    .describe("A status (`open`, `pending`, `snoozed`, `resolved`) or a comma list of them."),
  team: z
    .string()
    .max(128)
    .optional()
    .describe("`none` (in no team's queue) or a team id (docs/routing.md)."),
  search: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe("Full-text search over message content; ranked."),
  labels: z
    .string()
    .max(2000)
    .optional()
    .describe("Label names, comma-separated: threads carrying them (see `labels_match`; docs/labels.md)."),
  labels_match: z
    .enum(["all", "any"])
    .optional()
    .describe(
      "With `labels`: `all` (the default) the threads carrying every label, `any` those carrying one.",
    ),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  offset: z.coerce.number().int().min(0).default(0).describe("Ignored when `cursor` is given."),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

/** What the inbox shows of a thread besides the thread itself (GET /v1/threads only). */
export const threadListItemSchema = threadSchema
  .extend({
    person: z
      .object({ id: z.string(), name: z.string().nullable(), avatar_url: z.string().nullable() })
      .nullable()
      .describe("Who the thread is with."),
    last_message: z
      .object({
        author: z.enum(["user", "bot", "operator"]),
        content: z.string().describe("The first 200 characters."),
        created_at: z.string(),
      })
      .nullable()
      .describe("The newest message with text."),
  })
  .meta({ id: "ThreadListItem" });

export const threadListSchema = z
  .object({ data: z.array(threadListItemSchema), next_cursor: z.string().nullable() })
  .meta({ id: "ThreadList" });

/** GET /v1/threads/counts: the list's filters besides status, search and paging. */
export const threadCountsQuerySchema = listThreadsQuerySchema.pick({
  chat_id: true,
  bot_id: true,
  mode: true,
  waiting: true,
  assignee: true,
  labels: true,
  labels_match: true,
});

export const threadCountsSchema = z
  .object({
    open: z.number().int(),
    pending: z.number().int(),
    snoozed: z.number().int(),
    resolved: z.number().int(),
  })
  .meta({
    id: "ThreadCounts",
    description: "Threads per status under the given filters; every status present.",
  });

export const setStatusBodySchema = z.strictObject({
  status: threadStatusSchema,
  snoozed_until: isoTimestamp
    .optional()
    .describe(
      "Only with `snoozed`, in the future: when the thread reopens. Absent: until the customer writes.",
    ),
});

export const threadParamsSchema = z.object({ thread_id: z.string().max(128) });
export const chatThreadParamsSchema = z.object({ chat_id: z.string().max(128), thread_id: threadIdSchema });
export const chatParamsSchema = z.object({ chat_id: z.string().max(128) });

export const replyRetrySchema = z
  .object({
    thread_id: z.string(),
    job_id: z.string().describe("The reply job (GET /v1/jobs/{id}); the same while it may still run."),
  })
  .meta({ id: "ReplyRetry" });

export const setModeBodySchema = z.strictObject({ mode: threadModeSchema });

export const assignBodySchema = z.strictObject({
  operator_id: z
    .string()
    .min(1)
    .max(128)
    .nullable()
    .describe("An operator of the project, or null to unassign."),
});

export const operatorSendBodySchema = z
  .strictObject({
    text: messageContentSchema.optional().describe("The message; may be left out when `files` are sent."),
    files: z
      .array(
        z.union([
          z.string().min(1).max(128),
          z.strictObject({ id: z.string().min(1).max(128), caption: z.string().max(MAX_CAPTION).optional() }),
        ]),
      )
      .max(MAX_MESSAGE_FILES)
      .optional()
      .describe(
        `Files uploaded to the thread (POST /v1/threads/{id}/files), at most ${MAX_MESSAGE_FILES}: ids, or ` +
          '{id, caption}. They go out after the text, each as its own vendor message (docs/channels.md, "Files").',
      ),
    buttons: buttonInputsSchema
      .optional()
      .describe(
        `Buttons under the message (docs/channels.md, "Buttons"): at most ${MAX_BUTTONS}, labels of at most ` +
          `${MAX_BUTTON_LABEL} characters; one with \`url\` is a link button, one without a reply button.`,
      ),
    scheduledAt: isoTimestamp.optional().describe("Deliver later; the answer is then 202 with the job id."),
  })
  .refine((body) => body.text !== undefined || (body.files?.length ?? 0) > 0, {
    path: ["text"],
    message: "is required unless files are sent",
  });

export const scheduledSchema = z
  .object({ scheduled: z.literal(true), id: z.string(), scheduled_at: z.string() })
  .meta({ id: "Scheduled" });

export const memorySchema = z
  .object({ content: z.string().nullable().describe("Markdown working-memory block, or null.") })
  .meta({ id: "WorkingMemoryResponse" });

const textOfParts = (parts: Array<{ type: string; text?: string | undefined }> | undefined) =>
  (parts ?? [])
    .filter((p) => p.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("\n");

const streamMessageSchema = z
  .strictObject({
    role: z
      .enum(["user", "assistant", "system"])
      .describe("`user` only, except with `?protocol=ui`, where useChat's whole history is accepted."),
    content: messageContentSchema.optional(),
    /** The AI SDK UI message shape (useChat): text parts instead of `content`. */
    parts: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()).optional(),
    id: z.string().optional(),
    metadata: z.unknown().optional(),
  })
  // useChat's history may hold an assistant message without text (a reply that failed, or
  // one made of tool parts only): only the user's messages must say something.
  .refine((m) => m.role !== "user" || m.content !== undefined || textOfParts(m.parts).length > 0, {
    message: "a message needs `content` or a text part",
  })
  .refine((m) => m.content !== undefined || textOfParts(m.parts).length <= 32_000, {
    message: "must be at most 32000 characters",
    path: ["parts"],
  });

export const streamBodySchema = z
  .strictObject({
    messages: z.array(streamMessageSchema).min(1, "at least one message"),
    scheduledAt: isoTimestamp
      .optional()
      .describe("Defer the reply: answered 202, delivered as message_created."),
    person: z
      .strictObject({
        external_id: z.string().min(1).max(256),
        name: z.string().max(200).nullable().optional(),
        avatar_url: z.url().max(2000).nullable().optional(),
      })
      .optional()
      .describe(
        "Who is writing (an addition to the base specification): threads of the same person share a Person.",
      ),
    // Fields the AI SDK's useChat transport sends; accepted and ignored.
    id: z.string().optional(),
    trigger: z.string().optional(),
    messageId: z.string().optional(),
  })
  .meta({ id: "StreamBody" });

export type StreamBody = z.infer<typeof streamBodySchema>;

/** The text of a user message in either accepted shape. */
export function userMessageText(message: StreamBody["messages"][number]): string {
  return message.content ?? textOfParts(message.parts);
}
