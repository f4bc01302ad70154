import { randomUUID } from "node:crypto";
import type { LanguageModel } from "ai";
import type { Transactor } from "../../events/unit-of-work.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { BotSettings } from "../bots/index.js";
import { readSharedBotSettings, settingsVersion } from "../bots/index.js";
import type { CatalogEntry } from "../models/index.js";
import { type CreditPolicy, whyNotAnswering } from "./answer-policy.js";
import { answeringVersion } from "./answering-version.js";
import type { ApprovalFlow } from "./approval-flow.js";
import { userText as userTextOf } from "./history.js";
import { callModel, type ModelCallDeps } from "./model-call.js";
import { type ModelRegistry, ModelUnavailableError } from "./model-registry.js";
import { type ModelRetryDeps, withModelRetries } from "./model-retries.js";
import { giveUpOrRetry } from "./reply-failure.js";
import { type ReplyDeltaPublisher, replyProgress } from "./reply-progress.js";
import { type StoreDeps, storeReply } from "./store-response.js";
import type { ThreadLock } from "./thread-lock.js";
import type { TranscriptionModels } from "./transcription-models.js";
import { holdCredit, type TurnCreditDeps } from "./turn-credit.js";
import { emitEnd, ignoreTurnEvents, type TurnEventSink } from "./turn-events.js";
import { failed, failureText, notAnswering, outOfCredits, type TurnOutcome } from "./turn-outcome.js";
import { buildPrompt, type TurnPromptDeps } from "./turn-prompt.js";
import { logTurn, type TurnLog, type TurnReport, TurnTrace } from "./turn-report.js";
import { type TurnToolDeps, toolContextFor, turnToolsFor } from "./turn-tools.js";
import type { TurnEnd, TurnWatch, TurnWatcher } from "./turn-watch.js";
import { watchTurn } from "./turn-watchers.js";
import { transcribeVoice } from "./voice-transcription.js";

/** How a turn is run: who is told what happens, as which job, whether the queue may run it again. */
export interface TurnOptions {
  /** Told the turn's events as they happen (a stream); nobody when absent. */
  events?: TurnEventSink | undefined;
  /** The newest message the caller stored: when another turn answered it, that reply is the answer. */
  forSeq?: number | undefined;
  /** The job the turn runs as (a stream's claimed job, a queued reply): names its give-up. */
  jobId?: string | undefined;
  /** The job has attempts left: a failure that may pass is retried by the queue, not given up. */
  retriesLeft?: boolean | undefined;
}

/** What each step of a turn needs (see the step's own file), and what runs the turn itself. */
export interface TurnRunnerDeps
  extends TurnPromptDeps,
    TurnToolDeps,
    ModelCallDeps,
    ModelRetryDeps,
    TurnCreditDeps,
    StoreDeps {
  approvals: ApprovalFlow;
  transactor: Transactor;
  registry: ModelRegistry;
  lock: ThreadLock;
  log: TurnLog;
  defaultModel: string;
  /** Whether a project without credits is answered (docs/billing.md). */
  credit?: CreditPolicy;
  /** Follow each turn step by step: the stored trace, OpenTelemetry (docs/quality.md). */
  watchers?: readonly TurnWatcher[];
  /** Told the reply's text as the model writes it, for operators (docs/conversations.md, "Thread events"). */
  replyDeltas?: ReplyDeltaPublisher | undefined;
  /** Speech-to-text for the voice messages a turn answers (docs/channels.md, "Voice"). */
  transcriptionModels?: TranscriptionModels;
}

/** The bot that answers a turn: its settings and its model. */
interface AnsweringBot {
  settings: BotSettings;
  model: LanguageModel;
  entry: CatalogEntry;
  /** Embedded models: download and load before the model call (and its deadline) starts. */
  prepare?: () => Promise<void>;
}

/**
 * One AI turn for a thread: under the thread's lock, answer every user message since the
 * last reply with one model call (double texting is merged into the next turn), tell what
 * happens as the turn's events, and store the reply only once it is complete. A failure
 * leaves no partial message and the thread usable; a turn that gives up says so on the thread.
 */
export class TurnRunner {
  constructor(private readonly deps: TurnRunnerDeps) {}

  async run(projectId: string, threadId: string, options: TurnOptions = {}): Promise<TurnOutcome> {
    const events = options.events ?? ignoreTurnEvents;
    const trace = new TurnTrace();
    const watch = watchTurn(
      this.deps.watchers ?? [],
      { projectId, threadId, jobId: options.jobId },
      this.deps.log,
    );
    const thread = { project_id: projectId, id: threadId };
    let outcome: TurnOutcome;
    try {
      outcome = await this.deps.lock.withLock(projectId, threadId, async () => {
        const ended = await this.runLocked(projectId, threadId, events, options.forSeq, trace, watch);
        // Still under the thread's lock: no other turn answers the messages meanwhile.
        return ended.kind === "failed"
          ? giveUpOrRetry(this.deps, thread, ended, trace.modelCalls, options)
          : ended;
      });
    } catch (error) {
      this.deps.log.error({ err: error, threadId }, "turn failed");
      const unexpected = failed("turn_failed", "The reply could not be produced; try again.");
      outcome = await giveUpOrRetry(this.deps, thread, unexpected, trace.modelCalls, options);
    }
    // Once per turn, wherever it runs (a stream or a job): docs/operations.md, "The turn line".
    const report = trace.report(projectId, threadId, outcome);
    logTurn(this.deps.log, report);
    this.deps.observer?.turnFinished(report);
    await watch.end(turnEnd(report, outcome));
    emitEnd(events, outcome);
    return outcome;
  }

