import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { App } from "./http-types.js";

/**
 * Prometheus metrics of one app instance (its own registry: no process-wide singleton). Labels
 * are bounded: route patterns, model ids of the catalog, job types, outcomes and error codes;
 * never thread, project or other resource ids. docs/operations.md lists every metric.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status_code">;
  duration: Histogram<"method" | "route" | "status_code">;
  /** One per turn run, stream or job: `outcome`, `code` of a failure, `reason` of not answering. */
  turns: Counter<"outcome" | "code" | "reason">;
  /** From the model call's start to its first output (text, reasoning or a tool call). */
  modelFirstToken: Histogram<"model">;
  /** A successful model call, start to end of its stream. */
  modelDuration: Histogram<"model">;
  modelTokens: Counter<"model" | "direction">;
  /** Failed model calls (each attempt): `kind` is `timeout` or `error`. */
  modelErrors: Counter<"model" | "kind">;
  modelRetries: Counter<"model">;
  /** Outcomes of webhook delivery attempts. */
  webhookDeliveries: Counter<"result">;
}

/** Model latencies: from a fast first token to a long tool-using answer. */
const MODEL_SECONDS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parley_" });
  const labelNames = ["method", "route", "status_code"] as const;
  return {
    registry,
    ...domainMetrics(registry),
    requests: new Counter({
      name: "parley_http_requests_total",
      help: "HTTP requests by method, route pattern and status code.",
      labelNames,
      registers: [registry],
    }),
    duration: new Histogram({
      name: "parley_http_request_duration_seconds",
      help: "HTTP request latency by method, route pattern and status code.",
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

function domainMetrics(registry: Registry) {
  const registers = [registry];
  return {
    turns: new Counter({
      name: "parley_turns_total",
      help: "AI turns run, by outcome (replied, already_answered, not_answering, failed), failure code and reason for not answering.",
      labelNames: ["outcome", "code", "reason"] as const,
      registers,
    }),
    modelFirstToken: new Histogram({
      name: "parley_model_time_to_first_token_seconds",
      help: "Time from the start of a model call to its first output, by model.",
      labelNames: ["model"] as const,
      buckets: MODEL_SECONDS,
      registers,
    }),
    modelDuration: new Histogram({
      name: "parley_model_call_duration_seconds",
      help: "Duration of successful model calls, by model.",
      labelNames: ["model"] as const,
      buckets: MODEL_SECONDS,
      registers,
    }),
    modelTokens: new Counter({
      name: "parley_model_tokens_total",
      help: "Tokens the provider reported for successful model calls, by model and direction (input, output).",
      labelNames: ["model", "direction"] as const,
      registers,
    }),
    modelErrors: new Counter({
      name: "parley_model_errors_total",
      help: "Failed model calls (every attempt), by model and kind (timeout, error).",
      labelNames: ["model", "kind"] as const,
      registers,
    }),
    modelRetries: new Counter({
      name: "parley_model_retries_total",
      help: "Model calls retried after a failure, by model.",
      labelNames: ["model"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "parley_webhook_deliveries_total",
      help: "Webhook delivery attempts by result (delivered, retrying, failed, gone).",
      labelNames: ["result"] as const,
      registers,
    }),
  };
}

/** Records every response under its route pattern (never the raw URL, so cardinality stays bounded). */
export function installRequestMetrics(app: App, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status_code: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
  });
}
