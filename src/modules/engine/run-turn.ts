import { type ModelMessage, type StepResult, stepCountIs, streamText, type ToolSet } from "ai";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Logger } from "../../infra/logging.js";
import { jobOf } from "../../jobs/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageChunksRepo } from "../../storage/repos/message-chunks.repo.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ToolContext } from "../../tools/tool-context.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import type { BotSettings } from "../bots/index.js";
import { readSharedBotSettings } from "../bots/index.js";
import type { Embedder } from "../memory/index.js";
import { formatRecalled, memoryIndexJob, recall } from "../memory/index.js";
import {
  type CreditHolds,
  type CreditPolicy,
  INSUFFICIENT_CREDITS_REASON,
  whyNotAnswering,
} from "./answer-policy.js";
import type { ApprovalFlow, PausedCall } from "./approval-flow.js";
import { type AttachmentLoader, attachImages } from "./attachment-images.js";
import { createStreamFormatter } from "./formatting/index.js";
import { estimateTokens, fitHistory, orderToolResults, toModelMessage, unansweredLast } from "./history.js";
import { titleJob } from "./jobs.js";
import { type ModelRegistry, ModelUnavailableError } from "./model-registry.js";
import { recordReplyFailure } from "./reply-failure.js";
import { nextDelayMs, type RetryPolicy } from "./retry-policy.js";
import { storeResponse } from "./store-response.js";
import type { ThreadActions } from "./thread-actions.js";
import type { ThreadLock } from "./thread-lock.js";
import type { ThreadWriter } from "./thread-writer.js";
import type { AvailableTool, ProjectTools } from "./tools/project-tools.js";
import { findBuiltinTool } from "./tools/registry.js";
import { logTurn, type ModelCallTimer, type TurnObserver, TurnTrace } from "./turn-report.js";

export type ReplyFinishReason = "stop" | "length" | "tool-calls";

/** A tool call as the model made it; `approvalId`/`approvalPolicy` when it waits for a person. */
export interface ToolCallNotice {
  toolCallId: string;
  toolName: string;
  input: unknown;
  approvalId?: string;
  approvalPolicy?: PausedCall["policy"];
}

/** What a caller watching the turn (the stream endpoint) is told as it happens. */
export interface TurnListener {
  textDelta?(text: string): void;
  /** `approvalId` is set when the call waits for a person's approval (the turn then pauses). */
  toolCall?(call: ToolCallNotice): void;
  toolResult?(result: { toolCallId: string; toolName: string; output: unknown }): void;
  /** A call the person refused (settled at the start of the turn that goes on after it). */
  toolDenied?(call: { toolCallId: string; toolName: string; reason: string | null }): void;
}

export type TurnOutcome =
  | {
      kind: "replied";
      message: MessageRow;
      finishReason: ReplyFinishReason;
      /** The model and the tokens this turn's model calls used (what the reply is billed by). */
      modelId: string;
      usage: { inputTokens: number; outputTokens: number };
    }
  | { kind: "already-answered"; message: MessageRow | undefined }
  | { kind: "not-answering"; reason: string }
  | {
      kind: "failed";
      code: string;
      message: string;
      /** Model calls the turn made (retries included). */
      attempts: number;
      /**
       * The job runs again later (it has attempts left and the failure may pass): not a give-up
       * yet. Otherwise the give-up is recorded (docs/conversations.md, "Failed replies").
       */
      retryLater: boolean;
    };

/** How a turn is run: as which job, and whether the queue may run it again. */
export interface TurnOptions {
  /** The job the turn runs as (a stream's claimed job, a queued reply): names its give-up. */
  jobId?: string | undefined;
  /** The job has attempts left: a failure that may pass is retried by the queue, not given up. */
  retriesLeft?: boolean | undefined;
}

/** Failures that may be gone by the job's next run (the provider back, the call in time). */
const PASSING_FAILURES = new Set(["model_error", "model_timeout", "turn_failed"]);

/** The reply was produced but the balance was spent meanwhile: it is not kept. */
class CreditsSpent extends Error {}

