import type { MessageChoice } from "../../events/buttons.js";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { ClaimedJob } from "../../job-queue/job-queue.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type {
  ApprovalFlow,
  ApprovalResponse,
  ReplyFinishReason,
  TurnEvent,
  TurnEventSink,
  TurnOutcome,
  TurnRunner,
} from "../engine/index.js";
import { failureText, INSUFFICIENT_CREDITS_REASON, replyJob, TurnEventQueue } from "../engine/index.js";
import { approvalResponsesOf } from "./approval-responses.js";
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

/** How a streamed turn ended: the replay summary, and what a blocking (JSON) answer reports. */
export interface StreamResult {
  summary: StreamSummary;
  /** The stored reply (or, for `already-answered`, the reply that covered the messages). */
  reply: MessageRow | null;
  finishReason: ReplyFinishReason | null;
  usage: { inputTokens: number; outputTokens: number } | null;
  /** Why the AI did not answer (mode, statuses, awaiting_approval), for `not-answering`. */
  notAnsweringReason: string | null;
  error: { code: string; message: string } | null;
}

/**
 * A turn under way, for its reader: its events in order (text and tool steps, then one `finish`
 * or `error`), to be read to their end, and how it ended. The turn runs whether or not anyone
 * still reads; its events wait for the reader, and the turn never waits on them.
 */
export interface RunningTurn {
  events: AsyncIterable<TurnEvent>;
  ended: Promise<StreamResult>;
}

/**
 * What a stream request turned into: a reply scheduled for later, or a reply to stream. `run`
 * starts the turn and gives its events to read. `continues` names the AI SDK UI message a
 * continuation after approval responses extends (its parts are appended to that message).
 */
export type StreamStart =
  | { kind: "scheduled"; body: { scheduled: true; id: string; scheduled_at: string } }
  | {
      kind: "stream";
      threadId: string;
      continues?: string;
      run(): RunningTurn;
    };

