import type { IncomingHttpHeaders } from "node:http";
import { type Context, context, type Meter, type Tracer } from "@opentelemetry/api";

/**
 * What the code that records spans and OpenTelemetry metrics is given (docs/quality.md,
 * "OpenTelemetry"). One per service instance, made by `startTelemetry` (start-telemetry.ts) from
 * the configuration; `NO_TELEMETRY` when nothing is exported, in which case no SDK is loaded
 * and every helper calls straight through (`withSpan` runs its function with no span).
 *
 * Spans carry ids, names, numbers and codes only: never message text, tool arguments or
 * results (unless `captureContent`), secrets, API keys, URLs' paths or request headers.
 */
export interface Telemetry {
  /** Undefined when traces are not exported: no span is made at all. */
  readonly tracer: Tracer | undefined;
  /** Undefined when metrics are not exported over OTLP (Prometheus's are unaffected). */
  readonly meter: Meter | undefined;
  /** PARLEY_OTEL_CAPTURE_CONTENT: tool call arguments and results on `execute_tool` spans. */
  readonly captureContent: boolean;
  /** The context an incoming request's `traceparent` continues (W3C Trace Context). */
  extract(headers: IncomingHttpHeaders): Context;
  /** Sends what is buffered now (tests; before a shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops the exporters, within a bound; called once when the service closes. */
  shutdown(): Promise<void>;
}

export const NO_TELEMETRY: Telemetry = {
  tracer: undefined,
  meter: undefined,
  captureContent: false,
  extract: () => context.active(),
  flush: async () => {},
  shutdown: async () => {},
};

export const isExporting = (telemetry: Telemetry): boolean =>
  telemetry.tracer !== undefined || telemetry.meter !== undefined;