type FailedTurn = Extract<TurnOutcome, { kind: "failed" }>;

const failed = (code: string, message: string): FailedTurn => ({
  kind: "failed",
  code,
  message,
  attempts: 0,
  retryLater: false,
});

export interface TurnRunnerDeps {
  /** Semantic recall (ai.memory.semanticRecall). */
  memory: { chunks: MessageChunksRepo; embedder: Embedder };
  approvals: ApprovalFlow;
  newId: IdGenerator;
  repos: Repos;
  writer: ThreadWriter;
  /** What tools may do to the thread (mode, scheduled messages, working memory). */
  threadActions: ThreadActions;
  transactor: Transactor;
  registry: ModelRegistry;
  lock: ThreadLock;
  clock: Clock;
  log: Logger;
  /** The project's tools (built-in and provided: integrations, payment terminals, custom, MCP). */
  tools: ProjectTools;
  /** At most this many tool calls in one turn (PARLEY_TOOL_CALLS_PER_TURN; default 10). */
  toolCallsPerTurn?: number;
  /** Told about every model call and every turn (metrics); each turn is also logged once. */
  observer?: TurnObserver;
  retry: RetryPolicy;
  /** Upper bound of one model call, first byte to last. */
  timeoutMs: number;
  defaultModel: string;
  maxSteps?: number;
  /** Whether a project without credits is answered (docs/billing.md). */
  credit?: CreditPolicy;
  /** Credit held while a turn's model runs; absent when credits are not enforced. */
  holds?: CreditHolds;
  /** Searches the vector stores of the chat's bot (docs/knowledge.md, "Bots"); none: nothing found. */
  searchKnowledge?: (
    projectId: string,
    chatId: string,
    query: string,
    limit: number,
  ) => Promise<Array<{ text: string; source: string; score: number }>>;
  /** Fetches channel attachments, so models that read images see the photos customers send. */
  loadAttachment?: AttachmentLoader;
}

function mapFinishReason(reason: string | undefined): ReplyFinishReason {
  if (reason === "length") return "length";
  if (reason === "tool-calls") return "tool-calls";
  return "stop";
}

/** The policy of a tool in this bot's settings (the memory tool is always `auto`). */
function policyOf(settings: BotSettings, name: string): "auto" | "user_approve" | "operator_approve" {
  return settings.ai.tools[name] ?? "auto";
}

/** The tools of one turn, by the names the model calls them, and the `ai.tools` key of each. */
interface TurnTools {
  set: ToolSet;
  /** The `ai.tools` key of a model-facing tool name (the same for built-ins). */
  keyOf(modelName: string): string;
}

/**
 * The tools a turn offers: those of the project (built-in, integrations', custom, MCP) that
 * `ai.tools` enables, under their approval policy, plus update_working_memory when working
 * memory is on. Calls are counted: past the turn's limit, or a tool's own, a call is refused
 * with a message the model reads (docs/agent.md, "Tools").
 */
function toolsFor(
  settings: BotSettings,
  available: AvailableTool[],
  context: ToolContext,
  callsPerTurn: number,
): TurnTools {
  const set: ToolSet = {};
  const keys = new Map<string, string>();
  const byName = new Map(available.map((entry) => [entry.name, entry]));
  let calls = 0;
  for (const [name, policy] of Object.entries(settings.ai.tools)) {
    const entry = byName.get(name);
    if (!entry) continue;
    const created = entry.create(context);
    const execute = created.execute;
    let ownCalls = 0;
    const limited: typeof created = {
      ...created,
      ...(execute
        ? {
            execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
              if (calls >= callsPerTurn)
                throw new ToolRefusal(
                  `At most ${callsPerTurn} tool calls per turn: answer with what you have.`,
                );
              if (entry.maxCallsPerTurn !== undefined && ownCalls >= entry.maxCallsPerTurn)
                throw new ToolRefusal(`At most ${entry.maxCallsPerTurn} calls of ${name} per turn.`);
              calls += 1;
              ownCalls += 1;
              return execute(input, options);
            },
          }
        : {}),
    };
    // Under user_approve / operator_approve the AI SDK stops at the call and asks for approval.
    set[entry.modelName] = policy === "auto" ? limited : { ...limited, needsApproval: true };
    keys.set(entry.modelName, entry.name);
  }
  const memoryTool = findBuiltinTool(WORKING_MEMORY_TOOL);
  if (settings.ai.memory.workingMemory.enabled && memoryTool)
    set[WORKING_MEMORY_TOOL] = memoryTool.create(context);
  return { set, keyOf: (modelName) => keys.get(modelName) ?? modelName };
}

