import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  type Span,
  SpanKind,
  trace,
} from "@opentelemetry/api";
import {
  GEN_AI,
  GEN_AI_METRIC,
  genAiModel,
  OPERATION_SECONDS,
  TOKEN_BUCKETS,
} from "../../infra/telemetry/gen-ai.js";
import type { Telemetry } from "../../infra/telemetry/telemetry.js";
import { failSpan, startSpan } from "../../infra/telemetry/with-span.js";
import type {
  KnowledgePassage,
  ModelParameters,
  ModelRequestEnd,
  ModelRequestStart,
  ModelRequestWatch,
  ToolCallEnd,
  ToolCallStart,
  ToolCallWatch,
  TurnBot,
  TurnEnd,
  TurnStart,
  TurnWatch,
  TurnWatcher,
  TurnWindow,
} from "./turn-watch.js";

/**
 * A turn as OpenTelemetry spans and metrics, in the GenAI semantic conventions (docs/quality.md,
 * "OpenTelemetry"): `invoke_agent <bot id>` (INTERNAL) for the turn, a child of whatever span is
 * active when it starts (the HTTP request that streams it, the job that runs it); under it one
 * `chat <model>` (CLIENT) per request to the model and one `execute_tool <name>` per tool call.
 * Each model request also records `gen_ai.client.operation.duration` and, when it answered,
 * `gen_ai.client.token.usage`.
 *
 * Ids, names, numbers and codes only: no message text, knowledge query or passage; tool
 * arguments and results only with PARLEY_OTEL_CAPTURE_CONTENT=true.
 */
export class OtelTurnWatcher implements TurnWatcher {
  private readonly instruments: Instruments;

  constructor(private readonly telemetry: Telemetry) {
    const meter = telemetry.meter;
    this.instruments = {
      tokens: meter?.createHistogram(GEN_AI_METRIC.TOKEN_USAGE, {
        unit: "{token}",
        description: "Number of input and output tokens used.",
        advice: { explicitBucketBoundaries: TOKEN_BUCKETS },
      }),
      duration: meter?.createHistogram(GEN_AI_METRIC.OPERATION_DURATION, {
        unit: "s",
        description: "GenAI operation duration.",
        advice: { explicitBucketBoundaries: OPERATION_SECONDS },
      }),
    };
  }

  start(turn: TurnStart): TurnWatch {
    return new OtelTurn(this.telemetry, this.instruments, turn);
  }
}

interface Instruments {
  tokens: Histogram | undefined;
  duration: Histogram | undefined;
}

/** Longest captured tool argument or result (PARLEY_OTEL_CAPTURE_CONTENT), in characters. */
const CAPTURED_CHARS = 8192;

class OtelTurn implements TurnWatch {
  private readonly span: Span;
  /** The turn span's context: the parent of its model requests and tool calls. */
  private readonly parent: Context;
  /** Children not ended yet: a turn that ends first ends them. */
  private readonly open = new Set<Span>();

