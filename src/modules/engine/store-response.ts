import type { AssistantModelMessage, ToolModelMessage } from "ai";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { jobOf } from "../../job-queue/job-definition.js";
import { type FormattingOptions, formatText } from "../../lib/formatting/index.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { BotSettings } from "../bots/index.js";
import { memoryIndexJob } from "../memory/index.js";
import type { ApprovalFlow, PausedCall } from "./approval-flow.js";
import { titleJob } from "./jobs.js";
import type { ModelAnswer } from "./model-call.js";
import type { ThreadWriter } from "./thread-writer.js";
import { offerIn } from "./tools/offer-choices.js";
import { filesIn } from "./tools/send-file.js";
import type { HeldCredit } from "./turn-credit.js";
import type { TurnEventSink } from "./turn-events.js";
import { notAnswering, outOfCredits, type TurnOutcome } from "./turn-outcome.js";
import type { TurnWatch } from "./turn-watch.js";
import { unwatched } from "./turn-watchers.js";

export interface StoreDeps {
  writer: ThreadWriter;
  transactor: Transactor;
  approvals: ApprovalFlow;
  clock: Clock;
}

/** The reply was produced but the balance was spent meanwhile: it is not kept. */
class CreditsSpent extends Error {}

/**
 * Stores the model's answer as the turn's reply, answering through the newest user message of
 * the prompt, and in the same transaction what the reply causes: its charge (the credit hold's
 * last word, then `reply.completed`: docs/billing.md, "Charges"), and the jobs that index it
 * for recall and title the thread. A confirmation question the paused calls ask is told as
 * the turn's text.
 */
export async function storeReply(
  deps: StoreDeps,
  turn: {
    thread: ThreadRow;
    settings: BotSettings;
    /** The stored messages the prompt held. */
    rows: MessageRow[];
    /** The newest user message, whose language a confirmation question is asked in. */
    userText: string;
  },
  answer: ModelAnswer,
  credit: HeldCredit,
  events: TurnEventSink,
  watch: TurnWatch = unwatched,
): Promise<TurnOutcome> {
  const { thread, settings } = turn;
  const projectId = thread.project_id;
  const threadId = thread.id;
  const modelId = settings.ai.model.id;
  const answeredThrough = Math.max(
    0,
    ...turn.rows.filter((row) => row.role === "user").map((row) => row.seq),
  );
  let stored: Awaited<ReturnType<typeof storeResponse>>;
  try {
    stored = await storeResponse(
      deps,
      projectId,
      threadId,
      answer.messages,
      answeredThrough,
      { calls: answer.paused, userText: turn.userText },
      settings.ai.formatting,
      async (unit, reply, messageIds) => {
        if (!(await credit.settle(unit.repos))) throw new CreditsSpent();
        // The turn's trace commits with the reply (docs/quality.md, "Traces").
        await watch.replyStored?.(unit.repos, messageIds);
        // Billing charges for it in this transaction (docs/billing.md, "Charges").
        unit.record({
          type: "thread.reply.completed",
          threadId,
          messageId: reply.id,
          modelId,
          usage: answer.usage,
        });
        // In the background, queued with the reply: a crash cannot keep one without the other.
        if (settings.ai.memory.semanticRecall) {
          await unit.enqueue(jobOf(memoryIndexJob, { projectId, threadId }));
        }
        if (settings.ai.memory.generateTitle && !thread.title) {
          await unit.enqueue({
            ...jobOf(titleJob, { projectId, threadId }),
            dedupeKey: `title:${projectId}:${threadId}`,
          });
        }
      },
    );
  } catch (error) {
    if (error instanceof CreditsSpent) return outOfCredits();
    throw error;
  }
  if (!stored) return notAnswering("thread_deleted");
  if (stored.offer) events({ type: "text-delta", text: stored.offer });
  if (stored.question) events({ type: "text-delta", text: stored.question });
  return {
    kind: "replied",
    message: stored.reply,
    messageIds: stored.messageIds,
    finishReason: answer.finishReason,
    modelId,
    usage: answer.usage,
  };
}

type ResponseMessage = AssistantModelMessage | ToolModelMessage;

/**
 * The AI's text as ai.formatting wants it: each text part formatted on its own, exactly as the
 * stream formatted it (one formatter per text block), so what is stored is what was sent.
 */