  private async runLocked(
    projectId: string,
    threadId: string,
    events: TurnEventSink,
    forSeq: number | undefined,
    trace: TurnTrace,
    watch: TurnWatch,
  ): Promise<TurnOutcome> {
    const { repos } = this.deps;
    const thread = await repos.threads.find(projectId, threadId);
    if (!thread) return notAnswering("thread_deleted");
    const toolContext = toolContextFor(this.deps, projectId, threadId, thread.chat_id, watch);
    // Decided approvals become tool results first; the model then goes on from them.
    const { settled, awaitingOperator } = await this.deps.approvals.settle(
      thread,
      toolContext,
      events,
      watch,
    );
    if (awaitingOperator) return notAnswering("awaiting_approval");

    let unanswered = await repos.messages.unanswered(projectId, threadId);
    if (unanswered.length === 0 && !settled) {
      const reply =
        forSeq !== undefined
          ? await repos.messages.replyCovering(projectId, threadId, forSeq)
          : await repos.messages.lastReply(projectId, threadId);
      return { kind: "already-answered", message: reply };
    }
    const bot = await this.answeringBot(thread, trace, watch);
    if ("kind" in bot) return bot;
    const { settings, model, entry } = bot;
    if (bot.prepare) {
      try {
        await bot.prepare();
      } catch (error) {
        // The file could not be downloaded or loaded: the turn fails with the reason, retried later as any model failure.
        return failed("model_unavailable", error instanceof Error ? error.message : String(error));
      }
    }

    // The turn waits for the voice messages it answers to be heard (docs/channels.md, "Voice").
    unanswered = await transcribeVoice(this.deps, thread, unanswered, settings.ai.voice.transcriptionModel);
    const prompt = await buildPrompt(this.deps, thread, unanswered, settled, settings, entry);
    watch.window({ messageIds: prompt.rows.map((row) => row.id), recalled: prompt.recalled });
    const tools = await turnToolsFor(this.deps, thread, settings, toolContext, watch);
    const newest = unanswered.at(-1);
    const userText = newest ? userTextOf(newest) : "";
    // Credit held while the model runs, so concurrent turns cannot spend the same last credits.
    const credit = await holdCredit(this.deps, thread, settings.ai.model.id, prompt);
    if (!credit) return outOfCredits();
    let outcome: TurnOutcome | undefined;
    const progress = replyProgress(
      this.deps.replyDeltas,
      { projectId, threadId, turnId: randomUUID() },
      events,
    );
    try {
      outcome = await withModelRetries(this.deps, settings.ai.model.id, threadId, async (attempt) => {
        const answer = await callModel(
          this.deps,
          { model, settings, prompt, tools },
          trace,
          progress.events,
          attempt,
          watch,
        );
        // The last of the text reaches operators before the stored reply's message_created.
        progress.flush();
        const turn = { thread, settings, rows: prompt.rows, userText };
        return storeReply(this.deps, turn, answer, credit, events, watch);
      });
      return outcome;
    } finally {
      progress.end();
      // A stored reply ended its hold in its own transaction; any other end releases it here.
      if (outcome?.kind !== "replied") await credit.release();
    }
  }

  /**
   * The chat's bot, with its settings and its model, when the AI answers in this thread now
   * (docs/conversations.md, "Who answers when"); otherwise how the turn ends.
   */
  private async answeringBot(
    thread: ThreadRow,
    trace: TurnTrace,
    watch: TurnWatch,
  ): Promise<AnsweringBot | TurnOutcome> {
    const context = await this.deps.repos.answerContext(thread.project_id, thread.chat_id);
    const reason = whyNotAnswering(context, thread.mode, this.deps.credit);
    // Out of credit is a failure the person's messages wait on, not a choice not to answer.
    if (reason === "insufficient_credits") return outOfCredits();
    if (reason || !context) return notAnswering(reason ?? "chat_missing");
    trace.botId = context.botId;
    if (thread.bot_id !== context.botId) {
      // The chat was bound to another bot since the thread began: the thread follows it.
      await this.deps.repos.threads.update(thread.project_id, thread.id, { bot_id: context.botId });
    }
    const answering = await answeringVersion(this.deps.repos, context);
    const settings = readSharedBotSettings(answering.settings, this.deps.defaultModel);
    trace.model = settings.ai.model.id;
    watch.bot({
      botId: context.botId,
      model: settings.ai.model.id,
      version: answering.version,
      settingsVersion: settingsVersion(answering.settings),
      formatting: [
        ...(settings.ai.formatting.removeMarkdown ? ["remove_markdown"] : []),
        ...(settings.ai.formatting.removeEmojis ? ["remove_emojis"] : []),
      ],
    });
    try {
      return { settings, ...this.deps.registry.resolve(settings.ai.model.id) };
    } catch (error) {
      if (error instanceof ModelUnavailableError) return failed(error.code, error.message);
      throw error;
    }
  }
}

/** What the watchers are told at the end of a turn: the report's outcome and the reply's messages. */
function turnEnd(report: TurnReport, outcome: TurnOutcome): TurnEnd {
  return {
    outcome: report.outcome,
    code: report.code,
    reason: outcome.kind === "failed" ? failureText(outcome) : report.reason,
    ...(outcome.kind === "replied" ? { replyMessageIds: outcome.messageIds } : {}),
  };
}