const WORKING_MEMORY_TOOL = "update_working_memory";

/** What a turn reads from streamText's onFinish. */
type StepsFinish = Pick<StepResult<ToolSet>, "response"> & {
  totalUsage: { inputTokens: number | undefined; outputTokens: number | undefined };
};

/** Stream parts that are the model's output: the first of them is its "first token". */
const FIRST_OUTPUT_PARTS = new Set(["text-delta", "reasoning-delta", "tool-input-start", "tool-call"]);

/** The system prompt: the bot's instruction, then the thread's working memory when enabled. */
function systemPrompt(settings: BotSettings, workingMemory: string | null, recalled: string): string {
  const sections = [settings.ai.instruction];
  if (settings.ai.memory.workingMemory.enabled) {
    sections.push(
      [
        "## Working memory",
        `Facts about this conversation that you keep up to date with the ${WORKING_MEMORY_TOOL} tool ` +
          "(it replaces the whole block; keep it short Markdown):",
        workingMemory?.trim() ? workingMemory : "(empty)",
      ].join("\n"),
    );
  }
  if (recalled) sections.push(["## Recalled", recalled].join("\n"));
  return sections.join("\n\n");
}

/** Recall must not hold up the reply: past this, the turn goes on without it. */
const RECALL_TIMEOUT_MS = 2000;

/**
 * One AI turn for a thread: under the thread's lock, answer every user message since the
 * last reply with one model call (double texting is merged into the next turn), stream the
 * parts to the listener, and store the reply only once it is complete. Provider errors
 * before any output are retried with backoff (honouring Retry-After); a failure leaves no
 * partial message and the thread usable.
 */
export class TurnRunner {
  constructor(private readonly deps: TurnRunnerDeps) {}

  async run(
    projectId: string,
    threadId: string,
    listener: TurnListener = {},
    forSeq?: number,
    options: TurnOptions = {},
  ): Promise<TurnOutcome> {
    const trace = new TurnTrace();
    let outcome: TurnOutcome;
    try {
      outcome = await this.deps.lock.withLock(projectId, threadId, async () => {
        const ended = await this.runLocked(projectId, threadId, listener, forSeq, trace);
        // Still under the thread's lock: no other turn answers the messages meanwhile.
        return ended.kind === "failed"
          ? this.giveUpOrRetry(projectId, threadId, ended, trace, options)
          : ended;
      });
    } catch (error) {
      this.deps.log.error({ err: error, threadId }, "turn failed");
      outcome = await this.giveUpOrRetry(
        projectId,
        threadId,
        failed("turn_failed", "The reply could not be produced; try again."),
        trace,
        options,
      );
    }
    // Once per turn, wherever it runs (a stream or a job): docs/operations.md, "The turn line".
    const report = trace.report(projectId, threadId, outcome);
    logTurn(this.deps.log, report);
    this.deps.observer?.turnFinished(report);
    return outcome;
  }

