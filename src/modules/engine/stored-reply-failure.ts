import type { ThreadRow } from "../../storage/repos/threads.repo.js";

/** Why the AI gave up on a reply. */
export interface ReplyFailure {
  /** `model_error`, `model_timeout`, `model_unavailable`, `insufficient_credits`, `turn_failed`. */
  code: string;
  /** For a person: what went wrong and what happens now. */
  reason: string;
  /** Model calls the turn made before it gave up (0 when it made none). */
  attempts: number;
}

/**
 * A give-up as the thread keeps it (threads.reply_failure) until a reply answers its
 * messages (docs/conversations.md, "Failed replies").
 */
export interface StoredReplyFailure extends ReplyFailure {
  /** The user messages left unanswered, oldest first. */
  message_ids: string[];
  /** The newest of them: a reply answering through it clears the failure. */
  through_seq: number;
  failed_at: string;
  /** The job whose run gave up: that run repeated (after a crash) does not report it again. */
  job_id: string | null;
  /** The job an operator's retry queued (POST /v1/threads/:id/reply/retry), while it may run. */
  retry_job_id?: string;
}

/** The stored failure, or null (none, or a value this version cannot read). */
export function parseReplyFailure(json: string | null): StoredReplyFailure | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as StoredReplyFailure;
    return typeof value.code === "string" && Array.isArray(value.message_ids) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a reply answering through `replyToSeq` answers the failed messages too. */
export function answersFailure(thread: ThreadRow, replyToSeq: number): boolean {
  const failure = parseReplyFailure(thread.reply_failure);
  return failure === null || replyToSeq >= failure.through_seq;
}
