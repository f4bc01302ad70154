/** Ratings of the bot's messages (migration 0028; docs/quality.md, "Feedback"). */

export type FeedbackSource = "customer" | "operator";
export type FeedbackRating = "up" | "down";

export interface MessageFeedbackTable {
  /** `fb_…` */
  id: string;
  project_id: string;
  thread_id: string;
  /** A bot message (author `bot`); the row goes with it. */
  message_id: string;
  /** `customer`: the end user (the widget, or an API key rating for them); `operator`: a person or an API key. */
  source: FeedbackSource;
  /** The signed-in operator who rated; null for the customer and for an API key. */
  operator_id: string | null;
  /** Who rated, never null: `customer`, `api` or `operator:<id>`. Unique per message. */
  rater: string;
  rating: FeedbackRating;
  comment: string | null;
  /** The better answer an operator wrote; null from customers. */
  correction: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeedbackTables {
  message_feedback: MessageFeedbackTable;
}