  private async runLocked(
    projectId: string,
    threadId: string,
    listener: TurnListener,
    forSeq: number | undefined,
    trace: TurnTrace,
  ): Promise<TurnOutcome> {
    const messages = this.deps.repos.messages;
    const thread = await this.deps.repos.threads.find(projectId, threadId);
    if (!thread) return { kind: "not-answering", reason: "thread_deleted" };
    const toolContext = this.toolContext(projectId, thread.id, thread.chat_id);
    // Decided approvals become tool results first; the model then goes on from them.
    const { settled, awaitingOperator } = await this.deps.approvals.settle(thread, toolContext, listener);
    if (awaitingOperator) {
      return { kind: "not-answering", reason: "awaiting_approval" };
    }
    const unanswered = await messages.unanswered(projectId, threadId);
    if (unanswered.length === 0 && !settled) {
      const reply =
        forSeq !== undefined
          ? await messages.replyCovering(projectId, threadId, forSeq)
          : await messages.lastReply(projectId, threadId);
      return { kind: "already-answered", message: reply };
    }
    const context = await this.deps.repos.answerContext(projectId, thread.chat_id);
    const reason = whyNotAnswering(context, thread.mode, this.deps.credit);
    // Out of credit is a failure the person's messages wait on, not a choice not to answer.
    if (reason === "insufficient_credits") return failed(reason, INSUFFICIENT_CREDITS_REASON);
    if (reason || !context) return { kind: "not-answering", reason: reason ?? "chat_missing" };
    trace.botId = context.botId;

    if (thread.bot_id !== context.botId) {
      // The chat was bound to another bot since the thread began: the thread follows it.
      await this.deps.repos.threads.update(projectId, threadId, { bot_id: context.botId });
    }
    const settings = readSharedBotSettings(context.botSettings, this.deps.defaultModel);
    trace.model = settings.ai.model.id;
    let resolved: ReturnType<ModelRegistry["resolve"]>;
    try {
      resolved = this.deps.registry.resolve(settings.ai.model.id);
    } catch (error) {
      if (error instanceof ModelUnavailableError) return failed(error.code, error.message);
      throw error;
    }
    const { model, entry } = resolved;
    const reserve = settings.ai.model.max_tokens ?? Math.min(4096, Math.floor(entry.context_window / 4));
    // Room for the settled tool exchange as well as the unanswered messages.
    // Every unanswered message is in the window, with the replies stored between them (a reply
    // to earlier messages may land after later ones): counting only the unanswered would leave
    // the oldest of them out of the prompt, and then count it as answered.
    const oldest = unanswered[0]?.seq;
    const sinceOldest = oldest === undefined ? 0 : await messages.countFrom(projectId, threadId, oldest);
    const window = Math.max(settings.ai.memory.lastMessages, sinceOldest + (settled ? 2 : 0));
    const recent = orderToolResults(await messages.latest(projectId, threadId, window));
    const available = entry.context_window - reserve;
    const recalled = settings.ai.memory.semanticRecall
      ? await this.recall(thread, unanswered, recent, Math.floor(available / 5))
      : "";
    const system = systemPrompt(settings, thread.working_memory, recalled);
    const rows = unansweredLast(
      fitHistory(recent, window, available - estimateTokens(system)),
      new Set(unanswered.map((row) => row.seq)),
    );
    let history: ModelMessage[] = rows.map(toModelMessage);
    if (entry.images && this.deps.loadAttachment) {
      history = await attachImages(rows, history, thread.chat_id, this.deps.loadAttachment);
    }

    const projectTools = await this.deps.tools.listFor(projectId, Object.keys(settings.ai.tools));
    const turnTools = toolsFor(settings, projectTools, toolContext, this.deps.toolCallsPerTurn ?? 10);
    const userText = unanswered.at(-1)?.content ?? "";
    // Credit held while the model runs, so concurrent turns cannot spend the same last credits.
    const holds = this.deps.holds;
    let holdId: string | null = null;
    if (holds) {
      const inputTokens = rows.reduce(
        (sum, row) => sum + estimateTokens(row.content),
        estimateTokens(system),
      );
      holdId = await holds.hold(projectId, settings.ai.model.id, inputTokens, this.holdTtlMs());
      if (holdId === null) return failed("insufficient_credits", INSUFFICIENT_CREDITS_REASON);
    }
    let outcome: TurnOutcome | undefined;
    try {
      outcome = await this.callModel(
        projectId,
        threadId,
        thread.title,
        listener,
        trace,
        { settings, model, system, history, rows, turnTools, projectTools, userText },
        async (repos) => {
          if (holdId === null || !holds) return;
          if (!(await holds.settle(repos, projectId, holdId))) throw new CreditsSpent();
        },
      );
      return outcome;
    } finally {
      // A stored reply ended its hold in its own transaction; any other end releases it here.
      if (holdId !== null && holds && outcome?.kind !== "replied") {
        await holds.release(projectId, holdId).catch((error: unknown) => {
          this.deps.log.warn(
            { err: error, threadId },
            "could not release a credit hold; it lapses by itself",
          );
        });
      }
    }
  }

