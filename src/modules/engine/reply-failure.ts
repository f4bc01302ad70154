import type { UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { readFailureHandoff } from "../bots/index.js";
import type { ThreadWriter } from "./thread-writer.js";

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

/**
 * Records, in the caller's unit of work, that the AI gave up on the thread's unanswered
 * messages: the failure on the thread (shown by the API until a reply answers them), the
 * messages counted in pending_count, the `thread.reply_failed` event (a `reply_failed` thread
 * event and a `thread.reply.failed` webhook) and, when the bot's `ai.failure.handoff` is on,
 * the switch to `manual` (docs/agent.md). Nothing when no message waits, or when this job's
 * give-up is recorded already. Returns whether it recorded one.
 */
export async function recordReplyFailure(
  unit: UnitOfWork,
  deps: { writer: ThreadWriter; clock: Clock },
  thread: ThreadRow,
  failure: ReplyFailure,
  options: { jobId?: string | undefined; context?: AnswerContext | undefined } = {},
): Promise<boolean> {
  const { repos } = unit;
  const unanswered = await repos.messages.unanswered(thread.project_id, thread.id);
  const newest = unanswered.at(-1);
  if (!newest) return false;
  const previous = parseReplyFailure(thread.reply_failure);
  if (options.jobId !== undefined && previous?.job_id === options.jobId) return false;
  const context = options.context ?? (await repos.answerContext(thread.project_id, thread.chat_id));
  const now = deps.clock.now().toISOString();
  const stored: StoredReplyFailure = {
    code: failure.code,
    reason: failure.reason,
    attempts: failure.attempts,
    message_ids: unanswered.map((message) => message.id),
    through_seq: Number(newest.seq),
    failed_at: now,
    job_id: options.jobId ?? null,
  };
  const handoff = thread.mode === "auto" && context !== undefined && readFailureHandoff(context.botSettings);
  await repos.threads.update(thread.project_id, thread.id, {
    reply_failure: JSON.stringify(stored),
    updated_at: now,
    ...(handoff ? { mode: "manual" } : {}),
  });
  thread.reply_failure = JSON.stringify(stored);
  unit.record({
    type: "thread.reply_failed",
    threadId: thread.id,
    chatId: thread.chat_id,
    botId: context?.botId ?? thread.bot_id,
    messageIds: stored.message_ids,
    code: failure.code,
    reason: failure.reason,
    attempts: failure.attempts,
  });
  if (handoff) {
    // Parley hands the thread over itself (no `by`), as the handoff tool does.
    unit.record({
      type: "thread.mode_changed",
      threadId: thread.id,
      chatId: thread.chat_id,
      mode: "manual",
      previousMode: thread.mode,
    });
    thread.mode = "manual";
  }
  // The messages wait for a person: operators find the thread among those waiting.
  const missing = unanswered.length - Number(thread.pending_count);
  if (thread.mode !== "blocked" && missing > 0) await deps.writer.addPending(unit, thread, missing);
  return true;
}
