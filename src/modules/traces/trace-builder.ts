import { performance } from "node:perf_hooks";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ModelRequestWatch, ToolCallWatch, TurnWatch } from "../engine/index.js";
import type { CatalogEntry } from "../models/index.js";
import type { StoredTrace } from "./trace-document.js";
import { boundedValue } from "./trace-limits.js";

export interface TraceBuilderDeps {
  clock: Clock;
  newId: IdGenerator;
  /** The model's prices, for each request's cost. */
  priceOf(model: string): CatalogEntry["pricing"] | undefined;
}

/** What a trace document is recorded from: the turn's thread (null for an evaluation) and job. */
export interface TraceSubject {
  threadId: string | null;
  jobId?: string | undefined;
}

/** How the turn ended, as the document tells it. */
export interface TraceFinish {
  outcome: "replied" | "failed";
  code?: string | null | undefined;
  reason?: string | null | undefined;
}

/**
 * A trace document being recorded (docs/quality.md, "Traces"): the watch that fills it as the
 * engine tells the turn, and `finish`, which sets its outcome and timings. Storing it is the
 * caller's business: the stored trace (TraceRecorder) and an evaluation's result
 * (docs/quality.md, "Evaluations") build it the same way.
 */
export interface TraceBuilder {
  /** The document as recorded so far. */
  readonly trace: StoredTrace;
  /** Everything a TurnWatch is told but the turn's end and its stored reply. */
  readonly watch: Omit<TurnWatch, "replyStored" | "end">;
  finish(end: TraceFinish): StoredTrace;
}

/** Beyond these, a turn's trace keeps the first ones and says it was cut. */
const MAX_REQUESTS = 50;
const MAX_TOOL_CALLS = 50;
const MAX_SEARCHES = 20;

export function traceBuilder(deps: TraceBuilderDeps, subject: TraceSubject): TraceBuilder {
  const { clock, newId } = deps;
  const started = performance.now();
  const at = () => clock.now().toISOString();
  let firstOutput: number | null = null;
  const trace: StoredTrace = {
    id: newId("trc"),
    thread_id: subject.threadId,
    job_id: subject.jobId ?? null,
    bot_id: null,
    model: null,
    bot_version: null,
    settings_version: null,
    started_at: at(),
    duration_ms: 0,
    first_token_ms: null,
    outcome: "failed",
    code: null,
    reason: null,
    window: { message_ids: [], recalled: [] },
    knowledge: [],
    model_requests: [],
    tool_calls: [],
    formatting: [],
    usage: { input_tokens: 0, output_tokens: 0 },
    truncated: false,
  };
  const bounded = (value: unknown) => {
    const kept = boundedValue(value);
    if (kept.cut) trace.truncated = true;
    return kept.value;
  };
  const cost = (model: string, inputTokens: number, outputTokens: number): number | null => {
    const prices = deps.priceOf(model);
    if (!prices) return null;
    const credits =
      (inputTokens * prices.input_credits_per_million + outputTokens * prices.output_credits_per_million) /
      1_000_000;
    return Math.round(credits * 10_000) / 10_000;
  };
  const watch: TraceBuilder["watch"] = {
    bot: (bot) => {
      trace.bot_id = bot.botId;
      trace.model = bot.model;
      trace.bot_version = bot.version;
      trace.settings_version = bot.settingsVersion;
      trace.formatting = [...bot.formatting];
    },
    window: (window) => {
      trace.window = {
        message_ids: [...window.messageIds],
        recalled: window.recalled.map((r) => ({
          message_id: r.messageId,
          thread_id: r.threadId,
          score: r.score,
        })),
      };
    },
    knowledge: (query, passages) => {
      if (trace.knowledge.length >= MAX_SEARCHES) {
        trace.truncated = true;
        return;
      }
      trace.knowledge.push({
        query: bounded(query) as string,
        passages: passages.map((p) => ({
          vector_store_id: p.vectorStoreId,
          file_id: p.fileId,
          file_name: p.fileName,
          chunk: p.chunk,
          score: p.score,
        })),
      });
    },
    modelRequest: (request): ModelRequestWatch => {
      const requestStart = performance.now();
      let first: number | null = null;
      const entry: StoredTrace["model_requests"][number] = {
        attempt: request.attempt,
        step: request.step,
        model: request.model,
        response_model: null,
        parameters: { ...request.parameters },
        started_at: at(),
        first_token_ms: null,
        duration_ms: 0,
        input_tokens: 0,
        output_tokens: 0,
        cost_credits: null,
        finish_reason: null,
        error: null,
      };
      if (trace.model_requests.length < MAX_REQUESTS) trace.model_requests.push(entry);
      else trace.truncated = true;
      return {
        firstOutput: () => {
          if (first !== null) return;
          first = performance.now();
          firstOutput ??= first;
        },
        end: (result) => {
          entry.first_token_ms = first === null ? null : Math.round(first - requestStart);
          entry.duration_ms = Math.round(performance.now() - requestStart);
          entry.input_tokens = result.inputTokens;
          entry.output_tokens = result.outputTokens;
          entry.finish_reason = result.finishReason;
          entry.response_model = result.responseModel ?? null;
          entry.error = result.error
            ? { code: result.error.code, message: bounded(result.error.message) as string }
            : null;
          entry.cost_credits = cost(request.model, result.inputTokens, result.outputTokens);
          trace.usage.input_tokens += result.inputTokens;
          trace.usage.output_tokens += result.outputTokens;
        },
      };
    },
    toolCall: (call): ToolCallWatch => {
      const callStart = performance.now();
      const entry: StoredTrace["tool_calls"][number] = {
        call_id: call.callId,
        name: call.name,
        args: bounded(call.args),
        status: "ok",
        result: null,
        approval: call.approval
          ? {
              policy: call.approval.policy,
              decision: call.approval.decision,
              decided_by: call.approval.decidedBy,
            }
          : null,
        started_at: at(),
        duration_ms: 0,
      };
      if (trace.tool_calls.length < MAX_TOOL_CALLS) trace.tool_calls.push(entry);
      else trace.truncated = true;
      return {
        end: (result) => {
          entry.status = result.status;
          entry.result = bounded(result.result);
          entry.duration_ms = Math.round(performance.now() - callStart);
        },
      };
    },
  };
  return {
    trace,
    watch,
    finish: (end) => {
      trace.outcome = end.outcome;
      trace.code = end.code ?? null;
      trace.reason = end.outcome === "failed" ? (end.reason ?? null) : null;
      trace.duration_ms = Math.round(performance.now() - started);
      trace.first_token_ms = firstOutput === null ? null : Math.round(firstOutput - started);
      return trace;
    },
  };
}
