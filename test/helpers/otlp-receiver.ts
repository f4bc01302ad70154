import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OTLP/HTTP receiver on 127.0.0.1, as a collector (or Jaeger, Tempo, Phoenix, Langfuse)
 * would be: it takes `POST /v1/traces` and `POST /v1/metrics` and answers 200.
 *
 * It reads the OTLP JSON encoding (the exporters' `http/json` protocol) into plain spans and
 * metric points. Protobuf requests (the default `http/protobuf`) are recorded as they came
 * but not decoded: the official packages (`@opentelemetry/otlp-transformer`) ship encoders
 * only, and a hand-written protobuf decoder would test itself more than Parley.
 */

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbering: 1 INTERNAL, 2 SERVER, 3 CLIENT, 4 PRODUCER, 5 CONSUMER. */
  kind: number;
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
  resource: Record<string, unknown>;
}

export interface ReceivedPoint {
  metric: string;
  unit: string;
  attributes: Record<string, unknown>;
  /** Histograms: how many values and their sum. */
  count: number;
  sum: number;
}

export interface ReceivedRequest {
  path: string;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3 } as const;
export const STATUS_ERROR = 2;

export class OtlpReceiver {
  readonly requests: ReceivedRequest[] = [];
  readonly spans: ReceivedSpan[] = [];
  readonly points: ReceivedPoint[] = [];
  private server: Server | undefined;
  private port = 0;

  static async start(): Promise<OtlpReceiver> {
    const receiver = new OtlpReceiver();
    await receiver.listen();
    return receiver;
  }

  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to (the exporters append /v1/traces, /v1/metrics). */
  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Every exported byte as text: for checks that something never left the process. */
  allText(): string {
    return this.requests.map((request) => request.body.toString("utf8")).join("\n");
  }

  spanNamed(name: string): ReceivedSpan {
    const matches = this.spans.filter((span) => span.name === name);
    if (matches.length !== 1)
      throw new Error(`expected one span named "${name}", got ${matches.length}: ${this.names().join(", ")}`);
    return matches[0]!;
  }

  names(): string[] {
    return this.spans.map((span) => span.name);
  }

  childrenOf(parent: ReceivedSpan): ReceivedSpan[] {
    return this.spans.filter(
      (span) => span.parentSpanId === parent.spanId && span.traceId === parent.traceId,
    );
  }

  pointsOf(metric: string): ReceivedPoint[] {
    return this.points.filter((point) => point.metric === metric);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const contentType = String(req.headers["content-type"] ?? "");
        const path = (req.url ?? "").split("?")[0] ?? "";
        this.requests.push({ path, contentType, headers: req.headers, body });
        if (contentType.startsWith("application/json")) {
          const json = JSON.parse(body.toString("utf8")) as OtlpJson;
          if (path === "/v1/traces") this.spans.push(...spansOf(json));
          if (path === "/v1/metrics") this.points.push(...pointsOf(json));
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
        } else {
          res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }
}

// The OTLP JSON encoding, as far as the receiver reads it.
interface OtlpJson {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
  resourceMetrics?: Array<{
    scopeMetrics?: Array<{
      metrics?: Array<{
        name: string;
        unit?: string;
        histogram?: { dataPoints?: OtlpPoint[] };
        sum?: { dataPoints?: OtlpPoint[] };
      }>;
    }>;
  }>;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number };
  events?: Array<{ name: string; attributes?: KeyValue[] }>;
}
interface OtlpPoint {
  attributes?: KeyValue[];
  count?: number | string;
  sum?: number;
  asInt?: number | string;
  asDouble?: number;
}

function plainValue(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plainValue);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined): Record<string, unknown> =>
  Object.fromEntries((list ?? []).map((kv) => [kv.key, plainValue(kv.value)]));

function spansOf(json: OtlpJson): ReceivedSpan[] {
  return (json.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
        events: (span.events ?? []).map((event) => ({
          name: event.name,
          attributes: attributesOf(event.attributes),
        })),
        resource,
      })),
    );
  });
}

function pointsOf(json: OtlpJson): ReceivedPoint[] {
  return (json.resourceMetrics ?? []).flatMap((resource) =>
    (resource.scopeMetrics ?? []).flatMap((scope) =>
      (scope.metrics ?? []).flatMap((metric) =>
        (metric.histogram?.dataPoints ?? metric.sum?.dataPoints ?? []).map((point) => ({
          metric: metric.name,
          unit: metric.unit ?? "",
          attributes: attributesOf(point.attributes),
          count: Number(point.count ?? 0),
          sum: Number(point.sum ?? point.asInt ?? point.asDouble ?? 0),
        })),
      ),
    ),
  );
}
