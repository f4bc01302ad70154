import { z } from "zod";
import { THREAD_STATUSES, type ThreadMode } from "../storage/schema-conversations.js";
import { messageObjectSchema, operatorRefSchema } from "./message.js";
import { feedbackObjectSchema } from "./message-feedback.js";
import { replyFailureFields } from "./reply-failure-fields.js";
import { noteObjectSchema } from "./thread-note.js";

/**
 * ThreadEvent: the `data` of every message on the thread event streams (docs/api.md). The
 * `message` of `message_created` and `created_at` are additions to the API reference (docs/conversations.md).
 * Frames carry no SSE `event:` name (`type` says what the event is); the SSE `id:` is the
 * event's sequence number.
 */
export const threadEventTypeSchema = z
  .enum([
    "pending_count",
    "mode_changed",
    "message_created",
    "thread_assigned",
    "reply_failed",
    "message_feedback",
    "reply_delta",
    "labels_changed",
    "status_changed",
    "note_created",
    "note_updated",
    "note_deleted",
  ])
  .meta({ id: "ThreadEventType" });

export type ThreadEventType = z.infer<typeof threadEventTypeSchema>;

const threadModes = ["auto", "manual", "operator", "blocked"] as const satisfies readonly ThreadMode[];
export const threadEventMessageSchema = messageObjectSchema.meta({ id: "ThreadEventMessage" });
export const threadEventFeedbackSchema = feedbackObjectSchema.meta({ id: "ThreadEventFeedback" });
export const threadEventNoteSchema = noteObjectSchema.meta({ id: "ThreadEventNote" });

export const threadActorSchema = z
  .object({
    type: z.enum(["operator", "api_key"]),
    id: z.string().describe("The operator's id, or the API key's id."),
    name: z.string().nullable().describe("The operator's name; null for an API key."),
  })
  .meta({
    id: "ThreadActor",
    description: "Who did something to a thread: a signed-in person or an API key.",
  });

const common = {
  thread_id: z.string(),
  created_at: z.string().describe("When the change happened; ISO 8601, UTC."),
};

/** A private note's events (docs/conversations.md, "Private notes"): operators' streams only, never the widget's. */
const noteEvent = <T extends "note_created" | "note_updated" | "note_deleted">(type: T) =>
  z.object({
    ...common,
    type: z.literal(type),
    note: threadEventNoteSchema.describe("The note as it now is; as it was, for `note_deleted`."),
    mentioned: z
      .array(z.string())
      .describe("Operators mentioned by this change for the first time: each has a new unread mention."),
  });

export const threadEventSchema = z
  .discriminatedUnion("type", [
    z.object({
      ...common,
      type: z.literal("pending_count"),
      pending_count: z.number().int().min(0).describe("The thread's new pending_count."),
    }),
    z.object({
      ...common,
      type: z.literal("mode_changed"),
      mode: z.enum(threadModes).describe("The thread's new mode."),
      by: threadActorSchema
        .optional()
        .describe("Who switched it (absent when Parley did: the handoff tool, a channel)."),
    }),
    z.object({
      ...common,
      type: z.literal("status_changed"),
      status: z.enum(THREAD_STATUSES).describe("The thread's new status."),
      previous_status: z.enum(THREAD_STATUSES),
      snoozed_until: z.string().nullable().describe("When a snooze with a time ends; null otherwise."),
      by: threadActorSchema.optional().describe("Who changed it (absent when Parley did: see `source`)."),
      source: z
        .enum(["customer_message", "snooze_expired", "auto_resolve", "tool"])
        .optional()
        .describe('Without `by`: what in Parley changed it (docs/conversations.md, "Status").'),
    }),
    z.object({
      ...common,
      type: z.literal("thread_assigned"),
      assignee: operatorRefSchema.nullable().describe("The operator now working on the thread, or null."),
      source: z
        .literal("routing")
        .optional()
        .describe(
          "`routing`: auto-assignment assigned it (docs/routing.md); absent when a person or key did.",
        ),
    }),
    z.object({
      ...common,
      type: z.literal("message_created"),
      message: threadEventMessageSchema.describe("The new message (an addition to the base specification)."),
    }),
    z.object({
      ...common,
      type: z.literal("reply_failed"),
      chat_id: z.string(),
      bot_id: z.string(),
      ...replyFailureFields,
    }),
    z.object({
      ...common,
      type: z.literal("message_feedback"),
      message_id: z.string(),
      feedback: threadEventFeedbackSchema.describe(
        'The rater\'s feedback as it now is; as it was, when `removed` (docs/quality.md, "Feedback").',
      ),
      removed: z.boolean().describe("The rater took their feedback back."),
    }),
    z
      .object({
        ...common,
        type: z.literal("reply_delta"),
        turn_id: z.string().describe("Names the reply being written: all its deltas carry the same id."),
        offset: z.number().int().min(0).describe("Where `delta` starts in the reply's text so far."),
        delta: z.string().describe("The next piece of the reply's text."),
      })
      .describe(
        "The bot's reply as it is written (docs/conversations.md, \"Thread events\"): on one thread's " +
          "stream only, live only (no `id:`, never replayed); `message_created` follows with the stored reply.",
      ),
    z.object({
      ...common,
      type: z.literal("labels_changed"),
      labels: z
        .array(z.string())
        .describe("The thread's label names after the change, sorted (docs/labels.md)."),
      added: z.array(z.string()).describe("Names put on by this change."),
      removed: z.array(z.string()).describe("Names taken off by this change."),
      by: threadActorSchema
        .optional()
        .describe("Who changed them (absent when the bot did: the add_label tool)."),
    }),
    noteEvent("note_created"),
    noteEvent("note_updated"),
    noteEvent("note_deleted"),
  ])
  .meta({
    id: "ThreadEvent",
    description:
      "One change to a thread. Sent as the JSON `data` of an unnamed server-sent event (an EventSource's " +
      "`onmessage`; `type` says what it is) whose `id` is a sequence number to resume from with `Last-Event-ID`.",
  });

export type ThreadEvent = z.infer<typeof threadEventSchema>;

type WithoutCreatedAt<E> = E extends unknown ? Omit<E, "created_at"> : never;

/** A ThreadEvent as its producer states it; the event log stamps `created_at`. */
export type NewThreadEvent = WithoutCreatedAt<ThreadEvent>;

/** A recorded event: `seq` orders events and is the SSE id; `projectId` scopes delivery. */
export interface StoredThreadEvent {
  seq: number;
  projectId: string;
  event: ThreadEvent;
}
