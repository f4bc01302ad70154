import type { ModelMessage } from "ai";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BotSettings } from "../bots/index.js";
import {
  callModel,
  isTimeout,
  type ProjectTools,
  type ResolvedModel,
  systemPrompt,
  type TurnEvent,
  TurnTally,
  type TurnWatch,
  turnToolsFor,
} from "../engine/index.js";
import type { CatalogEntry } from "../models/index.js";
import { type StoredTrace, traceBuilder } from "../traces/index.js";
import {
  approvedTools,
  type EvaluationEffects,
  evaluationToolContext,
  evaluationTools,
  type FoundPassage,
  handedOff,
} from "./evaluation-tools.js";
import type { TurnObservation } from "./expectations.js";
import type { CaseMessage } from "./schemas.js";

export interface EvalTurnDeps {
  clock: Clock;
  newId: IdGenerator;
  /** The project's tools (built-in and provided). */
  tools: Pick<ProjectTools, "listFor">;
  /** Searches these vector stores of the project (the version's `ai.knowledge.vectorStoreIds`). */
  searchKnowledge(
    projectId: string,
    vectorStoreIds: readonly string[],
    query: string,
    limit: number,
  ): Promise<FoundPassage[]>;
  /** The model's prices, for the trace's costs. */
  priceOf(model: string): CatalogEntry["pricing"] | undefined;
  /** Upper bound of the model call (PARLEY_MODEL_TIMEOUT_MS). */
  timeoutMs: number;
  /** PARLEY_TOOL_CALLS_PER_TURN. */
  toolCallsPerTurn?: number;
}

/** The bot an evaluation turn runs: one version of it, with the run's model. */
export interface EvalBot {
  projectId: string;
  botId: string;
  version: number;
  settingsVersion: string;
  settings: BotSettings;
  /** The run's model id and the model itself. */
  modelId: string;
  model: ResolvedModel;
}

/** What one evaluation turn produced. */
export interface EvalTurnResult {
  observed: TurnObservation;
  usage: { inputTokens: number; outputTokens: number };
  durationMs: number;
  /** The turn's failure (`model_error`, `model_timeout`, `model_unavailable`); null when it answered. */
  error: { code: string; message: string } | null;
  /** The trace document, `thread_id` null and `bot_version` set. */
  trace: StoredTrace;
}

/**
 * One evaluation turn, in memory (docs/quality.md, "Evaluations"): the bot's system prompt as
 * the engine builds it (no working memory, nothing recalled) with the case's messages as the
 * history; the turn's tools as the engine offers them, approvals taken as given, the built-ins
 * against an in-memory context and other tools not run; one model call, no retries, through the
 * engine's callModel; the trace recorded as the stored trace is. No thread, no stored message,
 * no webhook, no charge.
 */
export async function runEvalTurn(
  deps: EvalTurnDeps,
  bot: EvalBot,
  turn: { name: string; messages: CaseMessage[]; toolResults: Readonly<Record<string, unknown>> },
): Promise<EvalTurnResult> {
  const started = performance.now();
  const settings = withModel(bot.settings, bot.modelId);
  const builder = traceBuilder(deps, { threadId: null });
  const policies = { of: (_key: string): string => "auto" };
  const watch: TurnWatch = {
    ...builder.watch,
    // A call under an approval policy ran as approved: the trace says which policy it skipped.
    toolCall: (call) =>
      builder.watch.toolCall({
        ...call,
        ...(policies.of(call.name) !== "auto"
          ? { approval: { policy: policies.of(call.name), decision: "approved", decidedBy: "evaluation" } }
          : {}),
      }),
    end: async () => {},
  };
  watch.bot({
    botId: bot.botId,
    model: bot.modelId,
    version: bot.version,
    settingsVersion: bot.settingsVersion,
    formatting: [
      ...(settings.ai.formatting.removeMarkdown ? ["remove_markdown"] : []),
      ...(settings.ai.formatting.removeEmojis ? ["remove_emojis"] : []),
    ],
  });
  watch.window({ messageIds: [], recalled: [] });

  const effects: EvaluationEffects = { modes: [], scheduled: [], workingMemory: null };
  const context = evaluationToolContext({
    projectId: bot.projectId,
    turnName: turn.name,
    clock: deps.clock,
    newId: deps.newId,
    effects,
    watch,
    search: (query, limit) =>
      deps.searchKnowledge(bot.projectId, settings.ai.knowledge.vectorStoreIds, query, limit),
  });
  const offered = await turnToolsFor(
    {
      tools: evaluationTools(deps.tools, turn.toolResults),
      ...(deps.toolCallsPerTurn !== undefined ? { toolCallsPerTurn: deps.toolCallsPerTurn } : {}),
    },
    { project_id: bot.projectId },
    settings,
    context,
    watch,
  );
  const tools = approvedTools(offered);
  policies.of = tools.realPolicyOf;

  const reply = new ReplyText();
  const toolCalls: TurnObservation["toolCalls"] = [];
  const events = (event: TurnEvent) => {
    if (event.type === "text-delta") reply.add(event.text);
    else if (event.type === "tool-call") {
      reply.step();
      toolCalls.push({ tool: event.toolName, arguments: event.input });
    }
  };
  const prompt = {
    system: systemPrompt(settings, null, ""),
    history: turn.messages.map((m): ModelMessage => ({ role: m.role, content: m.content })),
    rows: [],
    recalled: [],
  };
  const tally = new TurnTally();
  let error: EvalTurnResult["error"] = null;
  let usage = { inputTokens: 0, outputTokens: 0 };
  try {
    await bot.model.prepare?.();
  } catch (cause) {
    error = { code: "model_unavailable", message: messageOf(cause) };
  }
  if (!error) {
    try {
      const answer = await callModel(
        { newId: deps.newId, timeoutMs: deps.timeoutMs },
        { model: bot.model.model, settings, prompt, tools },
        tally,
        events,
        { emitted: false },
        watch,
      );
      usage = answer.usage;
    } catch (cause) {
      error = { code: isTimeout(cause) ? "model_timeout" : "model_error", message: messageOf(cause) };
    }
  }
  const trace = builder.finish(
    error ? { outcome: "failed", code: error.code, reason: error.message } : { outcome: "replied" },
  );
  return {
    observed: {
      reply: reply.text(),
      toolCalls,
      handedOff: handedOff(effects),
      outputTokens: usage.outputTokens,
    },
    usage,
    durationMs: Math.round(performance.now() - started),
    error,
    trace,
  };
}

/** The settings with the run's model (its sampling parameters stay the version's). */
function withModel(settings: BotSettings, modelId: string): BotSettings {
  return { ...settings, ai: { ...settings.ai, model: { ...settings.ai.model, id: modelId } } };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The turn's text as the person would read it: each step's text, a blank line between steps. */
class ReplyText {
  private readonly parts: string[] = [""];

  add(text: string): void {
    this.parts[this.parts.length - 1] += text;
  }

  /** A tool step: text after it is the next message. */
  step(): void {
    if (this.parts.at(-1) !== "") this.parts.push("");
  }

  text(): string {
    return this.parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join("\n\n");
  }
}
