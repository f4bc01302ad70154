import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { readFailureHandoff } from "../bots/index.js";
import { answeringVersion } from "./answering-version.js";
import { parseReplyFailure, type ReplyFailure, type StoredReplyFailure } from "./stored-reply-failure.js";
import type { ThreadWriter } from "./thread-writer.js";
import { type FailedTurn, failureText } from "./turn-outcome.js";
import type { TurnLog } from "./turn-report.js";

/** Failures that may be gone by the job's next run (the provider back, the call in time). */
const PASSING_FAILURES = new Set(["model_error", "model_timeout", "turn_failed"]);

/**
 * A failed turn that made `attempts` model calls: left to the queue when its job runs again
 * (`retriesLeft`) and the failure may pass, else given up, which is recorded once
 * (docs/conversations.md, "Failed replies"). A failure to record it is logged: the turn's own
 * outcome stands.
 */
export async function giveUpOrRetry(
  deps: { writer: ThreadWriter; clock: Clock; transactor: Transactor; log: TurnLog },
  thread: { project_id: string; id: string },
  outcome: FailedTurn,
  attempts: number,
  job: { jobId?: string | undefined; retriesLeft?: boolean | undefined },
): Promise<FailedTurn> {
  const ended = { ...outcome, attempts };
  if (job.retriesLeft === true && PASSING_FAILURES.has(outcome.code)) return { ...ended, retryLater: true };
  const projectId = thread.project_id;
  try {
    await deps.transactor.run(projectId, async (unit) => {
      const current = await unit.repos.threads.find(projectId, thread.id);
      if (!current) return;
      await recordReplyFailure(
        unit,
        deps,
        current,
        { code: outcome.code, reason: failureText(outcome), attempts },
        { jobId: job.jobId },
      );
    });
  } catch (error) {
    deps.log.error({ err: error, threadId: thread.id }, "could not record the failed reply");
  }
  return ended;
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
  // The version that failed decides (a draft chat's draft: docs/quality.md, "Versions").
  const handoff =
    thread.mode === "auto" &&
    context !== undefined &&
    readFailureHandoff((await answeringVersion(repos, context)).settings);
  await repos.threads.update(thread.project_id, thread.id, {
    reply_failure: JSON.stringify(stored),
    updated_at: now,
    ...(handoff ? { mode: "manual" } : {}),
  });
  thread.reply_failure = JSON.stringify(stored);
  unit.record({
    type: "thread.reply.failed",
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
      type: "thread.mode.changed",
      threadId: thread.id,
      chatId: thread.chat_id,
      mode: "manual",
      previousMode: thread.mode,
      source: "reply_failure",
    });
    thread.mode = "manual";
  }
  // The messages wait for a person: operators find the thread among those waiting.
  const missing = unanswered.length - Number(thread.pending_count);
  if (thread.mode !== "blocked" && missing > 0) await deps.writer.addPending(unit, thread, missing);
  return true;
}
