import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/config.js";

const telemetryOf = (env: Record<string, string>) => loadConfig(env).telemetry;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

/** The OTEL_* variables Parley reads (docs/configuration.md, "OpenTelemetry"). */
describe("OpenTelemetry configuration", () => {
  it("exports nothing by default", () => {
    expect(telemetryOf({})).toEqual({
      traces: undefined,
      metrics: undefined,
      sampler: { name: "parentbased_always_on", ratio: 1 },
      batchDelayMs: 5000,
      metricIntervalMs: 60_000,
      captureContent: false,
    });
  });

  it("appends each signal's path to OTEL_EXPORTER_OTLP_ENDPOINT, protobuf by default", () => {
    for (const endpoint of ["http://collector:4318", "http://collector:4318/"]) {
      expect(telemetryOf({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toMatchObject({
        traces: { url: "http://collector:4318/v1/traces", protocol: "http/protobuf" },
        metrics: { url: "http://collector:4318/v1/metrics", protocol: "http/protobuf" },
      });
    }
    expect(
      telemetryOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://cloud.langfuse.com/api/public/otel" }).traces?.url,
    ).toBe("https://cloud.langfuse.com/api/public/otel/v1/traces");
  });

  it("takes a signal's own endpoint as it is, and its own protocol over the shared one", () => {
    expect(
      telemetryOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://tempo:4318/custom/traces",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: "http/protobuf",
      }),
    ).toMatchObject({
      traces: { url: "http://tempo:4318/custom/traces", protocol: "http/json" },
      metrics: { url: "http://collector:4318/v1/metrics", protocol: "http/protobuf" },
    });
    // Only a traces endpoint: no metrics are exported (Langfuse takes traces only).
    expect(telemetryOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://jaeger:4318/v1/traces" })).toMatchObject(
      {
        traces: { url: "http://jaeger:4318/v1/traces" },
        metrics: undefined,
      },
    );
  });

  it("turns a signal off with OTEL_*_EXPORTER=none, and everything with OTEL_SDK_DISABLED=true", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(telemetryOf({ ...endpoint, OTEL_METRICS_EXPORTER: "none" })).toMatchObject({
      traces: { url: "http://collector:4318/v1/traces" },
      metrics: undefined,
    });
    expect(telemetryOf({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }).traces).toBeUndefined();
    expect(telemetryOf({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toMatchObject({
      traces: undefined,
      metrics: undefined,
    });
  });

  it("reads the sampler, the batch delay, the metric interval and content capture", () => {
    expect(
      telemetryOf({
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
        OTEL_BSP_SCHEDULE_DELAY: "1000",
        OTEL_METRIC_EXPORT_INTERVAL: "15000",
        PARLEY_OTEL_CAPTURE_CONTENT: "true",
      }),
    ).toMatchObject({
      sampler: { name: "parentbased_traceidratio", ratio: 0.25 },
      batchDelayMs: 1000,
      metricIntervalMs: 15_000,
      captureContent: true,
    });
  });

  it("refuses gRPC, an endpoint without its scheme and an unknown sampler, naming the variable", () => {
    expect(problemsOf({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toEqual([
      "OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported: use http/protobuf (the collector's port 4318) or http/json",
    ]);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toEqual([
      "OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' has no scheme: write http://collector:4318 or https://collector:4318",
    ]);
    expect(problemsOf({ OTEL_TRACES_SAMPLER: "sometimes" })[0]).toMatch(/^OTEL_TRACES_SAMPLER: /);
    expect(problemsOf({ OTEL_TRACES_SAMPLER_ARG: "2" })[0]).toMatch(/^OTEL_TRACES_SAMPLER_ARG: /);
  });
});
