import { z } from "zod";
import { httpUrl } from "./config-urls.js";

/**
 * OpenTelemetry export (docs/quality.md, "OpenTelemetry"): the standard `OTEL_*` variables that
 * decide whether Parley exports at all, where to and how. What the official exporters read by
 * themselves (`OTEL_EXPORTER_OTLP_HEADERS`, `…_TIMEOUT`, `…_COMPRESSION`, `…_CERTIFICATE`,
 * `OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE`) and the resource
 * (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`) are theirs and not parsed here.
 */
const protocol = z
  .string()
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined || value === "http/protobuf" || value === "http/json") return;
    ctx.addIssue({
      code: "custom",
      message:
        value === "grpc"
          ? "grpc is not supported: use http/protobuf (the collector's port 4318) or http/json"
          : "must be http/protobuf or http/json",
    });
  });

const exporterChoice = z.enum(["otlp", "none"]).optional();

const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

export const telemetryEnv = {
  OTEL_SDK_DISABLED: z.enum(["true", "false"]).default("false"),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl().optional(),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: httpUrl().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: protocol,
  OTEL_TRACES_EXPORTER: exporterChoice,
  OTEL_METRICS_EXPORTER: exporterChoice,
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default("parentbased_always_on"),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).max(600_000).default(5000),
  OTEL_METRIC_EXPORT_INTERVAL: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  PARLEY_OTEL_CAPTURE_CONTENT: z.enum(["true", "false"]).default("false"),
};

export type OtlpProtocol = "http/protobuf" | "http/json";
export type SamplerName = (typeof SAMPLERS)[number];

/** Where one signal goes: the full URL the exporter posts to, and its encoding. */
export interface OtlpTarget {
  url: string;
  protocol: OtlpProtocol;
}

export interface TelemetryConfig {
  /** Undefined: no span is recorded or exported. */
  traces: OtlpTarget | undefined;
  /** Undefined: no OpenTelemetry metric is recorded or exported (Prometheus's are unaffected). */
  metrics: OtlpTarget | undefined;
  sampler: { name: SamplerName; ratio: number };
  /** How long finished spans wait to be sent in a batch. */
  batchDelayMs: number;
  metricIntervalMs: number;
  /** Tool call arguments and results on `execute_tool` spans (off by default: they may be personal). */
  captureContent: boolean;
}

type TelemetryEnv = z.infer<z.ZodObject<typeof telemetryEnv>>;

/**
 * The OTLP/HTTP rule of the specification: a signal's own endpoint is used as it is; the
 * shared endpoint gets the signal's path (`/v1/traces`, `/v1/metrics`) appended.
 */
function targetOf(
  own: string | undefined,
  shared: string | undefined,
  path: string,
  protocol: string | undefined,
): OtlpTarget | undefined {
  const url = own ?? (shared === undefined ? undefined : `${shared.replace(/\/+$/, "")}/${path}`);
  if (url === undefined) return undefined;
  return { url, protocol: (protocol ?? "http/protobuf") as OtlpProtocol };
}

export function telemetryConfigOf(env: TelemetryEnv): TelemetryConfig {
  const off = env.OTEL_SDK_DISABLED === "true";
  const traces =
    off || env.OTEL_TRACES_EXPORTER === "none"
      ? undefined
      : targetOf(
          env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
          env.OTEL_EXPORTER_OTLP_ENDPOINT,
          "v1/traces",
          env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL,
        );
  const metrics =
    off || env.OTEL_METRICS_EXPORTER === "none"
      ? undefined
      : targetOf(
          env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT,
          env.OTEL_EXPORTER_OTLP_ENDPOINT,
          "v1/metrics",
          env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL,
        );
  return {
    traces,
    metrics,
    sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_TRACES_SAMPLER_ARG },
    batchDelayMs: env.OTEL_BSP_SCHEDULE_DELAY,
    metricIntervalMs: env.OTEL_METRIC_EXPORT_INTERVAL,
    captureContent: env.PARLEY_OTEL_CAPTURE_CONTENT === "true",
  };
}
