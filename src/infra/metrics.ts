import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { App } from "./http-types.js";

/** Prometheus metrics of one app instance (its own registry: no process-wide singleton). */
export interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status_code">;
  duration: Histogram<"method" | "route" | "status_code">;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parley_" });
  const labelNames = ["method", "route", "status_code"] as const;
  return {
    registry,
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
