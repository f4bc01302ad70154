import { context, DiagLogLevel, defaultTextMapGetter, diag, ROOT_CONTEXT } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from "@opentelemetry/resources";
import {
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from "@opentelemetry/sdk-metrics";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import type { OtlpTarget, TelemetryConfig } from "../../config-telemetry.js";
import type { Logger } from "../logging.js";
import type { TelemetryStart } from "./start-telemetry.js";
import type { Telemetry } from "./telemetry.js";

/**
 * The official OpenTelemetry SDK, built from the configuration: imported by start-telemetry.ts
 * only when something is exported. Each service instance has its own providers (nothing is
 * registered as the process's global tracer or meter); the one thing made global is the
 * AsyncLocalStorage context manager, without which a span could not be the parent of the spans
 * started in the async work under it (a request's turn, a job's).
 */
export async function startSdk(config: TelemetryConfig, start: TelemetryStart): Promise<Telemetry> {
  installAsyncContext();
  forwardSdkProblems(start.log);
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: "parley",
        [ATTR_SERVICE_VERSION]: start.serviceVersion,
        "service.instance.id": start.instanceId,
      }),
    )
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, as the SDK reads them.
    .merge(detectResources({ detectors: [serviceNameEnvDetector, resourceAttributesEnvDetector] }));

  const tracerProvider = config.traces
    ? new TracerProvider({
        resource,
        sampler: samplerOf(config.sampler),
        spanProcessors: [
          new BatchSpanProcessor({
            exporter: await spanExporterOf(config.traces),
            scheduledDelayMillis: config.batchDelayMs,
          }),
        ],
      })
    : undefined;
  const meterProvider = config.metrics
    ? new MeterProvider({
        resource,
        readers: [
          new PeriodicExportingMetricReader({
            exporter: await metricExporterOf(config.metrics),
            exportIntervalMillis: config.metricIntervalMs,
            exportTimeoutMillis: Math.min(30_000, config.metricIntervalMs),
          }),
        ],
      })
    : undefined;
  const propagator = new W3CTraceContextPropagator();
  const flush = async () => {
    await Promise.all([tracerProvider?.forceFlush(), meterProvider?.forceFlush()]);
  };
  let stopped: Promise<void> | undefined;
  return {
    tracer: tracerProvider?.getTracer("parley", start.serviceVersion),
    meter: meterProvider?.getMeter("parley", start.serviceVersion),
    captureContent: config.captureContent,
    extract: (headers) => propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter),
    flush,
    shutdown() {
      stopped ??= boundedShutdown(
        Promise.all([tracerProvider?.shutdown(), meterProvider?.shutdown()]).then(() => {}),
        start.log,
      );
      return stopped;
    },
  };
}

/** A collector that does not answer must not hold the service's close past this. */
const SHUTDOWN_BOUND_MS = 5_000;

async function boundedShutdown(shutdown: Promise<void>, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), SHUTDOWN_BOUND_MS);
    timer.unref();
  });
  try {
    const result = await Promise.race([shutdown.then(() => "done" as const), bound]);
    if (result === "late")
      log.warn("telemetry: the last spans and metrics were not all sent before the close");
  } catch (error) {
    log.warn({ err: error }, "telemetry: could not send the last spans and metrics");
  } finally {
    clearTimeout(timer);
  }
}

let asyncContextInstalled = false;

function installAsyncContext(): void {
  if (asyncContextInstalled) return;
  asyncContextInstalled = true;
  // False when another is already registered (an auto-instrumentation preload): that one is used.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

let sdkProblemsForwarded = false;
const SDK_PROBLEM_EVERY_MS = 60_000;

/**
 * The SDK reports failed exports through its `diag` logger: they go to Parley's log as
 * warnings, at most one a minute (a collector that is down fails every batch).
 */
function forwardSdkProblems(log: Logger): void {
  if (sdkProblemsForwarded) return;
  sdkProblemsForwarded = true;
  let lastAt = 0;
  let skipped = 0;
  const warn = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now - lastAt < SDK_PROBLEM_EVERY_MS) {
      skipped += 1;
      return;
    }
    lastAt = now;
    const detail = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
    log.warn({ skipped }, `telemetry: ${message}${detail ? ` ${detail}` : ""}`);
    skipped = 0;
  };
  const ignore = () => {};
  diag.setLogger({ error: warn, warn, info: ignore, debug: ignore, verbose: ignore }, DiagLogLevel.WARN);
}

function samplerOf({ name, ratio }: TelemetryConfig["sampler"]): Sampler {
  switch (name) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio);
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

// The exporters read the rest of their settings (headers, timeout, compression, certificates)
// from the OTEL_EXPORTER_OTLP_* variables themselves; the URL is the configuration's.
async function spanExporterOf(target: OtlpTarget): Promise<SpanExporter> {
  if (target.protocol === "http/json") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    return new OTLPTraceExporter({ url: target.url });
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter({ url: target.url });
}

async function metricExporterOf(target: OtlpTarget): Promise<PushMetricExporter> {
  if (target.protocol === "http/json") {
    const { OTLPMetricExporter } = await import("@opentelemetry/exporter-metrics-otlp-http");
    return new OTLPMetricExporter({ url: target.url });
  }
  const { OTLPMetricExporter } = await import("@opentelemetry/exporter-metrics-otlp-proto");
  return new OTLPMetricExporter({ url: target.url });
}
