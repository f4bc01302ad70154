import type { MessageFeedback } from "./feedback";
import type { ThreadNote } from "./notes";

/**
 * The /v1 shapes the inbox reads (OpenAPI `Thread`, `ThreadDetail`, `Message`, `ToolApproval`,
 * `ThreadEvent`, plus the console additions of docs/console.md: assignee, taken_over_by,
 * operator on messages, thread_assigned events).
 */

export const THREAD_MODES = ["auto", "manual", "operator", "blocked"] as const;
export type ThreadMode = (typeof THREAD_MODES)[number];

export interface NamedRef {
  id: string;
  name: string;
}

export interface ThreadActor {
  type: "operator" | "api_key";
  id: string;
  name: string | null;
}

/** The reply the AI last gave up on, while its messages wait (docs/conversations.md, "Failed replies"). */
export interface ReplyFailure {
  code: string;
  /** For a person, from the server (English). */
  reason: string;
  attempts: number;
  message_ids: string[];
  failed_at: string;
}

/** A conversation's status (docs/conversations.md, "Status"). */
export const THREAD_STATUSES = ["open", "pending", "snoozed", "resolved"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];
export type ThreadCounts = Record<ThreadStatus, number>;

export interface Thread {
  id: string;
  chat_id: string;
  bot_id: string;
  mode: ThreadMode;
  title: string | null;
  last_message_at: string | null;
  pending_count: number;
  created_at: string;
  /** Optional until every server sends them (console additions). */
  assignee?: NamedRef | null;
  /** The team whose queue it is in (docs/routing.md). */
  team?: NamedRef | null;
  taken_over_by?: ThreadActor | null;
  taken_over_at?: string | null;
  /** Optional until every server sends it. */
  reply_failure?: ReplyFailure | null;
  /** Its label names, sorted (docs/labels.md); optional until every server sends them. */
  labels?: string[];
  /** Optional until every server sends them (absent: `open`). */
  status?: ThreadStatus;
  snoozed_until?: string | null;
  /**
   * WhatsApp threads: the 24-hour window for free text (docs/conversations.md, "Reply window");
   * null for other channels, absent from servers without it.
   */
  reply_window?: { open: boolean; closes_at: string | null } | null;
  /** In list items (GET /v1/threads): the newest message with text. */
  last_message?: { author: "user" | "bot" | "operator"; content: string; created_at: string } | null;
}

/** A thread as GET /v1/threads lists it: with who it is with. */
export interface ThreadListItem extends Thread {
  person?: { id: string; name: string | null; avatar_url: string | null } | null;
}

export interface ThreadList {
  data: ThreadListItem[];
  next_cursor: string | null;
}

