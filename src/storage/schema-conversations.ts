import type { Generated } from "kysely";

/** Persons, threads and messages (migration 0003). */
export interface PersonsTable {
  id: string;
  project_id: string;
  /** The person's id on the channel (vendor user id, or the API caller's own id). */
  external_id: string | null;
  name: string | null;
  avatar_url: string | null;
  /** The vendor a channel person came from (null for persons named through the API). */
  channel: string | null;
  /** Their user id on that vendor; unique per (project, channel). */
  channel_user_id: string | null;
  /** Contact fields (migration 0036, docs/contacts.md): free text the API and operators edit. */
  email: string | null;
  phone: string | null;
  /** JSON object of custom attributes (string keys; string, number, boolean values); null: none. */
  attributes: string | null;
  notes: string | null;
  /** The contact this person was merged into: its identity keys resolve there; null while it stands. */
  merged_into: string | null;
  created_at: string;
  /** Null only for rows written before migration 0036 by code that did not set it. */
  updated_at: string | null;
}

export type ThreadMode = "auto" | "manual" | "operator" | "blocked";

/** Where the conversation stands (docs/conversations.md, "Status"); orthogonal to the mode. */
export type ThreadStatus = "open" | "pending" | "snoozed" | "resolved";
export const THREAD_STATUSES = [
  "open",
  "pending",
  "snoozed",
  "resolved",
] as const satisfies readonly ThreadStatus[];

/** Threads are keyed by (project_id, id): ids may be chosen by clients, so each project has its own namespace. */
export interface ThreadsTable {
  project_id: string;
  id: string;
  chat_id: string;
  bot_id: string;
  person_id: string | null;
  mode: ThreadMode;
  title: string | null;
  last_message_at: string | null;
  pending_count: number;
  /** Markdown block maintained by the model (working memory); null until written. */
  working_memory: string | null;
  /** Which process runs the thread's AI turn, and until when (a lease, so a crash frees it). */
  turn_lease_owner: string | null;
  turn_lease_until: string | null;
  /** The vendor's conversation id (Telegram chat id, wa_id, …): one per chat; null for API threads. */
  external_conversation_id: string | null;
  /** The operator working on the thread (docs/console.md); null when nobody is. */
  assignee_id: string | null;
  /** The assignee's name when assigned (kept in step on rename), so no read needs a join. */
  assignee_name: string | null;
  /** JSON ThreadActor: who last took the thread over from the AI; null if nobody ever did. */
  taken_over_by: string | null;
  taken_over_at: string | null;
  /**
   * JSON StoredReplyFailure (modules/engine/reply-failure.ts): the last reply the AI gave up on
   * while its messages are unanswered; null otherwise (migration 0024).
   */
  reply_failure: string | null;
  /** The conversation's status (migration 0032); `open` for a new thread. */
  status: Generated<ThreadStatus>;
  /** Only while `snoozed` with a time: when the snooze ends. */
  snoozed_until: string | null;
  status_changed_at: string | null;
  /** The team whose queue the thread is in (docs/routing.md); null: the project's. */
  team_id: Generated<string | null>;
  /** The team's name when queued (kept in step on rename), so no read needs a join. */
  team_name: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export type MessageRole = "user" | "assistant" | "tool";
export type MessageAuthor = "user" | "bot" | "operator";

export interface MessagesTable {
  /** Insertion order across the whole database; orders messages within a thread. */
  seq: Generated<number>;
  id: string;
  project_id: string;
  thread_id: string;
  role: MessageRole;
  author: MessageAuthor;
  /** Plain text as shown to people and searched. */
  content: string;
  /** Model-level content parts (tool calls, tool results) as JSON, when the text is not all. */
  parts: string | null;
  /** The channel's own message id, for dropping redelivered inbound messages. */
  external_id: string | null;
  /**
   * On a reply (the AI's final message of a turn, or an operator's message): the newest user
   * message it answers. User messages above every reply_to_seq of the thread are unanswered,
   * whatever order replies were stored in.
   */
  reply_to_seq: number | null;
  /** JSON array of InboundAttachment (channel messages that carry files, places, contacts). */
  attachments: string | null;
  /** JSON MessageDelivery: how a reply meant for a vendor channel went out; null otherwise. */
  delivery: string | null;
  /** JSON {id, name}: the signed-in operator who wrote an `operator` message; null otherwise. */
  operator: string | null;
  /** JSON array of MessageButton: the buttons the message offers (docs/channels.md, "Buttons"); null: none. */
  buttons: string | null;
  /** JSON MessageChoice: on a customer's message that is the press of a button; null otherwise. */
  choice: string | null;
  /**
   * JSON array of MessageFile: the pictures and files the message sends (migration 0043;
   * docs/channels.md, "Files"); null: none.
   */
  files: string | null;
  created_at: string;
}

export interface ConversationTables {
  persons: PersonsTable;
  threads: ThreadsTable;
  messages: MessagesTable;
}
