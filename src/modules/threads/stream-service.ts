import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../jobs/job-definition.js";
import type { ApprovalFlow } from "../engine/approval-flow.js";
import { replyJob } from "../engine/jobs.js";
import type { ReplyFinishReason, TurnListener, TurnOutcome, TurnRunner } from "../engine/run-turn.js";
import type { ConversationService } from "./conversation-service.js";
import { type StreamBody, userMessageText } from "./schemas.js";
import type { StreamProtocol } from "./stream-protocols.js";

export interface StreamDeps {
  conversations: ConversationService;
  approvals: ApprovalFlow;
  transactor: Transactor;
  runner: TurnRunner;
  clock: Clock;
  newId: IdGenerator;
}

export interface StreamSummary {
  thread_id: string;
  message_id: string | null;
  outcome: TurnOutcome["kind"];
}

/** The parts of a reply as they happen: the turn's, then how it ended. */
export interface ReplyParts extends TurnListener {
  finish(reason: ReplyFinishReason, messageId: string | null): void;
  error(code: string, message: string): void;
}

/**
 * What a stream request turned into: a reply scheduled for later, or a reply to stream. `run`
 * produces the reply's parts (the turn runs whether or not anyone still listens) and resolves
 * with the summary an idempotent replay answers.
 */
export type StreamStart =
  | { kind: "scheduled"; body: { scheduled: true; id: string; scheduled_at: string } }
  | { kind: "stream"; threadId: string; run(parts: ReplyParts): Promise<StreamSummary> };

/**
 * POST /chats/:chat_id/threads/:thread_id/stream: stores the user's messages, then produces
 * the AI's reply as parts (the route writes them as server-sent events). The turn is detached
 * from the connection: a client that goes away does not stop it, and the reply is stored when
 * complete.
 */
export class StreamService {
  constructor(private readonly deps: StreamDeps) {}

  async handle(
    auth: AuthContext,
    params: { chatId: string; threadId: string },
    body: StreamBody,
    protocol: StreamProtocol,
    /** Names the request across retries of it (its Idempotency-Key record), if it has one. */
    idempotencyKey?: string | undefined,
  ): Promise<StreamStart> {
    // useChat resends the whole conversation: only its newest user message is new. Parley's own
    // protocol carries new user messages only (docs/conversations.md: the role is always `user`).
    const incoming =
      protocol === "ui" ? body.messages.filter((m) => m.role === "user").slice(-1) : body.messages;
    const notUser = body.messages.findIndex((m) => m.role !== "user");
    if (protocol === "data" && notUser !== -1) {
      throw validationFailed([{ path: `messages.${notUser}.role`, message: "must be 'user'" }]);
    }
    if (incoming.length === 0) throw validationFailed([{ path: "messages", message: "no user message" }]);
    // With an Idempotency-Key, a retry of a request whose process died finds its messages
    // stored already (by these external ids) and answers them instead of storing them again.
    const contents = incoming.map((message, index) => ({
      content: userMessageText(message),
      ...(idempotencyKey !== undefined ? { externalId: `idem:${idempotencyKey}:${index}` } : {}),
    }));
    const runAt = body.scheduledAt ? new Date(body.scheduledAt) : undefined;
    const deferred = runAt !== undefined && runAt.getTime() > this.deps.clock.now().getTime();

    const received = await this.deps.transactor.run(auth.projectId, async (unit) => {
      const { thread } = await this.deps.conversations.openThread(
        unit,
        auth,
        params.chatId,
        params.threadId,
        body.person,
      );
      // The user's reply decides a pending `user_approve` confirmation (yes / no / anything else).
      const latest = contents.at(-1)?.content;
      if (latest !== undefined)
        await this.deps.approvals.decideFromUserMessage(unit, auth.projectId, thread.id, latest);
      const result = await this.deps.conversations.receiveUserMessages(
        unit,
        auth.projectId,
        thread.id,
        contents,
      );
      const willAnswer = result.notAnsweringBecause === null;
      const job =
        deferred && runAt && willAnswer
          ? await this.deps.conversations.scheduleReply(unit, result.thread, runAt)
          : undefined;
      // The turn is a claimed job from the moment its messages are stored: should this process
      // die while it runs, a worker answers them once the claim's lease has expired.
      const claimed =
        !deferred && willAnswer
          ? await unit.claim(jobOf(replyJob, { projectId: auth.projectId, threadId: thread.id }))
          : undefined;
      return { ...result, job, claimed };
    });
    const { thread } = received;

    // Nothing is scheduled when the AI will not answer anyway: the stream then ends at once.
    if (received.job) {
      return {
        kind: "scheduled",
        body: {
          scheduled: true,
          id: received.job.id,
          scheduled_at: received.job.runAt,
        },
      };
    }

    const threadId = thread.id;
    if (received.notAnsweringBecause !== null) {
      const reason = received.notAnsweringBecause;
      return {
        kind: "stream",
        threadId,
        run: async (parts) => {
          // Out of credit is the one reason a caller cannot see from the thread: say it.
          if (reason === "insufficient_credits") {
            parts.error(
              "insufficient_credits",
              "The project has no credits left: the message is stored and waits as pending; the bot answers again once the project is topped up (docs/billing.md).",
            );
          } else parts.finish("stop", null);
          return { thread_id: threadId, message_id: null, outcome: "not-answering" };
        },
      };
    }
    const claimed = received.claimed;
    return {
      kind: "stream",
      threadId,
      run: async (parts) => {
        const turn = () => this.deps.runner.run(auth.projectId, threadId, parts, received.lastSeq);
        const outcome = claimed ? await this.deps.transactor.hold(claimed, turn) : await turn();
        const summary: StreamSummary = { thread_id: threadId, message_id: null, outcome: outcome.kind };
        switch (outcome.kind) {
          case "replied":
            summary.message_id = outcome.message.id;
            parts.finish(outcome.finishReason, outcome.message.id);
            break;
          case "already-answered":
            // Another turn answered these messages together with later ones (double texting).
            summary.message_id = outcome.message?.id ?? null;
            if (outcome.message?.content) parts.textDelta?.(outcome.message.content);
            parts.finish("stop", outcome.message?.id ?? null);
            break;
          case "not-answering":
            parts.finish("stop", null);
            break;
          case "failed":
            parts.error(outcome.code, outcome.message);
            break;
        }
        return summary;
      },
    };
  }
}
