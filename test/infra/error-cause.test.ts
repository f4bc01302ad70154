import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { describeErrorCause, errorStacks } from "../../src/infra/error-cause.js";
import { listenOnLoopback } from "../helpers/loopback-server.js";

/** A loopback port nothing listens on: one that was free a moment ago, closed again. */
async function closedPort(): Promise<number> {
  const server = await listenOnLoopback((_req, res) => res.end());
  await server.close();
  return server.port;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("describeErrorCause on real errors", () => {
  it("names the refused address of undici's 'fetch failed'", async () => {
    const port = await closedPort();
    const error = await caught(fetch(`http://127.0.0.1:${port}/v1/models`));
    expect((error as Error).message).toBe("fetch failed");
    expect(describeErrorCause(error)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it("looks through the AI SDK's RetryError and APICallError to the network error", async () => {
    const port = await closedPort();
    const provider = createOpenAICompatible({ name: "local", baseURL: `http://127.0.0.1:${port}/v1` });
    const retried = await caught(generateText({ model: provider("m"), prompt: "hi", maxRetries: 1 }));
    expect((retried as Error).name).toBe("AI_RetryError");
    expect(describeErrorCause(retried)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);

    let streamed: unknown;
    const result = streamText({
      model: provider("m"),
      prompt: "my confidential diagnosis",
      maxRetries: 0,
      onError: () => {},
    });
    for await (const part of result.fullStream) if (part.type === "error") streamed = part.error;
    expect((streamed as Error).name).toBe("AI_APICallError");
    expect(describeErrorCause(streamed)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    // The request body (the user's words) is never part of it, nor of the debug stacks.
    expect(errorStacks(streamed)).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(errorStacks(streamed)).not.toContain("confidential");
  });

  it("gives the provider's answer: status, host and its message, never the path or query", async () => {
    const server = await listenOnLoopback((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }),
      );
    });
    try {
      const provider = createOpenAICompatible({
        name: "local",
        baseURL: `http://127.0.0.1:${server.port}/v1`,
        queryParams: { api_key: "s3cr3t" },
      });
      const error = await caught(generateText({ model: provider("m"), prompt: "hi", maxRetries: 0 }));
      expect(describeErrorCause(error)).toBe(
        `HTTP 401 from 127.0.0.1:${server.port}: Incorrect API key provided`,
      );
    } finally {
      await server.close();
    }
  });

  it("a timeout, an AggregateError of addresses, a plain value", () => {
    expect(
      describeErrorCause(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    ).toBe("The operation was aborted due to timeout");
    const both = Object.assign(
      new AggregateError(
        [new Error("connect ECONNREFUSED ::1:4609"), new Error("connect ECONNREFUSED 127.0.0.1:4609")],
        "",
      ),
      { code: "ECONNREFUSED" },
    );
    expect(describeErrorCause(new TypeError("fetch failed", { cause: both }))).toBe(
      "connect ECONNREFUSED ::1:4609, connect ECONNREFUSED 127.0.0.1:4609",
    );
    expect(describeErrorCause("boom")).toBe("boom");
    expect(describeErrorCause(new Error("GET /x?access_token=tok-1 failed\n  twice"))).toBe(
      "GET /x?access_token=[redacted] failed twice",
    );
  });
});