/**
 * POST /chats/:chat_id/threads/:thread_id/stream: stores the user's messages, then runs the
 * AI's turn, whose events the route writes as server-sent events. The turn is detached
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
    /** The button press the (single) new message is (the widget's chips: docs/widget.md, "Buttons"). */
    choice?: MessageChoice,
  ): Promise<StreamStart> {
    // useChat sends the whole conversation back after `addToolApprovalResponse`: its last
    // message is then the assistant's, carrying the user's answers, and nothing new is said.
    // Answers followed by a new user message are decided before that message is read.
    const lastAssistant =
      protocol === "ui" ? [...body.messages].reverse().find((m) => m.role === "assistant") : undefined;
    const responses = approvalResponsesOf(lastAssistant);
    if (responses && lastAssistant === body.messages.at(-1))
      return this.continueAfterApproval(auth, params, body, responses);
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
    // A useChat message is known by its own id: sent again (a regenerate, a resend), it is
    // not stored twice.
    const contents = incoming.map((message, index) => {
      const externalId =
        idempotencyKey !== undefined
          ? `idem:${idempotencyKey}:${index}`
          : protocol === "ui" && message.id
            ? `ui:${message.id}`
            : undefined;
      return {
        content: userMessageText(message),
        ...(externalId ? { externalId } : {}),
        ...(choice && index === incoming.length - 1 ? { choice } : {}),
      };
    });
    const runAt = body.scheduledAt ? new Date(body.scheduledAt) : undefined;
    const deferred = runAt !== undefined && runAt.getTime() > this.deps.clock.now().getTime();

    const received = await this.deps.transactor.run(auth.projectId, async (unit) => {
      const { thread } = await this.openDeciding(unit, auth, params, body, responses);
      // The user's reply decides a pending `user_approve` confirmation (yes / no / anything else).
      const latest = contents.at(-1)?.content;
      const pendingApprovals =
        latest !== undefined
          ? await this.deps.approvals.decideFromUserMessage(unit, auth.projectId, thread.id, latest)
          : undefined;
      const result = await this.deps.conversations.receiveUserMessages(
        unit,
        auth.projectId,
        thread.id,
        contents,
        pendingApprovals && { thread, pendingApprovals },
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
    const threadId = received.thread.id;

    // Nothing is scheduled when the AI will not answer anyway: the stream then ends at once.
    if (received.job) {
      return {
        kind: "scheduled",
        body: { scheduled: true, id: received.job.id, scheduled_at: received.job.runAt },
      };
    }
    if (received.notAnsweringBecause !== null) {
      return {
        kind: "stream",
        threadId,
        run: () => running((events) => notAnswering(threadId, received.notAnsweringBecause, events)),
      };
    }
    return {
      kind: "stream",
      threadId,
      run: () =>
        running((events) =>
          this.runTurn(auth.projectId, threadId, received.claimed, events, received.lastSeq),
        ),
    };
  }

  /**
   * Decides the approvals the user answered, then goes on as the turn after a typed "yes" or
   * "no" would: the approved tool runs (or the refusal is recorded) and the model continues.
   * Nothing is stored as a user message. Answers to approvals that are no longer pending (sent
   * twice, or already answered by a message) decide nothing and the stream just finishes.
   */
  private async continueAfterApproval(
    auth: AuthContext,
    params: { chatId: string; threadId: string },
    body: StreamBody,
    responses: { messageId: string | undefined; answers: ApprovalResponse[] },
  ): Promise<StreamStart> {
    const decided = await this.deps.transactor.run(auth.projectId, async (unit) => {
      const { thread, count } = await this.openDeciding(unit, auth, params, body, responses);
      const claimed =
        count > 0
          ? await unit.claim(jobOf(replyJob, { projectId: auth.projectId, threadId: thread.id }))
          : undefined;
      return { threadId: thread.id, claimed };
    });
    const { threadId, claimed } = decided;
    const continues = responses.messageId !== undefined ? { continues: responses.messageId } : {};
    if (!claimed) {
      return {
        kind: "stream",
        threadId,
        ...continues,
        run: () => running((events) => notAnswering(threadId, null, events)),
      };
    }
    return {
      kind: "stream",
      threadId,
      ...continues,
      run: () => running((events) => this.runTurn(auth.projectId, threadId, claimed, events, undefined)),
    };
  }

  /** Opens (or creates) the thread and decides the approvals the request answers, if any. */
  private async openDeciding(
    unit: UnitOfWork,
    auth: AuthContext,
    params: { chatId: string; threadId: string },
    body: StreamBody,
    responses: { answers: ApprovalResponse[] } | undefined,
  ): Promise<{ thread: ThreadRow; count: number }> {
    const { conversations, approvals } = this.deps;
    const { thread } = await conversations.openThread(
      unit,
      auth,
      params.chatId,
      params.threadId,
      body.person,
    );
    const count = responses
      ? await approvals.decideFromResponses(unit, auth.projectId, thread.id, responses.answers)
      : 0;
    return { thread, count };
  }

  /** Runs the turn under its claim (if any), telling its events, and reports how it ended. */
  private async runTurn(
    projectId: string,
    threadId: string,
    claimed: ClaimedJob | undefined,
    events: TurnEventSink,
    forSeq: number | undefined,
  ): Promise<StreamResult> {
    // The stream's turn is its job's only run: a failure is a give-up (not retried by the queue).
    const turn = () =>
      this.deps.runner.run(projectId, threadId, { events, forSeq, jobId: claimed?.lease.id });
    const outcome = claimed ? await this.deps.transactor.hold(claimed, turn) : await turn();
    return resultOf(threadId, outcome);
  }
}

/** Starts a turn that tells its events into a queue its reader consumes; the queue ends with the turn. */
function running(turn: (events: TurnEventSink) => Promise<StreamResult>): RunningTurn {
  const queue = new TurnEventQueue();
  const ended = turn(queue.push).finally(() => queue.end());
  return { events: queue, ended };
}

/** How a turn ended, as the stream's summary and the blocking answer report it. */
function resultOf(threadId: string, outcome: TurnOutcome): StreamResult {
  const result: StreamResult = {
    summary: { thread_id: threadId, message_id: null, outcome: outcome.kind },
    reply: null,
    finishReason: null,
    usage: null,
    notAnsweringReason: null,
    error: null,
  };
  switch (outcome.kind) {
    case "replied":
      result.summary.message_id = outcome.message.id;
      Object.assign(result, {
        reply: outcome.message,
        finishReason: outcome.finishReason,
        usage: outcome.usage,
      });
      break;
    case "already-answered":
      // Another turn answered these messages together with later ones (double texting).
      result.summary.message_id = outcome.message?.id ?? null;
      Object.assign(result, { reply: outcome.message ?? null, finishReason: "stop" });
      break;
    case "not-answering":
      Object.assign(result, { finishReason: "stop", notAnsweringReason: outcome.reason });
      break;
    case "failed":
      result.error = { code: outcome.code, message: failureText(outcome) };
      break;
  }
  return result;
}

/** A request the AI does not answer (mode, statuses, credits, nothing decided): ends at once. */
async function notAnswering(
  threadId: string,
  reason: string | null,
  events: TurnEventSink,
): Promise<StreamResult> {
  const result: StreamResult = {
    summary: { thread_id: threadId, message_id: null, outcome: "not-answering" },
    reply: null,
    finishReason: "stop",
    usage: null,
    notAnsweringReason: reason,
    error: null,
  };
  // Out of credit is a failed reply (recorded with the messages), not a choice: say it.
  if (reason === "insufficient_credits") {
    result.error = { code: "insufficient_credits", message: INSUFFICIENT_CREDITS_REASON };
    result.finishReason = null;
    events({ type: "error", code: "insufficient_credits", message: INSUFFICIENT_CREDITS_REASON });
  } else events({ type: "finish", finishReason: "stop", messageId: null });
  return result;
}
