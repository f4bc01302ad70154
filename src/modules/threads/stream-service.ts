import type { FastifyReply } from "fastify";
import type { StreamKeyGuard } from "../../events/stream-key-guard.js";
import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { openSseStream } from "../../infra/sse.js";
import type { ApprovalFlow } from "../engine/approval-flow.js";
import type { TurnOutcome, TurnRunner } from "../engine/run-turn.js";
import { type ConversationService, REPLY_JOB } from "./conversation-service.js";
import { type StreamBody, userMessageText } from "./schemas.js";
import { dataStreamWriter, type StreamProtocol, uiMessageStreamWriter } from "./stream-protocols.js";

export interface StreamDeps {
  conversations: ConversationService;
  approvals: ApprovalFlow;
  transactor: Transactor;
  runner: TurnRunner;
  /** Ends the stream (not the turn) when the key that opened it is revoked. */
  keyGuard: StreamKeyGuard;
  clock: Clock;
  newId: IdGenerator;
  heartbeatMs?: number;
}

export interface StreamSummary {
  thread_id: string;
  message_id: string | null;
  outcome: TurnOutcome["kind"];
}

export type StreamStart =
  | { kind: "scheduled"; body: { scheduled: true; id: string; scheduled_at: string } }
  | { kind: "streamed"; summary: StreamSummary };

/**
 * POST /chats/:chat_id/threads/:thread_id/stream: stores the user's messages, then streams
 * the AI's reply. The turn is detached from the connection: a client that goes away does not
 * stop it, and the reply is stored when complete.
 */
export class StreamService {
  constructor(private readonly deps: StreamDeps) {}

  async handle(
    auth: AuthContext,
    params: { chatId: string; threadId: string },
    body: StreamBody,
    protocol: StreamProtocol,
    reply: FastifyReply,
    /** Runs with the outcome before the stream ends (what an idempotent replay will answer). */
    beforeEnd: (summary: StreamSummary) => Promise<void> = async () => {},
    /** Names the request across retries of it (its Idempotency-Key record), if it has one. */
    idempotencyKey?: string | undefined,
  ): Promise<StreamStart> {
    // useChat resends the whole conversation: only its newest user message is new. Parley's own
    // protocol carries new user messages only (SPEC: role fixed to user).
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
          ? await unit.claim({ type: REPLY_JOB, payload: { projectId: auth.projectId, threadId: thread.id } })
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

    if (protocol === "ui") reply.header("x-vercel-ai-ui-message-stream", "v1");
    const sse = openSseStream(reply, { heartbeatMs: this.deps.heartbeatMs ?? 15_000 });
    sse.onClose(this.deps.keyGuard.watch(auth.keyId, () => void sse.end()));
    const writer =
      protocol === "ui" ? uiMessageStreamWriter(sse, this.deps.newId("msg")) : dataStreamWriter(sse);
    const summary: StreamSummary = {
      thread_id: thread.id,
      message_id: null,
      outcome: "not-answering",
    };

    if (received.notAnsweringBecause !== null) {
      writer.finish("stop", { messageId: null, threadId: thread.id });
      await beforeEnd(summary);
      sse.end();
      return { kind: "streamed", summary };
    }

    const claimed = received.claimed;
    const listener = {
      textDelta: (text: string) => writer.textDelta(text),
      toolCall: (call: Parameters<typeof writer.toolCall>[0]) => writer.toolCall(call),
      toolResult: (result: Parameters<typeof writer.toolResult>[0]) => writer.toolResult(result),
    };
    const turn = () => this.deps.runner.run(auth.projectId, thread.id, listener, received.lastSeq);
    const outcome = claimed ? await this.deps.transactor.hold(claimed, turn) : await turn();
    summary.outcome = outcome.kind;
    switch (outcome.kind) {
      case "replied":
        summary.message_id = outcome.message.id;
        writer.finish(outcome.finishReason, { messageId: outcome.message.id, threadId: thread.id });
        break;
      case "already-answered":
        // Another turn answered these messages together with later ones (double texting).
        summary.message_id = outcome.message?.id ?? null;
        if (outcome.message?.content) writer.textDelta(outcome.message.content);
        writer.finish("stop", { messageId: outcome.message?.id ?? null, threadId: thread.id });
        break;
      case "not-answering":
        writer.finish("stop", { messageId: null, threadId: thread.id });
        break;
      case "failed":
        writer.error(outcome.code, outcome.message);
        break;
    }
    await beforeEnd(summary);
    sse.end();
    return { kind: "streamed", summary };
  }
}
