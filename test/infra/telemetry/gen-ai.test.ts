import * as semconv from "@opentelemetry/semantic-conventions/incubating";
import { describe, expect, it } from "vitest";
import { GEN_AI, GEN_AI_METRIC, genAiModel } from "../../../src/infra/telemetry/gen-ai.js";

/** Parley's copies of the GenAI semantic conventions' names, held to the official package. */
describe("GenAI semantic convention names", () => {
  it("each attribute name is the conventions' own", () => {
    const official = semconv as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(GEN_AI)) {
      expect(official[`ATTR_GEN_AI_${name}`], name).toBe(value);
    }
    expect(semconv.METRIC_GEN_AI_CLIENT_TOKEN_USAGE).toBe(GEN_AI_METRIC.TOKEN_USAGE);
    expect(semconv.METRIC_GEN_AI_CLIENT_OPERATION_DURATION).toBe(GEN_AI_METRIC.OPERATION_DURATION);
  });

  it("names providers by the conventions' well-known values where one applies", () => {
    expect(genAiModel("openai/gpt-5")).toEqual({
      provider: semconv.GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
      model: "gpt-5",
    });
    expect(genAiModel("anthropic/claude-sonnet-4-5").provider).toBe(
      semconv.GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
    );
    expect(genAiModel("google/gemini-2.5-pro").provider).toBe(semconv.GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI);
    expect(genAiModel("mistral/mistral-small-latest").provider).toBe(
      semconv.GEN_AI_PROVIDER_NAME_VALUE_MISTRAL_AI,
    );
    expect(genAiModel("yandex/yandexgpt-5-pro")).toEqual({ provider: "yandex", model: "yandexgpt-5-pro" });
    expect(genAiModel("ollama/llama3.1:8b")).toEqual({ provider: "ollama", model: "llama3.1:8b" });
    expect(genAiModel("local/qwen2.5-0.5b-instruct").provider).toBe("local");
  });
});
