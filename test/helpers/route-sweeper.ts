import { performance } from "node:perf_hooks";
import type { FuzzRequest } from "./fuzz-requests.js";

/**
 * Drives the liveness sweep (test/http/liveness-sweep.test.ts, docs/development.md): sends
 * requests over a real socket, and after each one asks `/readyz`, which must answer 200 within
 * READYZ_BOUND_MS. A request that wedges the database (a transaction never released, a lock
 * never freed) leaves every later query waiting forever; the bound turns that into a failure
 * naming the request that caused it. The bounds are generous so that a loaded machine does not
 * trip them: they catch a hang, they do not measure speed.
 */
export const READYZ_BOUND_MS = 5_000;
/** The bound on a request's own answer (sign-in hashes a password, a turn runs a model). */
export const CALL_BOUND_MS = 15_000;

export interface SweepRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** JSON body (serialized here); `raw` for a body sent as it is; `form` for multipart. */
  body?: unknown;
  raw?: string;
  form?: FormData;
  /** The bearer key; null sends none (default: the sweeper's admin key). */
  key?: string | null;
  headers?: Record<string, string>;
  /** What the call is about, for failure messages ("empty store"). */
  note?: string;
  /** Statuses a valid call may answer (default: any 2xx). */
  expect?: number[];
}

export interface SweepResponse {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever the route answered
  json(): any;
}

interface OperationTemplate {
  operationId: string;
  method: string;
  pattern: RegExp;
  params: number;
}

interface OpenApiPaths {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

export class RouteSweeper {
  /** Every /readyz round trip's latency, in milliseconds (reported, never asserted). */
  readonly readyzMs: number[] = [];
  /** Requests answered with a 5xx. */
  readonly serverErrors: string[] = [];
  /** Valid calls answered otherwise than they should have been. */
  readonly unexpected: string[] = [];
  /** operationIds a valid call reached and got the expected answer from. */
  readonly covered = new Set<string>();
  requests = 0;
  private readonly operations: OperationTemplate[];

  constructor(
    private readonly base: string,
    private readonly adminKey: string,
    doc: OpenApiPaths,
  ) {
    this.operations = Object.entries(doc.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          operationId: operation.operationId ?? `${method} ${template}`,
          method: method.toUpperCase(),
          pattern: new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`),
          params: (template.match(/\{/g) ?? []).length,
        })),
      )
      // A literal segment wins over a parameter (/v1/threads/events over /v1/threads/{thread_id}).
      .sort((a, b) => a.params - b.params);
  }

  /** Every operationId of the document. */
  get operationIds(): string[] {
    return this.operations.map((operation) => operation.operationId);
  }

  operationOf(method: string, url: string): string | undefined {
    const path = url.split("?")[0]!;
    return this.operations.find((operation) => operation.method === method && operation.pattern.test(path))
      ?.operationId;
  }

  /** A valid call: it must answer as expected, never 5xx, and leave /readyz answering. */
  async call(request: SweepRequest): Promise<SweepResponse> {
    const response = await this.send(request);
    const expected = request.expect ?? [];
    const ok = expected.length > 0 ? expected.includes(response.status) : response.status < 300;
    const operation = this.operationOf(request.method, request.url);
    if (ok && operation) this.covered.add(operation);
    if (!ok && response.status < 500)
      this.unexpected.push(`${describe(request)} -> ${response.status} ${response.text.slice(0, 300)}`);
    return response;
  }

  /** A bad request: any 4xx is fine; never 5xx, and /readyz still answers. */
  async fuzz(request: FuzzRequest, headers: Record<string, string> = {}): Promise<void> {
    await this.send({
      method: request.method as SweepRequest["method"],
      url: request.url,
      ...(request.body !== undefined ? { raw: request.body } : {}),
      headers: { ...(request.body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    });
  }

  private async send(request: SweepRequest): Promise<SweepResponse> {
    this.requests += 1;
    const headers: Record<string, string> = { ...request.headers };
    const key = request.key === undefined ? this.adminKey : request.key;
    if (key && headers.authorization === undefined) headers.authorization = `Bearer ${key}`;
    let body: string | FormData | undefined = request.raw ?? request.form;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers["content-type"] = "application/json";
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), CALL_BOUND_MS);
    let status: number;
    let text = "";
    try {
      const response = await fetch(`${this.base}${request.url}`, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: controller.signal,
      });
      status = response.status;
      const eventStream = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
      if (eventStream && request.method === "GET") {
        // A subscription (GET) never ends by itself: opened, then closed.
        await response.body?.cancel();
      } else {
        text = await response.text();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw new Error(`${describe(request)} failed: ${String(error)}`);
      const ready = await this.readiness();
      throw new Error(
        `${describe(request)} got no complete answer within ${CALL_BOUND_MS / 1000} s, and /readyz ${ready === "answered 200" ? "still answers" : `${ready}: the database is wedged`}`,
      );
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    if (status >= 500) this.serverErrors.push(`${describe(request)} -> ${status} ${text.slice(0, 300)}`);
    await this.assertReady(request);
    return {
      status,
      text,
      json: () => JSON.parse(text),
    };
  }

  private async assertReady(after: SweepRequest): Promise<void> {
    const started = performance.now();
    const status = await this.readiness();
    this.readyzMs.push(performance.now() - started);
    if (status !== "answered 200")
      throw new Error(`/readyz ${status} after ${describe(after)}: the database is wedged`);
  }

  /** What /readyz did: "answered <status>", or gave no answer within READYZ_BOUND_MS. */
  private async readiness(): Promise<string> {
    try {
      const response = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(READYZ_BOUND_MS) });
      await response.text();
      return `answered ${response.status}`;
    } catch (error) {
      return (error as Error).name === "TimeoutError"
        ? `gave no answer within ${READYZ_BOUND_MS / 1000} s`
        : `failed (${String(error)})`;
    }
  }
}

function describe(request: SweepRequest): string {
  const body =
    request.body !== undefined
      ? JSON.stringify(request.body)
      : request.raw !== undefined
        ? request.raw
        : request.form
          ? "(multipart)"
          : "";
  return `${request.method} ${request.url.slice(0, 200)}${request.note ? ` (${request.note})` : ""}${body ? ` body ${body.slice(0, 200)}` : ""}`;
}
