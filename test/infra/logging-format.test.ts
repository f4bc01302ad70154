import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { logDestination } from "../../src/infra/logging.js";
import { PrettyLogFormatter } from "../../src/infra/logging-pretty.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** Readable log lines on a terminal, JSON elsewhere (docs/operations.md, "Logs"). */

function sink(options: { tty?: boolean } = {}) {
  const lines: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
    options.tty ? { isTTY: true } : {},
  );
  return { lines, stream };
}

const TIME = new Date(2026, 0, 2, 14, 3, 7, 512).getTime();
const json = (record: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: TIME, pid: 1, hostname: "vm", ...record });

describe("the pretty format", () => {
  const formatter = () => new PrettyLogFormatter({ color: false });

  it("writes a request as two short lines, the completion with its method, URL, status and duration", () => {
    const f = formatter();
    const req = {
      method: "GET",
      url: "/v1/bots?limit=5",
      host: "x",
      remoteAddress: "127.0.0.1",
      remotePort: 5,
    };
    expect(f.format(json({ reqId: "req_1", req, msg: "incoming request" }))).toBe(
      "14:03:07.512 INFO  GET /v1/bots?limit=5 ←  reqId=req_1",
    );
    expect(
      f.format(
        json({ reqId: "req_1", res: { statusCode: 200 }, responseTime: 6.36, msg: "request completed" }),
      ),
    ).toBe("14:03:07.512 INFO  GET /v1/bots?limit=5 → 200 6.4ms  reqId=req_1");
  });

  it("shows the other fields as key=value, quoting what has spaces", () => {
    expect(
      formatter().format(
        json({
          level: 40,
          threadId: "visitor-9",
          attempts: 2,
          cause: "connect ECONNREFUSED 127.0.0.1:4609",
          msg: "model call failed",
        }),
      ),
    ).toBe(
      '14:03:07.512 WARN  model call failed  threadId=visitor-9 attempts=2 cause="connect ECONNREFUSED 127.0.0.1:4609"',
    );
  });

  it("keeps the stack of an unexpected fault (error and above), and only of those", () => {
    const err = {
      type: "TypeError",
      message: "x is undefined",
      stack: "TypeError: x is undefined\n    at f (a.js:1:1)",
    };
    expect(formatter().format(json({ level: 50, reqId: "req_2", err, msg: "unhandled error" }))).toBe(
      '14:03:07.512 ERROR unhandled error  err="TypeError: x is undefined" reqId=req_2\n    at f (a.js:1:1)',
    );
    expect(formatter().format(json({ level: 40, err, msg: "housekeeping failed" }))).toBe(
      '14:03:07.512 WARN  housekeeping failed  err="TypeError: x is undefined"',
    );
  });

  it("colours the time and the level when asked", () => {
    const line = new PrettyLogFormatter({ color: true }).format(json({ msg: "stopped" }));
    expect(line).toBe("\x1b[90m14:03:07.512\x1b[0m \x1b[32mINFO \x1b[0m stopped");
  });
});

describe("which format the server writes", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("JSON when the output is not a terminal, pretty when it is, as PARLEY_LOG_FORMAT says when set", () => {
    const plain = sink();
    expect(logDestination(undefined, { out: plain.stream, color: true })).toBe(plain.stream);
    expect(logDestination("pretty", { out: plain.stream, color: true })).not.toBe(plain.stream);
    const terminal = sink({ tty: true });
    expect(logDestination("json", { out: terminal.stream, color: true })).toBe(terminal.stream);
    logDestination(undefined, { out: terminal.stream, color: false })?.write(json({ msg: "hello" }));
    expect(terminal.lines).toEqual(["14:03:07.512 INFO  hello"]);
  });

  it("the app's log on a terminal: readable lines, secrets still redacted", async () => {
    const out = sink({ tty: true });
    t = await createTestApp({ env: { LOG_LEVEL: "info", NO_COLOR: "1" }, logStream: out.stream });
    await t.call("GET", "/v1/threads?search=confidential", { headers: { "x-api-key": "k-secret-1" } });
    await t.close();
    t = undefined;
    expect(out.lines.some((line) => line.startsWith("{"))).toBe(false);
    expect(out.lines.join("\n")).not.toContain("confidential");
    expect(out.lines).toContainEqual(
      expect.stringMatching(
        /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/v1\/threads\?search=\[redacted\] → 200 [\d.]+ms {2}reqId=req_/,
      ),
    );
  });
});

describe("static files stay out of the info log", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function requestLines(level: string): Promise<Array<Record<string, unknown>>> {
    const out = sink();
    t = await createTestApp({ env: { LOG_LEVEL: level }, logStream: out.stream });
    for (const url of ["/console/", "/console/assets/missing.js", "/widget.js", "/favicon.ico", "/"]) {
      await t.app.inject({ method: "GET", url });
    }
    await t.call("GET", "/v1/bots");
    await t.close();
    t = undefined;
    return out.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId);
  }

  it("logs API requests at info and no line for a console asset, the widget's script, the favicon or /", async () => {
    const lines = await requestLines("info");
    expect(lines.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
    expect(lines[0]).toMatchObject({ req: { method: "GET", url: "/v1/bots" } });
  });

  it("logs each static file as one debug line", async () => {
    const lines = await requestLines("debug");
    const served = lines.filter((line) => line.msg === "static file served");
    expect(served.map((line) => [line.level, (line.req as { url: string }).url])).toEqual([
      [20, "/console/"],
      [20, "/console/assets/missing.js"],
      [20, "/widget.js"],
      [20, "/favicon.ico"],
      [20, "/"],
    ]);
    expect(lines.filter((line) => line.msg === "incoming request").map((line) => line.req)).toEqual([
      expect.objectContaining({ url: "/v1/bots" }),
    ]);
  });
});
