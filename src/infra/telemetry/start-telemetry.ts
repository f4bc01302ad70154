import type { OtlpTarget, TelemetryConfig } from "../../config-telemetry.js";
import type { Logger } from "../logging.js";
import { NO_TELEMETRY, type Telemetry } from "./telemetry.js";

export interface TelemetryStart {
  log: Logger;
  serviceVersion: string;
  /** `service.instance.id`: this process among the service's processes. */
  instanceId: string;
}

/**
 * OpenTelemetry for one service instance (docs/quality.md, "OpenTelemetry"). With no OTLP
 * endpoint (or `OTEL_SDK_DISABLED=true`) it is `NO_TELEMETRY` and the SDK is not even loaded:
 * the module that builds it (sdk.ts) is imported here, only when something is exported.
 * Logs one line naming where it exports: the endpoint's origin, never its path or headers.
 */
export async function startTelemetry(config: TelemetryConfig, start: TelemetryStart): Promise<Telemetry> {
  if (!config.traces && !config.metrics) return NO_TELEMETRY;
  const { startSdk } = await import("./sdk.js");
  const telemetry = await startSdk(config, start);
  const origins = new Set([config.traces, config.metrics].flatMap((to) => (to ? [originOf(to)] : [])));
  start.log.info(
    { traces: describe(config.traces), metrics: describe(config.metrics) },
    `telemetry: exporting over OTLP to ${[...origins].join(" and ")}`,
  );
  return telemetry;
}

/** Scheme, host and port: a path or a user's password in the URL is not logged. */
const originOf = (target: OtlpTarget) => new URL(target.url).origin;

const describe = (target: OtlpTarget | undefined) =>
  target ? `${originOf(target)} (${target.protocol})` : "off";
