import { context, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { FastifyRequest } from "fastify";
import type { App } from "../http-types.js";
import type { Telemetry } from "./telemetry.js";

/** The HTTP semantic conventions' buckets for `http.server.request.duration`, in seconds. */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

interface RequestTelemetry {
  /** `performance.now()` when the request arrived. */
  startedAt: number;
  span: Span | undefined;
}

/**
 * A SERVER span per request (docs/quality.md, "OpenTelemetry") continuing the caller's
 * `traceparent`, and `http.server.request.duration`. The span is made the active one in the
 * first hook, so that every later hook and the handler run in its context (the body's late
 * packets too), and what the handler runs (a streamed reply's turn) is its child. Nothing is
 * installed when nothing is exported.
 *
 * Recorded: the method, the route pattern, the path (never the query string), the status code.
 * Never a header or a body.
 */
export function installHttpTelemetry(app: App, telemetry: Telemetry): void {
  const { tracer, meter } = telemetry;
  if (!tracer && !meter) return;
  const duration = meter?.createHistogram("http.server.request.duration", {
    unit: "s",
    description: "Duration of HTTP server requests.",
    advice: { explicitBucketBoundaries: HTTP_SECONDS },
  });
  const requests = new WeakMap<FastifyRequest, RequestTelemetry>();

  app.addHook("onRequest", (request, _reply, done) => {
    const startedAt = performance.now();
    if (!tracer) {
      requests.set(request, { startedAt, span: undefined });
      return done();
    }
    const parent = telemetry.extract(request.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": request.method,
          "url.path": pathOf(request.url),
          "url.scheme": request.protocol,
        },
      },
      parent,
    );
    requests.set(request, { startedAt, span });
    context.with(trace.setSpan(parent, span), done);
  });
  const finish = (request: FastifyRequest, status: number | undefined, errorType: string | undefined) => {
    const entry = requests.get(request);
    if (!entry) return;
    requests.delete(request);
    const route = request.routeOptions.url;
    const attributes = {
      "http.request.method": request.method,
      "url.scheme": request.protocol,
      ...(status !== undefined ? { "http.response.status_code": status } : {}),
      ...(route ? { "http.route": route } : {}),
      ...(errorType ? { "error.type": errorType } : {}),
    };
    const { span } = entry;
    if (span) {
      if (route) span.updateName(`${request.method} ${route}`);
      span.setAttributes(attributes);
      if (errorType) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    duration?.record((performance.now() - entry.startedAt) / 1000, attributes);
  };
  app.addHook("onResponse", async (request, reply) => {
    // A server span fails on 5xx only: a 4xx is the caller's mistake, answered as it should be.
    finish(request, reply.statusCode, reply.statusCode >= 500 ? String(reply.statusCode) : undefined);
  });
  // The client went away before the answer: no status was sent.
  app.addHook("onRequestAbort", async (request) => {
    finish(request, undefined, "aborted");
  });
}

const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};
