import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, forbidden, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageFeedback } from "../../storage/repos/message-feedback.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { FeedbackRating, FeedbackSource } from "../../storage/schema-feedback.js";

/**
 * Who gives feedback: the customer (the widget), a signed-in operator, or an API key, which
 * rates as an operator without one (`source` operator, `operator` null). Each has one feedback
 * per message; the key `rater` tells them apart in storage (all API keys of a project share
 * `api`).
 */
export type Rater = { source: "customer" } | { source: "operator"; operatorId: string | null };

export function raterOf(auth: AuthContext): Rater {
  return { source: "operator", operatorId: auth.operator?.id ?? null };
}

function raterKey(rater: Rater): string {
  if (rater.source === "customer") return "customer";
  return rater.operatorId ? `operator:${rater.operatorId}` : "api";
}

export interface FeedbackInput {
  rating: FeedbackRating;
  comment: string | null;
  correction: string | null;
}

const notRateable = (messageId: string) =>
  new ApiError(
    422,
    "message_not_rateable",
    `The message '${messageId}' is not the bot's: only the bot's answers can be rated.`,
  );

/**
 * Feedback on bot messages (docs/quality.md, "Feedback"): rate, rate again (replacing the
 * rater's feedback), remove, list. Each change records `message.feedback` in its unit of work,
 * so the webhook event, the thread event and what analytics count commit with it.
 */
export class FeedbackService {
  constructor(
    private readonly deps: { repos: Repos; transactor: Transactor; clock: Clock; newId: IdGenerator },
  ) {}

  /** The caller rates a bot message of a thread of their project. */
  async rate(auth: AuthContext, threadId: string, messageId: string, input: FeedbackInput) {
    await this.resolveThread(auth, threadId);
    return this.save(auth.projectId, threadId, messageId, raterOf(auth), input);
  }

  /** The widget's visitor rates a bot message of their own conversation (no correction). */
  rateAsCustomer(
    projectId: string,
    threadId: string,
    messageId: string,
    input: { rating: FeedbackRating; comment: string | null },
  ): Promise<MessageFeedback> {
    return this.save(projectId, threadId, messageId, { source: "customer" }, { ...input, correction: null });
  }

  /** Takes the caller's feedback on the message back: 404 `feedback_not_found` when they gave none. */
  async remove(auth: AuthContext, threadId: string, messageId: string): Promise<MessageFeedback> {
    await this.resolveThread(auth, threadId);
    const rater = raterOf(auth);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const thread = await this.messageOf(unit, auth.projectId, threadId, messageId);
      const removed = await unit.repos.messageFeedback.remove(auth.projectId, messageId, raterKey(rater));
      if (!removed) {
        throw new ApiError(
          404,
          "feedback_not_found",
          `You have given no feedback on the message '${messageId}'.`,
        );
      }
      unit.record({
        type: "message.feedback",
        threadId,
        chatId: thread.chat_id,
        messageId,
        feedback: removed,
        previous: { rating: removed.rating },
        removed: true,
      });
      return removed;
    });
  }

  /** Every feedback on one message: the customer's and each operator's. */
  async listForMessage(auth: AuthContext, threadId: string, messageId: string): Promise<MessageFeedback[]> {
    await this.resolveThread(auth, threadId);
    const message = await this.deps.repos.messages.findById(auth.projectId, messageId);
    if (!message || message.thread_id !== threadId) throw notFound("message", messageId);
    return this.deps.repos.messageFeedback.listForMessages(auth.projectId, [messageId]);
  }

  /** Every feedback in a thread, oldest first. */
  async listForThread(auth: AuthContext, threadId: string): Promise<MessageFeedback[]> {
    const thread = await this.resolveThread(auth, threadId);
    return this.deps.repos.messageFeedback.listForThread(auth.projectId, thread.id);
  }

  /** The customer's feedback on these messages, by message id (the widget's history). */
  async customerFeedback(projectId: string, messageIds: string[]): Promise<Map<string, MessageFeedback>> {
    const all = await this.deps.repos.messageFeedback.listForMessages(projectId, messageIds);
    return new Map(all.filter((f) => f.source === "customer").map((f) => [f.message_id, f]));
  }

  private save(
    projectId: string,
    threadId: string,
    messageId: string,
    rater: Rater,
    input: FeedbackInput,
  ): Promise<MessageFeedback> {
    return this.deps.transactor.run(projectId, async (unit) => {
      const thread = await this.messageOf(unit, projectId, threadId, messageId, true);
      const { feedback, previous } = await unit.repos.messageFeedback.save({
        id: this.deps.newId("fb"),
        project_id: projectId,
        thread_id: threadId,
        message_id: messageId,
        source: rater.source satisfies FeedbackSource,
        operator_id: rater.source === "operator" ? rater.operatorId : null,
        rater: raterKey(rater),
        rating: input.rating,
        comment: input.comment,
        correction: input.correction,
        now: this.deps.clock.now().toISOString(),
      });
      unit.record({
        type: "message.feedback",
        threadId,
        chatId: thread.chat_id,
        messageId,
        feedback,
        previous,
        removed: false,
      });
      return feedback;
    });
  }

  /** The thread, once the message is known to be in it (and, to rate it, the bot's). */
  private async messageOf(
    unit: UnitOfWork,
    projectId: string,
    threadId: string,
    messageId: string,
    rateable = false,
  ): Promise<ThreadRow> {
    const thread = await unit.repos.threads.find(projectId, threadId);
    if (!thread) throw notFound("thread", threadId);
    const message = await unit.repos.messages.findById(projectId, messageId);
    if (!message || message.thread_id !== threadId) throw notFound("message", messageId);
    if (rateable && (message.author !== "bot" || message.role !== "assistant")) throw notRateable(messageId);
    return thread;
  }

  /** As reading the thread: 404 when no project has it, 403 when only another project does. */
  private async resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow> {
    const threads = this.deps.repos.threads;
    const thread = await threads.find(auth.projectId, threadId);
    if (thread) return thread;
    if (await threads.existsInOtherProject(auth.projectId, threadId)) {
      throw forbidden(`The thread '${threadId}' belongs to another project.`);
    }
    throw notFound("thread", threadId);
  }
}
