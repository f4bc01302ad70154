import type { Generated } from "kysely";
import type { ThreadMode } from "./schema-conversations.js";

/**
 * Conversation analytics (migration 0029; docs/quality.md, "Analytics"): rollups kept in the
 * transactions of the events that change them. Hours are whole hours since the Unix epoch, UTC
 * (`floor(epoch seconds / 3600)`): any time zone's days are sums of them. `channel` is the chat's
 * integration vendor, or `api` for a chat without one; `bot_id` is the thread's bot. Each hour
 * has a row per bot and channel, and rows summed over them: `*` for every bot, every channel, or
 * both (ANALYTICS_ALL), so that any filter reads one row per hour.
 */
export interface AnalyticsHourlyTable {
  project_id: string;
  bot_id: string;
  channel: string;
  hour: number;
  /** Threads started in the hour. The two below count those threads too, whenever it happened. */
  conversations: number;
  /** Of those, with at least one bot reply and never handed to a person. */
  resolved: number;
  /** Of those, handed to a person (mode from `auto` to `manual` or `operator`). */
  handed_off: number;
  /** Messages people see stored in the hour, by author (not tool results, nor AI messages without text). */
  user_messages: number;
  bot_messages: number;
  operator_messages: number;
  /** AI replies stored in the hour (`thread.reply.completed`: one per answered turn). */
  bot_replies: number;
  /** Replies the AI gave up on in the hour (`thread.reply.failed`). */
  failed_replies: number;
  /** Ratings given in the hour (the feedback's `created_at`), as they stand now. */
  feedback_up: number;
  feedback_down: number;
  /** Millicredits billing charged for the hour's replies. */
  cost: number;
  /**
   * Keyed counts, JSON objects of name to count (`{}` when none): the tools AI messages called,
   * failed replies by code, hand-overs by reason (in the hour the thread started), and the first
   * response times of the bot and of people by bin (`response-time-bins.ts` of modules/analytics).
   */
  tool_calls: string;
  failures: string;
  handoffs: string;
  frt_bot: string;
  frt_people: string;
  /**
   * 1 when the row is made, one more at every change: a day's rows summed tell whether anything
   * of the day changed since it was last read (the reading side keeps what it computed of a day
   * while the sum stays the same).
   */
  version: Generated<number>;
}

/** The bot or channel of the rows summed over every bot or every channel. */
export const ANALYTICS_ALL = "*";

/** What analytics remembers of each thread to count its changes once (migration 0029). */
export interface AnalyticsThreadsTable {
  project_id: string;
  thread_id: string;
  /** The hour the thread started: where its conversation, resolution and hand-over count. */
  hour: number;
  bot_id: string;
  channel: string;
  /** The thread's mode as the last event left it. */
  mode: ThreadMode;
  /** 1 once the AI replied. */
  bot_replied: number;
  /** 1 once the thread was handed to a person. */
  handed_off: number;
  /** The first user message the bot has not answered yet (ISO 8601); null when none waits. */
  bot_waiting_since: string | null;
  /** The first user message no person has answered yet while handed over; null when none waits. */
  people_waiting_since: string | null;
}

export interface AnalyticsTables {
  analytics_hourly: AnalyticsHourlyTable;
  analytics_threads: AnalyticsThreadsTable;
}
