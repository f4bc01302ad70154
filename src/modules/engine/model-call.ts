import {
  type AssistantModelMessage,
  hasToolCall,
  type LanguageModel,
  type StepResult,
  stepCountIs,
  streamText,
  type ToolModelMessage,
  type ToolSet,
} from "ai";
import type { IdGenerator } from "../../infra/ids.js";
import { createStreamFormatter } from "../../lib/formatting/index.js";
import type { BotSettings } from "../bots/index.js";
import type { PausedCall } from "./approval-flow.js";
import { OFFER_CHOICES_TOOL } from "./tools/offer-choices.js";
import type { TurnEventSink } from "./turn-events.js";
import type { ReplyFinishReason } from "./turn-outcome.js";
import type { TurnPrompt } from "./turn-prompt.js";
import type { ModelCallTimer, TurnObserver, TurnTrace } from "./turn-report.js";
import type { TurnTools } from "./turn-tools.js";
import type { ModelParameters, ModelRequestWatch, TurnWatch } from "./turn-watch.js";

export interface ModelCallDeps {
  newId: IdGenerator;
  /** Upper bound of one model call, first byte to last. */
  timeoutMs: number;
  maxSteps?: number;
  /** Told about every model call and every turn (metrics); each turn is also logged once. */
  observer?: TurnObserver;
}

/** What a turn asks the model: the bot's model and settings, the prompt and the tools. */
export interface ModelRequest {
  model: LanguageModel;
  settings: BotSettings;
  prompt: TurnPrompt;
  tools: TurnTools;
}

/** What the model answered, once its stream ended. */
export interface ModelAnswer {
  /** The steps to store: the model's messages and the tool results between them. */
  messages: Array<AssistantModelMessage | ToolModelMessage>;
  usage: { inputTokens: number; outputTokens: number };
  finishReason: ReplyFinishReason;
  /** Calls that wait for a person's approval: the turn pauses on them. */
  paused: PausedCall[];
}

/** One attempt at the model: whether its output reached the turn's events (then it is not retried). */
export interface ModelAttempt {
  emitted: boolean;
}

/** What a turn reads from streamText's onFinish. */
type StepsFinish = Pick<StepResult<ToolSet>, "response"> & {
  totalUsage: { inputTokens: number | undefined; outputTokens: number | undefined };
};

/** Stream parts that are the model's output: the first of them is its "first token". */
const FIRST_OUTPUT_PARTS = new Set(["text-delta", "reasoning-delta", "tool-input-start", "tool-call"]);

/**
 * One model call through the AI SDK, its tools run by the SDK: its stream told as the turn's
 * events as it comes (text formatted as `ai.formatting` asks, holding back only what could
 * still be an emoji or a Markdown fragment), and timed for the turn's report and the metrics.
 * Throws what the provider or the deadline threw.
 */
