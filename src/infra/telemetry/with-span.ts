import {
  type Attributes,
  type Context,
  INVALID_SPAN_CONTEXT,
  type Span,
  type SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { Telemetry } from "./telemetry.js";

/** What `withSpan` gives its function when nothing is traced: every call on it does nothing. */
const NOT_RECORDED: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `work` inside a span named `name` (active, so spans started inside are its children),
 * ends it when `work` settles, and marks it failed with `error.type` when `work` throws. With
 * traces off it calls `work` at once with a span that records nothing: the one helper every
 * instrumentation point uses (job runs, webhook deliveries, channel sends).
 */
export function withSpan<T>(
  telemetry: Telemetry,
  name: string,
  options: { kind: SpanKind; attributes: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = telemetry.tracer;
  if (!tracer) return work(NOT_RECORDED);
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, errorTypeOf(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Starts a span that the caller ends (when its start and end are told apart, as a turn's steps
 * are), under `parent` or the active context; with traces off, a span that records nothing.
 */
export function startSpan(
  telemetry: Telemetry,
  name: string,
  options: { kind: SpanKind; attributes: Attributes },
  parent?: Context,
): Span {
  return telemetry.tracer?.startSpan(name, options, parent) ?? NOT_RECORDED;
}

/** Marks a span failed: status ERROR and `error.type`, a low-cardinality code, never a message. */
export function failSpan(span: Span, errorType: string): void {
  span.setAttribute("error.type", errorType);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * The class of a thrown value for `error.type`: its string `code` when it has one (Parley's
 * errors, Node's system errors), else its constructor's name, else `_OTHER`. Its message is
 * never used: it may hold what a user wrote.
 */
export function errorTypeOf(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^[\w.-]{1,64}$/.test(code)) return code;
    const name = error.constructor?.name;
    if (name && name !== "Object") return name;
  }
  return "_OTHER";
}