  constructor(
    private readonly telemetry: Telemetry,
    private readonly instruments: Instruments,
    private readonly turn: TurnStart,
  ) {
    this.span = startSpan(telemetry, "invoke_agent", {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GEN_AI.OPERATION_NAME]: "invoke_agent",
        [GEN_AI.CONVERSATION_ID]: turn.threadId,
        "parley.project.id": turn.projectId,
        "parley.thread.id": turn.threadId,
        ...(turn.jobId ? { "parley.job.id": turn.jobId } : {}),
      },
    });
    this.parent = trace.setSpan(context.active(), this.span);
  }

  bot(bot: TurnBot): void {
    const { provider, model } = genAiModel(bot.model);
    this.span.updateName(`invoke_agent ${bot.botId}`);
    this.span.setAttributes({
      [GEN_AI.AGENT_ID]: bot.botId,
      [GEN_AI.PROVIDER_NAME]: provider,
      [GEN_AI.REQUEST_MODEL]: model,
      "parley.bot.settings_version": bot.settingsVersion,
      ...(bot.version !== null ? { "parley.bot.version": bot.version } : {}),
      ...(bot.formatting.length > 0 ? { "parley.bot.formatting": bot.formatting } : {}),
    });
  }

  window(window: TurnWindow): void {
    this.span.setAttributes({
      "parley.turn.window_messages": window.messageIds.length,
      "parley.turn.recalled_messages": window.recalled.length,
    });
  }

  knowledge(_query: string, passages: KnowledgePassage[]): void {
    this.span.addEvent("parley.knowledge.search", {
      "parley.knowledge.passages": passages.length,
      ...(passages.length > 0
        ? { "parley.knowledge.top_score": Math.max(...passages.map((p) => p.score)) }
        : {}),
    });
  }

  modelRequest(start: ModelRequestStart): ModelRequestWatch {
    const { provider, model } = genAiModel(start.model);
    const operation = {
      [GEN_AI.OPERATION_NAME]: "chat",
      [GEN_AI.PROVIDER_NAME]: provider,
      [GEN_AI.REQUEST_MODEL]: model,
    };
    const span = startSpan(
      this.telemetry,
      `chat ${model}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...operation,
          ...parameterAttributes(start.parameters),
          [GEN_AI.CONVERSATION_ID]: this.turn.threadId,
          "parley.model.attempt": start.attempt,
          "parley.model.step": start.step,
        },
      },
      this.parent,
    );
    this.open.add(span);
    const startedAt = performance.now();
    let firstSeen = false;
    return {
      firstOutput: () => {
        if (firstSeen) return;
        firstSeen = true;
        span.setAttribute(GEN_AI.RESPONSE_TIME_TO_FIRST_CHUNK, (performance.now() - startedAt) / 1000);
      },
      end: (result) => {
        if (!this.open.delete(span)) return;
        const seconds = (performance.now() - startedAt) / 1000;
        span.setAttributes(responseAttributes(result));
        if (result.error) failSpan(span, result.error.code);
        span.end();
        const response = result.responseModel ? { [GEN_AI.RESPONSE_MODEL]: result.responseModel } : {};
        this.instruments.duration?.record(seconds, {
          ...operation,
          ...response,
          ...(result.error ? { "error.type": result.error.code } : {}),
        });
        if (!result.error) {
          this.instruments.tokens?.record(result.inputTokens, {
            ...operation,
            ...response,
            [GEN_AI.TOKEN_TYPE]: "input",
          });
          this.instruments.tokens?.record(result.outputTokens, {
            ...operation,
            ...response,
            [GEN_AI.TOKEN_TYPE]: "output",
          });
        }
      },
    };
  }

  toolCall(start: ToolCallStart): ToolCallWatch {
    const capture = this.telemetry.captureContent;
    const span = startSpan(
      this.telemetry,
      `execute_tool ${start.name}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [GEN_AI.OPERATION_NAME]: "execute_tool",
          [GEN_AI.TOOL_NAME]: start.name,
          [GEN_AI.TOOL_CALL_ID]: start.callId,
          [GEN_AI.TOOL_TYPE]: "function",
          ...(start.approval
            ? {
                "parley.tool.approval.policy": start.approval.policy,
                "parley.tool.approval.decision": start.approval.decision,
                ...(start.approval.decidedBy
                  ? { "parley.tool.approval.decided_by": start.approval.decidedBy }
                  : {}),
              }
            : {}),
          ...(capture ? { [GEN_AI.TOOL_CALL_ARGUMENTS]: captured(start.args) } : {}),
        },
      },
      this.parent,
    );
    this.open.add(span);
    return {
      end: (result: ToolCallEnd) => {
        if (!this.open.delete(span)) return;
        span.setAttribute("parley.tool.status", result.status);
        if (capture) span.setAttribute(GEN_AI.TOOL_CALL_RESULT, captured(result.result));
        if (result.status !== "ok") failSpan(span, result.status === "denied" ? "denied" : "tool_error");
        span.end();
      },
    };
  }

  async end(end: TurnEnd): Promise<void> {
    for (const child of this.open) {
      child.setAttribute("parley.abandoned", true);
      child.end();
    }
    this.open.clear();
    this.span.setAttributes({
      "parley.turn.outcome": end.outcome,
      ...(end.code ? { "parley.turn.code": end.code } : {}),
      ...(end.reason ? { "parley.turn.reason": end.reason } : {}),
      ...(end.replyMessageIds ? { "parley.turn.reply_messages": end.replyMessageIds.length } : {}),
    });
    if (end.outcome === "failed") failSpan(this.span, end.code ?? "failed");
    this.span.end();
  }
}

function parameterAttributes(parameters: ModelParameters): Attributes {
  const named: Array<[string, number | undefined]> = [
    [GEN_AI.REQUEST_TEMPERATURE, parameters.temperature],
    [GEN_AI.REQUEST_MAX_TOKENS, parameters.maxOutputTokens],
    [GEN_AI.REQUEST_TOP_P, parameters.topP],
    [GEN_AI.REQUEST_FREQUENCY_PENALTY, parameters.frequencyPenalty],
    [GEN_AI.REQUEST_PRESENCE_PENALTY, parameters.presencePenalty],
  ];
  return Object.fromEntries(named.filter(([, value]) => value !== undefined));
}

function responseAttributes(result: ModelRequestEnd): Attributes {
  return {
    [GEN_AI.USAGE_INPUT_TOKENS]: result.inputTokens,
    [GEN_AI.USAGE_OUTPUT_TOKENS]: result.outputTokens,
    ...(result.finishReason !== null ? { [GEN_AI.RESPONSE_FINISH_REASONS]: [result.finishReason] } : {}),
    ...(result.responseModel ? { [GEN_AI.RESPONSE_MODEL]: result.responseModel } : {}),
  };
}

/** A captured argument or result as JSON, cut to CAPTURED_CHARS; never throws. */
function captured(value: unknown): string {
  let json: string;
  try {
    json = typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
  } catch {
    json = String(value);
  }
  return json.length > CAPTURED_CHARS ? `${json.slice(0, CAPTURED_CHARS)}…` : json;
}