export async function callModel(
  deps: ModelCallDeps,
  request: ModelRequest,
  trace: TurnTrace,
  events: TurnEventSink,
  attempt: ModelAttempt,
  watch: TurnWatch,
): Promise<ModelAnswer> {
  const { settings, prompt, tools } = request;
  const options = settings.ai.model;
  const paused: PausedCall[] = [];
  let formatter = createStreamFormatter(settings.ai.formatting);
  const deadline = AbortSignal.timeout(deps.timeoutMs);
  const call = trace.startModelCall();
  const parameters = modelParameters(options);
  let steps = 0;
  let step: ModelRequestWatch | undefined;
  // What the model call produced, from onFinish: `result.response` and `result.totalUsage`
  // would each replay the whole stream through another tee of it (a third of the SDK's cost).
  let finished: StepsFinish | undefined;
  let finishReason: string | undefined;
  let answered: Pick<StepsFinish, "response" | "totalUsage">;
  try {
    const result = streamText({
      model: request.model,
      onFinish: (event) => {
        finished = event;
      },
      // The stream's `error` part below reports the failure; the SDK's default would also
      // print the error, stack and request body, to stderr.
      onError: () => {},
      system: prompt.system,
      messages: prompt.history,
      tools: tools.set,
      // An offer of buttons is the turn's reply: the model is not asked again after it.
      stopWhen: [stepCountIs(deps.maxSteps ?? 5), hasToolCall(OFFER_CHOICES_TOOL)],
      maxRetries: 0,
      abortSignal: deadline,
      ...parameters,
    });
    for await (const part of result.fullStream) {
      if (FIRST_OUTPUT_PARTS.has(part.type)) {
        call.output();
        step?.firstOutput();
      }
      switch (part.type) {
        case "start-step":
          step = watch.modelRequest({
            attempt: trace.modelCalls,
            step: steps++,
            model: options.id,
            parameters,
          });
          break;
        case "finish-step":
          step?.end({
            inputTokens: part.usage.inputTokens ?? 0,
            outputTokens: part.usage.outputTokens ?? 0,
            finishReason: part.finishReason,
            responseModel: part.response.modelId,
          });
          step = undefined;
          break;
        case "text-delta": {
          attempt.emitted = true;
          const text = formatter.push(part.text);
          if (text) events({ type: "text-delta", text });
          break;
        }
        case "text-end": {
          const rest = formatter.flush();
          if (rest) events({ type: "text-delta", text: rest });
          formatter = createStreamFormatter(settings.ai.formatting);
          break;
        }
        case "tool-call": {
          attempt.emitted = true;
          const key = tools.keyOf(part.toolName);
          // A call that waits for approval is told with its approval id, just below.
          if (tools.policyOf(key) === "auto")
            events({ type: "tool-call", toolCallId: part.toolCallId, toolName: key, input: part.input });
          break;
        }
        case "tool-approval-request": {
          const pause = pausedCall(deps, tools, part.toolCall);
          paused.push(pause);
          events({
            type: "approval-requested",
            toolCallId: pause.toolCallId,
            toolName: pause.toolName,
            input: pause.args,
            approvalId: pause.approvalId,
            policy: pause.policy,
          });
          break;
        }
        case "tool-result":
          events({
            type: "tool-result",
            toolCallId: part.toolCallId,
            toolName: tools.keyOf(part.toolName),
            output: part.output,
          });
          break;
        case "tool-error":
          events({
            type: "tool-result",
            toolCallId: part.toolCallId,
            toolName: tools.keyOf(part.toolName),
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
    answered = {
      response: finished?.response ?? (await result.response),
      totalUsage: finished?.totalUsage ?? (await result.totalUsage),
    };
  } catch (error) {
    reportFailedCall(deps, settings.ai.model.id, call, error);
    // A failure before any step started is still a request the model was sent.
    step ??= watch.modelRequest({ attempt: trace.modelCalls, step: steps, model: options.id, parameters });
    step.end({
      inputTokens: 0,
      outputTokens: 0,
      finishReason: null,
      error: {
        code: isTimeout(error) ? "model_timeout" : "model_error",
        message: error instanceof Error ? error.message : String(error),
      },
    });
    throw error;
  }
  const usage = {
    inputTokens: answered.totalUsage.inputTokens ?? 0,
    outputTokens: answered.totalUsage.outputTokens ?? 0,
  };
  trace.inputTokens += usage.inputTokens;
  trace.outputTokens += usage.outputTokens;
  deps.observer?.modelCall({
    model: settings.ai.model.id,
    ok: true,
    timedOut: false,
    ...call.finish(),
    ...usage,
  });
  return {
    messages: answered.response.messages,
    usage,
    finishReason: paused.length > 0 ? "tool-calls" : replyFinishReason(finishReason),
    paused,
  };
}

/** Whether a model call's error is its deadline (or an abort). */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** A call the model made that waits for approval, named by its `ai.tools` key (what operators and the API see). */
function pausedCall(
  deps: ModelCallDeps,
  tools: TurnTools,
  toolCall: { toolCallId: string; toolName: string; input: unknown },
): PausedCall {
  const key = tools.keyOf(toolCall.toolName);
  return {
    approvalId: deps.newId("apr"),
    toolCallId: toolCall.toolCallId,
    toolName: key,
    args: toolCall.input,
    policy: tools.policyOf(key) as PausedCall["policy"],
    tool: tools.wordingOf(key),
  };
}

/** The sampling parameters the bot set, as the AI SDK names them. */
function modelParameters(options: BotSettings["ai"]["model"]): ModelParameters {
  return {
    ...(options.temperature !== null ? { temperature: options.temperature } : {}),
    ...(options.max_tokens !== null ? { maxOutputTokens: options.max_tokens } : {}),
    ...(options.top_p !== null ? { topP: options.top_p } : {}),
    ...(options.frequency_penalty !== null ? { frequencyPenalty: options.frequency_penalty } : {}),
    ...(options.presence_penalty !== null ? { presencePenalty: options.presence_penalty } : {}),
  };
}

function replyFinishReason(reason: string | undefined): ReplyFinishReason {
  if (reason === "length") return "length";
  if (reason === "tool-calls") return "tool-calls";
  return "stop";
}

function reportFailedCall(deps: ModelCallDeps, model: string, call: ModelCallTimer, error: unknown): void {
  deps.observer?.modelCall({
    model,
    ok: false,
    timedOut: isTimeout(error),
    ...call.finish(),
    inputTokens: 0,
    outputTokens: 0,
  });
}
