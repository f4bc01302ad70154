import { Writable } from "node:stream";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { listenOnLoopback } from "../../helpers/loopback-server.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * A model provider nobody listens at (a wrong OPENAI_BASE_URL, a local server not started):
 * the log says why in one line per failure, and the stream's client reads the same cause
 * (docs/operations.md, "Logs"); the widget's visitor does not.
 */

async function closedPort(): Promise<number> {
  const server = await listenOnLoopback((_req, res) => res.end());
  await server.close();
  return server.port;
}

function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe("a model provider that cannot be reached", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    vi.restoreAllMocks();
  });

  it("logs one line per failed call with the cause, no stack, and streams the cause to the client", async () => {
    const port = await closedPort();
    const provider = createOpenAICompatible({ name: "local", baseURL: `http://127.0.0.1:${port}/v1` });
    const printed = vi.spyOn(console, "error");
    const log = logSink();
    t = await createTestApp({
      env: { LOG_LEVEL: "info", PARLEY_MODEL_MAX_ATTEMPTS: "2" },
      logStream: log.stream,
      modelOverride: () => provider("any-model"),
    });
    const { chat } = await activeChat(t);
    const { events } = await streamTurn(t, chat.id, "down-1", "my confidential question");

    const cause = `connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(events.at(-1)).toEqual({
      type: "error",
      code: "model_error",
      message: `The model provider failed after 2 attempts; try again. Cause: ${cause}`,
    });
    const failures = log.lines.filter((line) => String(line.msg).startsWith("model call failed"));
    expect(failures.map((line) => [line.msg, line.level, line.cause])).toEqual([
      ["model call failed; retrying", 40, cause],
      ["model call failed", 40, cause],
    ]);
    const all = JSON.stringify(log.lines);
    // No stack and no request body (the user's words) at warn or above, and none on stderr.
    expect(all).not.toContain("confidential");
    expect(
      log.lines.filter((line) => Number(line.level) >= 40 && ("err" in line || "stack" in line)),
    ).toEqual([]);
    expect(printed).not.toHaveBeenCalled();

    // The thread keeps the reason with its cause, for the console's inbox.
    const thread = (await t.call("GET", "/v1/threads/down-1")).json();
    expect(thread.reply_failure.reason).toContain(cause);
  });

  it("keeps the stacks for debug", async () => {
    const port = await closedPort();
    const provider = createOpenAICompatible({ name: "local", baseURL: `http://127.0.0.1:${port}/v1` });
    const log = logSink();
    t = await createTestApp({
      env: { LOG_LEVEL: "debug", PARLEY_MODEL_MAX_ATTEMPTS: "1" },
      logStream: log.stream,
      modelOverride: () => provider("any-model"),
    });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "down-2", "hello");
    const debug = log.lines.find((line) => line.msg === "model call error");
    expect(debug?.level).toBe(20);
    expect(String(debug?.stack)).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(String(debug?.stack)).toContain("\n    at ");
  });
});