function formatMessage(message: ResponseMessage, options: FormattingOptions): ResponseMessage {
  if (message.role !== "assistant" || (!options.removeEmojis && !options.removeMarkdown)) return message;
  if (typeof message.content === "string")
    return { ...message, content: formatText(message.content, options) };
  return {
    ...message,
    content: message.content.map((part) =>
      part.type === "text" ? { ...part, text: formatText(part.text, options) } : part,
    ),
  };
}

function textOf(message: ResponseMessage): string {
  if (typeof message.content === "string") return message.content;
  if (message.role === "assistant") {
    return message.content
      .filter((part) => part.type === "text")
      .map((part) => (part as { text: string }).text)
      .join("");
  }
  return message.content
    .filter((part) => part.type === "tool-result")
    .map((part) => {
      const output = (part as { output: { type: string; value?: unknown } }).output;
      return `${(part as { toolName: string }).toolName}: ${JSON.stringify(output.value ?? output)}`;
    })
    .join("\n");
}

/**
 * Parts are kept when the message is more than its text (tool calls, tool results). Approval
 * requests are dropped: Parley keeps approvals in its own table and settles them as tool results.
 */
function partsOf(message: ResponseMessage): string | null {
  if (typeof message.content === "string") return null;
  const content = (message.content as Array<{ type: string }>).filter(
    (part) => part.type !== "tool-approval-request",
  );
  const onlyText = content.every((part) => part.type === "text");
  return onlyText ? null : JSON.stringify(content);
}

/**
 * Stores a finished turn in one transaction: tool steps and the final reply (author `bot`),
 * which records the newest user message it answered; pending_count back to zero, events
 * raised. Returns the final reply.
 */
async function storeResponse(
  deps: StoreDeps,
  projectId: string,
  threadId: string,
  response: ResponseMessage[],
  answeredThroughSeq: number,
  paused: { calls: PausedCall[]; userText: string } = { calls: [], userText: "" },
  formatting: FormattingOptions = {},
  /** Work the reply causes (background jobs), in the reply's own transaction: stored with it or not at all. */
  followUps: (unit: UnitOfWork, reply: MessageRow, messageIds: string[]) => Promise<void> = async () => {},
): Promise<
  { reply: MessageRow; messageIds: string[]; question: string | null; offer: string | null } | undefined
> {
  return deps.transactor.run(projectId, async (unit) => {
    const thread = await unit.repos.threads.find(projectId, threadId);
    if (!thread) return undefined;
    const now = deps.clock.now().toISOString();
    let reply: MessageRow | undefined;
    const messageIds: string[] = [];
    const messages = (
      response.length > 0 ? response : [{ role: "assistant", content: "" } as ResponseMessage]
    ).map((message) => formatMessage(message, formatting));
    const finalIndex = messages.map((m) => m.role).lastIndexOf("assistant");
    await deps.writer.resetPending(unit, thread);
    const { question } =
      paused.calls.length > 0
        ? await deps.approvals.recordPause(unit, thread, paused.calls, paused.userText)
        : { question: null };
    const offer = offerIn(messages);
    // send_file's files go with whichever message is the reply (docs/agent.md, "Sending files").
    const files = filesIn(messages);
    for (const [index, message] of messages.entries()) {
      const final = index === finalIndex && question === null && offer === undefined;
      const row = await deps.writer.insertMessage(
        unit,
        thread,
        message.role,
        "bot",
        textOf(message),
        partsOf(message),
        now,
        final ? { replyToSeq: answeredThroughSeq, files } : {},
      );
      messageIds.push(row.id);
      if (index === finalIndex) reply = row;
    }
    if (offer) {
      // offer_choices: its text, with the buttons, is the reply (docs/agent.md, "Buttons").
      reply = await deps.writer.insertMessage(unit, thread, "assistant", "bot", offer.text, null, now, {
        ...(question === null ? { replyToSeq: answeredThroughSeq, files } : {}),
        buttons: offer.buttons,
      });
      messageIds.push(reply.id);
    }
    if (question !== null) {
      // The confirmation question is what answers the user's message; a press of Yes or No
      // decides it as the typed word would (docs/agent.md, "The confirmation question").
      reply = await deps.writer.insertMessage(unit, thread, "assistant", "bot", question.text, null, now, {
        replyToSeq: answeredThroughSeq,
        buttons: question.buttons,
        files,
      });
      messageIds.push(reply.id);
    }
    if (reply) await followUps(unit, reply, messageIds);
    return reply
      ? { reply, messageIds, question: question?.text ?? null, offer: offer?.text ?? null }
      : undefined;
  });
}