export interface Person {
  id: string;
  name: string | null;
  avatar_url: string | null;
  external_id: string | null;
  channel?: string;
  /** Contact fields (docs/contacts.md); absent from servers before contacts. */
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

export interface ThreadDetail extends Thread {
  person: Person | null;
  stats: { messages_total: number; user_messages: number; bot_messages: number };
}

export interface MessageAttachment {
  kind: string;
  fileName?: string;
  caption?: string;
  url?: string;
  mimeType?: string;
  /** Seconds, for voice, audio and video when the vendor gives it. */
  duration?: number;
  /** What a voice or audio message says, when the bot transcribed it (docs/console.md, "Voice messages"). */
  transcript?: string;
  transcriptionError?: { code: string; message: string };
  /** Parley's copy of the file (docs/console.md, "Files customers send"); `url` is on this server. */
  file?: { id: string; size: number; mime_type: string; url: string };
  /** Why no copy is kept: `too_large`, `unavailable`, `expired`. */
  fileError?: { code: string; message: string };
}

export interface MessageDelivery {
  status: "pending" | "sent" | "failed";
  channel: string;
  error: { code: string; message: string } | null;
}

export interface Message {
  id: string;
  role: "user" | "assistant" | "tool";
  author: "user" | "bot" | "operator";
  content: string;
  created_at: string;
  attachments?: MessageAttachment[];
  delivery?: MessageDelivery;
  /** The signed-in operator who wrote an `operator` message. */
  operator?: NamedRef | null;
  /** Buttons offered under it (docs/channels.md, "Buttons"). */
  buttons?: MessageButton[];
  /** On the customer's message that is the press of a button: which one. */
  choice?: { message_id: string; button_id: string; label: string };
  /** Pictures and files it sends (docs/channels.md, "Files"). */
  files?: MessageFile[];
}

/** A picture or file a message sends. */
export interface MessageFile {
  id: string;
  kind: "image" | "document";
  name: string;
  mime_type: string;
  size: number;
  caption?: string;
}

export interface MessageButton {
  kind: "reply" | "link";
  label: string;
  id?: string;
  url?: string;
}

/** A button the operator adds to a reply: with `url` a link, without a reply button. */
export interface ButtonDraft {
  label: string;
  url?: string;
}

export interface ToolApproval {
  id: string;
  thread_id: string;
  tool_name: string;
  args: unknown;
  policy: "user_approve" | "operator_approve";
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  decided_by: "operator" | "user" | null;
  created_at: string;
  decided_at: string | null;
}

export interface Scheduled {
  scheduled: true;
  id: string;
  scheduled_at: string;
}

export interface Chat {
  id: string;
  name: string;
  bot_id: string;
  /** The integration (vendor account) the chat belongs to. */
  integration_id?: string | null;
}

export interface Bot {
  id: string;
  name: string;
}

export interface Operator {
  id: string;
  email: string;
  name: string;
  role: "admin" | "operator";
}

/** The data of one frame of GET /v1/threads/events (and /events/:thread_id); `type` says what it is. */
export type ThreadEvent =
  | { type: "message_created"; thread_id: string; created_at?: string; message: Message }
  | { type: "mode_changed"; thread_id: string; created_at?: string; mode: ThreadMode; by?: ThreadActor }
  | { type: "pending_count"; thread_id: string; created_at?: string; pending_count: number }
  | {
      type: "status_changed";
      thread_id: string;
      created_at?: string;
      status: ThreadStatus;
      previous_status: ThreadStatus;
      snoozed_until: string | null;
    }
  | { type: "thread_assigned"; thread_id: string; created_at?: string; assignee: NamedRef | null }
  | ({ type: "reply_failed"; thread_id: string; created_at?: string } & Omit<ReplyFailure, "failed_at">)
  | {
      type: "message_feedback";
      thread_id: string;
      created_at?: string;
      message_id: string;
      feedback: MessageFeedback;
      removed: boolean;
    }
  | {
      type: "labels_changed";
      thread_id: string;
      created_at?: string;
      labels: string[];
      added: string[];
      removed: string[];
      by?: ThreadActor;
    }
  | {
      type: "note_created" | "note_updated" | "note_deleted";
      thread_id: string;
      created_at?: string;
      note: ThreadNote;
      mentioned: string[];
    };

/** A frame's data as a ThreadEvent, or null when it is not one (the stream may grow new types). */
export function toThreadEvent(data: unknown): ThreadEvent | null {
  if (!data || typeof data !== "object") return null;
  const event = data as Record<string, unknown>;
  if (typeof event.thread_id !== "string") return null;
  switch (event.type) {
    case "message_created":
      return event.message && typeof event.message === "object" ? (event as unknown as ThreadEvent) : null;
    case "mode_changed":
      return (THREAD_MODES as readonly unknown[]).includes(event.mode)
        ? (event as unknown as ThreadEvent)
        : null;
    case "pending_count":
      return typeof event.pending_count === "number" ? (event as unknown as ThreadEvent) : null;
    case "status_changed":
      return (THREAD_STATUSES as readonly unknown[]).includes(event.status)
        ? (event as unknown as ThreadEvent)
        : null;
    case "thread_assigned":
      return event.assignee === null || typeof event.assignee === "object"
        ? (event as unknown as ThreadEvent)
        : null;
    case "reply_failed":
      return typeof event.code === "string" && Array.isArray(event.message_ids)
        ? (event as unknown as ThreadEvent)
        : null;
    case "message_feedback":
      return event.feedback && typeof event.feedback === "object" && typeof event.removed === "boolean"
        ? (event as unknown as ThreadEvent)
        : null;
    case "labels_changed":
      return Array.isArray(event.labels) ? (event as unknown as ThreadEvent) : null;
    case "note_created":
    case "note_updated":
    case "note_deleted":
      return event.note && typeof event.note === "object" && Array.isArray(event.mentioned)
        ? (event as unknown as ThreadEvent)
        : null;
    default:
      return null;
  }
}
