/**
 * The log for a person at a terminal (docs/operations.md, "Logs"): pino's JSON lines, already
 * redacted, rewritten as one short line each:
 *
 *   14:03:07.512 INFO  GET /v1/bots → 200 6.4ms  reqId=req_3iY…
 *   14:03:09.020 WARN  model call failed  threadId=visitor-9 attempts=2 cause="connect ECONNREFUSED 127.0.0.1:4609"
 *
 * Only the shape changes, never what is in it: redaction happened in pino, before the JSON.
 * An `error` or `fatal` line with an error (an unexpected fault: a 500, a crashed job) keeps its
 * stack, indented under it; expected failures are logged without one.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: "TRACE", color: "90" },
  20: { name: "DEBUG", color: "36" },
  30: { name: "INFO ", color: "32" },
  40: { name: "WARN ", color: "33" },
  50: { name: "ERROR", color: "31" },
  60: { name: "FATAL", color: "35" },
};

/** Fields every line has, or that the line shows in its own way. */
const SHOWN_APART = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "req",
  "res",
  "responseTime",
  "err",
  "reqId",
]);

/** How many requests in flight the formatter remembers the method and URL of (for their completion line). */
const MAX_OPEN_REQUESTS = 1000;

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

export interface PrettyOptions {
  /** ANSI colours (a terminal that is not told NO_COLOR). */
  color: boolean;
}

function clock(time: number | undefined): string {
  const date = new Date(time ?? Date.now());
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** `key=value`, quoted when the value has spaces or quotes; objects as compact JSON. */
function field(key: string, value: unknown): string {
  if (typeof value === "string") return `${key}=${/^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`;
  if (typeof value === "object" && value !== null) return `${key}=${JSON.stringify(value)}`;
  return `${key}=${String(value)}`;
}

export class PrettyLogFormatter {
  /** `GET /v1/bots` of each request in flight, by reqId: pino's completion line has only the status. */
  private readonly open = new Map<string, string>();

  constructor(private readonly options: PrettyOptions) {}

  /** One JSON log line as a readable line (and, for an unexpected fault, its stack below it). */
  format(json: string): string {
    let record: LogRecord;
    try {
      record = JSON.parse(json) as LogRecord;
    } catch {
      return json;
    }
    const level = LEVELS[record.level ?? 30] ?? { name: String(record.level), color: "0" };
    const paint = (code: string, text: string) => (this.options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
    const parts = [paint("90", clock(record.time)), paint(level.color, level.name), this.message(record)];
    const fields = Object.entries(record)
      .filter(([key, value]) => !SHOWN_APART.has(key) && value !== undefined && value !== null)
      .map(([key, value]) => field(key, value));
    if (record.err) fields.push(field("err", this.errorLine(record.err)));
    if (record.reqId) fields.push(paint("90", field("reqId", record.reqId)));
    let line = `${parts.join(" ")}${fields.length > 0 ? `  ${fields.join(" ")}` : ""}`;
    if ((record.level ?? 30) >= 50 && typeof record.err?.stack === "string") {
      const frames = record.err.stack.split("\n").slice(1);
      if (frames.length > 0)
        line += `\n${paint("90", frames.map((frame) => `    ${frame.trim()}`).join("\n"))}`;
    }
    return line;
  }

  private message(record: LogRecord): string {
    const msg = record.msg ?? "";
    const reqId = record.reqId;
    if (msg === "incoming request" && record.req) {
      const request = `${record.req.method ?? ""} ${record.req.url ?? ""}`.trim();
      if (reqId) {
        if (this.open.size >= MAX_OPEN_REQUESTS) this.open.delete(this.open.keys().next().value as string);
        this.open.set(reqId, request);
      }
      return `${request} ←`;
    }
    if ((msg === "request completed" || msg === "request errored") && record.res) {
      const request = reqId ? this.open.get(reqId) : undefined;
      if (reqId) this.open.delete(reqId);
      const ms = typeof record.responseTime === "number" ? ` ${record.responseTime.toFixed(1)}ms` : "";
      return `${request ?? "request"} → ${record.res.statusCode ?? "?"}${ms}`;
    }
    if (record.req?.url && msg === "static file served") {
      return `${record.req.method ?? ""} ${record.req.url} → ${record.res?.statusCode ?? "?"}`;
    }
    return msg;
  }

  private errorLine(err: NonNullable<LogRecord["err"]>): string {
    const type = err.type && err.type !== "Error" ? `${err.type}: ` : "";
    return `${type}${err.message ?? ""}`;
  }
}

/**
 * A pino destination that writes each line, formatted, to `out` (stdout). pino calls `write`
 * with one JSON line at a time.
 */
export function prettyLogStream(out: NodeJS.WritableStream, options: PrettyOptions): NodeJS.WritableStream {
  const formatter = new PrettyLogFormatter(options);
  const stream = {
    write(chunk: string | Uint8Array): boolean {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      for (const line of text.split("\n")) if (line) out.write(`${formatter.format(line)}\n`);
      return true;
    },
  };
  return stream as unknown as NodeJS.WritableStream;
}