  /** A hold outlives its turn at most this long (its process died): the turn's longest run. */
  private holdTtlMs(): number {
    return this.deps.timeoutMs * this.deps.retry.maxAttempts + 60_000;
  }

  /**
   * The model calls of a turn, with retries, and the reply stored. `beforeCharge` runs in the
   * reply's transaction before it is charged (the credit hold's last word).
   */
  private async callModel(
    projectId: string,
    threadId: string,
    threadTitle: string | null,
    listener: TurnListener,
    trace: TurnTrace,
    turn: {
      settings: BotSettings;
      model: ReturnType<ModelRegistry["resolve"]>["model"];
      system: string;
      history: ModelMessage[];
      rows: MessageRow[];
      turnTools: TurnTools;
      projectTools: AvailableTool[];
      userText: string;
    },
    beforeCharge: (repos: Repos) => Promise<void>,
  ): Promise<TurnOutcome> {
    const { settings, model, system, history, rows, turnTools, projectTools, userText } = turn;
    const { keyOf } = turnTools;
    for (let attempt = 1; ; attempt++) {
      let emitted = false;
      const paused: PausedCall[] = [];
      let formatter = createStreamFormatter(settings.ai.formatting);
      const deadline = AbortSignal.timeout(this.deps.timeoutMs);
      const call = trace.startModelCall();
      let callReported = false;
      // What the model call produced, from onFinish: `result.response` and `result.totalUsage`
      // would each replay the whole stream through another tee of it (a third of the SDK's cost).
      let finished: StepsFinish | undefined;
      try {
        const result = streamText({
          model,
          onFinish: (event) => {
            finished = event;
          },
          system,
          messages: history,
          tools: turnTools.set,
          stopWhen: stepCountIs(this.deps.maxSteps ?? 5),
          maxRetries: 0,
          abortSignal: deadline,
          ...(settings.ai.model.temperature !== null ? { temperature: settings.ai.model.temperature } : {}),
          ...(settings.ai.model.max_tokens !== null ? { maxOutputTokens: settings.ai.model.max_tokens } : {}),
          ...(settings.ai.model.top_p !== null ? { topP: settings.ai.model.top_p } : {}),
          ...(settings.ai.model.frequency_penalty !== null
            ? { frequencyPenalty: settings.ai.model.frequency_penalty }
            : {}),
          ...(settings.ai.model.presence_penalty !== null
            ? { presencePenalty: settings.ai.model.presence_penalty }
            : {}),
        });
        let finishReason: string | undefined;
        for await (const part of result.fullStream) {
          if (FIRST_OUTPUT_PARTS.has(part.type)) call.output();
          switch (part.type) {
            case "text-delta": {
              emitted = true;
              // Formatting holds back only what could still be an emoji or Markdown fragment.
              const text = formatter.push(part.text);
              if (text) listener.textDelta?.(text);
              break;
            }
            case "text-end": {
              const rest = formatter.flush();
              if (rest) listener.textDelta?.(rest);
              formatter = createStreamFormatter(settings.ai.formatting);
              break;
            }
            case "tool-call":
              emitted = true;
              // A call that waits for approval is announced with its approval id, just below.
              if (policyOf(settings, keyOf(part.toolName)) === "auto") {
                listener.toolCall?.({
                  toolCallId: part.toolCallId,
                  toolName: keyOf(part.toolName),
                  input: part.input,
                });
              }
              break;
            case "tool-approval-request": {
              // Approvals name the tool by its `ai.tools` key (what operators and the API see).
              const key = keyOf(part.toolCall.toolName);
              const call: PausedCall = {
                approvalId: this.deps.newId("apr"),
                toolCallId: part.toolCall.toolCallId,
                toolName: key,
                args: part.toolCall.input,
                policy: policyOf(settings, key) as PausedCall["policy"],
                description: projectTools.find((t) => t.name === key)?.description,
              };
              paused.push(call);
              listener.toolCall?.({
                toolCallId: call.toolCallId,
                toolName: call.toolName,
                input: call.args,
                approvalId: call.approvalId,
                approvalPolicy: call.policy,
              });
              break;
            }
            case "tool-result":
              listener.toolResult?.({
                toolCallId: part.toolCallId,
                toolName: keyOf(part.toolName),
                output: part.output,
              });
              break;
            case "tool-error":
              listener.toolResult?.({
                toolCallId: part.toolCallId,
                toolName: keyOf(part.toolName),
                output: { error: part.error instanceof Error ? part.error.message : String(part.error) },
              });
              break;
            case "error":
              throw part.error;
            case "abort":
              // The only abort is our deadline: report it as the timeout it is.
              throw deadline.reason ?? new Error("model call aborted");
            case "finish":
              finishReason = part.finishReason;
              break;
          }
        }
        // onFinish has run once the stream ends (the SDK awaits it before closing); without it
        // (no step finished) the promises reject with the SDK's own error, as before.
        const response = finished?.response ?? (await result.response);
        const usage = finished?.totalUsage ?? (await result.totalUsage);
        trace.inputTokens += usage.inputTokens ?? 0;
        trace.outputTokens += usage.outputTokens ?? 0;
        callReported = true;
        this.deps.observer?.modelCall({
          model: settings.ai.model.id,
          ok: true,
          timedOut: false,
          ...call.finish(),
          inputTokens: usage.inputTokens ?? 0,
          outputTokens: usage.outputTokens ?? 0,
        });
        const answeredThrough = Math.max(
          0,
          ...rows.filter((row) => row.role === "user").map((row) => row.seq),
        );
        const stored = await storeResponse(
          this.deps,
          projectId,
          threadId,
          response.messages,
          answeredThrough,
          { calls: paused, userText },
          settings.ai.formatting,
          async (unit, reply) => {
            await beforeCharge(unit.repos);
            // Billing charges for it in this transaction (docs/billing.md, "Charges").
            unit.record({
              type: "reply.completed",
              threadId,
              messageId: reply.id,
              modelId: settings.ai.model.id,
              usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
            });
            // In the background, queued with the reply: a crash cannot keep one without the other.
            if (settings.ai.memory.semanticRecall) {
              await unit.enqueue(jobOf(memoryIndexJob, { projectId, threadId }));
            }
            if (settings.ai.memory.generateTitle && !threadTitle) {
              await unit.enqueue({
                ...jobOf(titleJob, { projectId, threadId }),
                dedupeKey: `title:${projectId}:${threadId}`,
              });
            }
          },
        );
        if (!stored) return { kind: "not-answering", reason: "thread_deleted" };
        if (stored.question) listener.textDelta?.(stored.question);
        const message = stored.reply;
        return {
          kind: "replied",
          message,
          finishReason: paused.length > 0 ? "tool-calls" : mapFinishReason(finishReason),
          modelId: settings.ai.model.id,
          usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
        };
      } catch (error) {
        if (error instanceof CreditsSpent) return failed("insufficient_credits", INSUFFICIENT_CREDITS_REASON);
        // A failure after the model answered (storing the reply) is not the model's.
        if (!callReported) this.reportFailedCall(settings.ai.model.id, call, error);
        const delay = emitted
          ? null
          : nextDelayMs(this.deps.retry, attempt, error, this.deps.clock.now().getTime());
        if (delay === null) return this.failure(error, threadId, attempt);
        this.deps.observer?.modelRetry(settings.ai.model.id);
        this.deps.log.warn(
          { err: error, threadId, attempt, delayMs: Math.round(delay) },
          "model call failed; retrying",
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * Earlier messages similar to what was just said (outside the recent window): the person's,
   * across their threads, or the thread's own when it has no person,
   * as a prompt section of at most `maxTokens` (estimated). Never fails the turn: a slow or
   * failing embedder only costs the recall.
   */
  private async recall(
    thread: { project_id: string; id: string; person_id: string | null },
    unanswered: MessageRow[],
    recent: MessageRow[],
    maxTokens: number,
  ): Promise<string> {
    if (unanswered.length === 0) return "";
    try {
      const found = await Promise.race([
        recall({
          ...this.deps.memory,
          projectId: thread.project_id,
          // With a person, their threads; without one, this thread's older messages.
          personId: thread.person_id,
          threadId: thread.id,
          query: unanswered.map((m) => m.content).join("\n"),
          excludeMessageSeqs: new Set(recent.map((m) => Number(m.seq))),
        }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("recall timed out")), RECALL_TIMEOUT_MS).unref(),
        ),
      ]);
      let text = formatRecalled(found, { currentThreadId: thread.id });
      while (text && estimateTokens(text) > maxTokens && found.length > 0) {
        found.shift();
        text = formatRecalled(found, { currentThreadId: thread.id });
      }
      return text;
    } catch (error) {
      this.deps.log.warn({ err: error, threadId: thread.id }, "semantic recall skipped");
      return "";
    }
  }

  /** What the built-in tools may do in this thread. */
  private toolContext(projectId: string, threadId: string, chatId: string): ToolContext {
    const actions = this.deps.threadActions;
    const thread = () => this.deps.repos.threads.find(projectId, threadId);
    return {
      projectId,
      threadId,
      chatId,
      clock: this.deps.clock,
      setMode: async (mode) => {
        const current = await thread();
        if (current) await actions.changeMode(projectId, threadId, mode);
      },
      scheduleMessage: (text, at) => actions.scheduleBotMessage(projectId, threadId, text, at),
      writeWorkingMemory: (markdown) => actions.writeWorkingMemory(projectId, threadId, markdown),
      readWorkingMemory: async () => (await thread())?.working_memory ?? null,
      readPerson: async () => {
        const personId = (await thread())?.person_id;
        const person = personId ? await this.deps.repos.persons.findById(personId) : undefined;
        return person ? { externalId: person.external_id, name: person.name } : null;
      },
      searchKnowledge: (query, limit) =>
        this.deps.searchKnowledge?.(projectId, chatId, query, limit) ?? Promise.resolve([]),
    };
  }

  private reportFailedCall(model: string, call: ModelCallTimer, error: unknown): void {
    this.deps.observer?.modelCall({
      model,
      ok: false,
      timedOut: error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"),
      ...call.finish(),
      inputTokens: 0,
      outputTokens: 0,
    });
  }

  private failure(error: unknown, threadId: string, attempts: number): TurnOutcome {
    this.deps.log.warn({ err: error, threadId, attempts }, "model call failed");
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return timedOut
      ? failed("model_timeout", "The model did not answer in time; try again.")
      : failed(
          "model_error",
          `The model provider failed${attempts > 1 ? ` after ${attempts} attempts` : ""}; try again.`,
        );
  }

  /**
   * A failed turn: left to the queue when its job runs again and the failure may pass, else
   * given up, which is recorded once (docs/conversations.md, "Failed replies"). A failure to
   * record it is logged: the turn's own outcome stands.
   */
  private async giveUpOrRetry(
    projectId: string,
    threadId: string,
    outcome: FailedTurn,
    trace: TurnTrace,
    options: TurnOptions,
  ): Promise<TurnOutcome> {
    const ended = { ...outcome, attempts: trace.modelCalls };
    if (options.retriesLeft === true && PASSING_FAILURES.has(outcome.code))
      return { ...ended, retryLater: true };
    try {
      await this.deps.transactor.run(projectId, async (unit) => {
        const thread = await unit.repos.threads.find(projectId, threadId);
        if (!thread) return;
        await recordReplyFailure(
          unit,
          this.deps,
          thread,
          { code: outcome.code, reason: outcome.message, attempts: ended.attempts },
          { jobId: options.jobId },
        );
      });
    } catch (error) {
      this.deps.log.error({ err: error, threadId }, "could not record the failed reply");
    }
    return ended;
  }
}
