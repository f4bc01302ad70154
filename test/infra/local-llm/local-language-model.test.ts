import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jsonSchema, streamText, tool } from "ai";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalLanguageModel } from "../../../src/infra/local-llm/language-model.js";
import { LocalRuntime } from "../../../src/infra/local-llm/runtime.js";
import { tinyModel } from "../../helpers/tiny-model.js";

/**
 * The embedded provider through the AI SDK, on scripted tiny models (test/helpers/tiny-model.ts):
 * real llama.cpp inference, answers known in advance.
 */
describe("LocalLanguageModel", () => {
  const dir = mkdtempSync(join(tmpdir(), "parley-llm-"));
  const textModel = join(dir, "text.gguf");
  const toolModel = join(dir, "tool.gguf");
  let runtime: LocalRuntime;

  beforeAll(() => {
    writeFileSync(textModel, tinyModel(["Hello", "▁from", "▁the", "▁local", "▁model."]).bytes);
    // Qwen's tool-call format: the call's start, then the arguments under the tool's grammar.
    writeFileSync(
      toolModel,
      tinyModel([
        {
          after: "\n",
          pieces: ["<tool_call>", '\n{"name":▁"', "get_weather", '",▁"arguments":▁', '{"city":▁"'],
        },
        { after: " ", pieces: ['{"city":▁"'] },
        { after: '"', pieces: ['Paris"', "\n}"] },
      ]).bytes,
    );
    runtime = new LocalRuntime(
      { contextSize: 1024, parallel: 1, threads: 1, gpu: false, maxLoaded: 2 },
      pino({ level: "silent" }),
    );
  });
  afterAll(async () => {
    await runtime.close();
  });

  const model = (path: string, chatFormat: "auto" | "qwen" = "auto") =>
    new LocalLanguageModel({
      modelId: "local/tiny",
      load: () => runtime.load(path),
      chatFormat,
      defaultMaxTokens: 64,
    });

  it("streams a reply token by token", async () => {
    const result = streamText({ model: model(textModel), system: "Be brief.", prompt: "Hi there" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.join("")).toBe("Hello from the local model.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(await result.finishReason).toBe("stop");
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
  }, 120_000);

  it("calls a tool: the arguments are completed under the tool's grammar and parse", async () => {
    const result = streamText({
      model: model(toolModel, "qwen"),
      prompt: "What is the weather in Paris?",
      tools: {
        get_weather: tool({
          description: "The weather in a city",
          inputSchema: jsonSchema<{ city: string }>({
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
          }),
        }),
      },
    });
    const calls = await result.toolCalls;
    expect(calls.map((call) => [call.toolName, call.input])).toEqual([["get_weather", { city: "Paris" }]]);
    expect(await result.finishReason).toBe("tool-calls");
  }, 240_000);

  it("stops when cancelled, and the model answers the next call", async () => {
    const controller = new AbortController();
    const result = streamText({ model: model(textModel), prompt: "Hi", abortSignal: controller.signal });
    const seen: string[] = [];
    let aborted = false;
    try {
      for await (const delta of result.textStream) {
        seen.push(delta);
        controller.abort();
      }
    } catch {
      aborted = true;
    }
    expect(aborted || controller.signal.aborted).toBe(true);
    expect(seen.join("")).not.toBe("Hello from the local model.");
    const again = streamText({ model: model(textModel), prompt: "Hi again" });
    expect(await again.text).toBe("Hello from the local model.");
  }, 120_000);
});
