import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

describe("model catalog", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it("lists the five offered models, then the embedded ones, with notes, providers and configuration state", async () => {
    t = await createTestApp({ env: { OPENAI_API_KEY: "sk-test", YANDEX_API_KEY: "y" } });
    const models = (await t.call("GET", "/v1/models")).json();
    expect(models.map((m: { id: string }) => m.id)).toEqual([
      "openai/gpt-5",
      "mistral/mistral-small-latest",
      "anthropic/claude-sonnet-4-5",
      "google/gemini-2.5-pro",
      "yandex/yandexgpt-5-pro",
      "local/qwen2.5-0.5b-instruct",
      "local/qwen2.5-1.5b-instruct",
    ]);
    const byId = Object.fromEntries(models.map((m: { id: string }) => [m.id, m]));
    expect(byId["openai/gpt-5"]).toEqual({
      id: "openai/gpt-5",
      provider: "openai",
      name: "gpt-5",
      note: "highest quality",
      context_window: 400000,
      images: true,
      pricing: {
        input_usd_per_million: 1.25,
        output_usd_per_million: 10,
        input_credits_per_million: 125,
        output_credits_per_million: 1000,
      },
      configured: true,
      local: null,
    });
    expect(byId["mistral/mistral-small-latest"].note).toBe("fastest and lowest cost");
    expect(byId["anthropic/claude-sonnet-4-5"]).toMatchObject({
      note: "excellent reasoning",
      configured: false,
    });
    expect(byId["google/gemini-2.5-pro"].note).toBe("best for long context");
    // Yandex needs a folder id as well as a key.
    expect(byId["yandex/yandexgpt-5-pro"]).toMatchObject({
      note: "optimised for the Russian language",
      configured: false,
    });
    expect(JSON.stringify(models)).not.toContain("sk-test");
  });

  it("is extended by configuration with OpenAI-compatible providers and their models", async () => {
    t = await createTestApp({
      env: {
        PARLEY_PROVIDERS: JSON.stringify([{ id: "ollama", base_url: "http://127.0.0.1:11434/v1" }]),
        PARLEY_MODELS: JSON.stringify([
          { id: "ollama/llama3.2:3b", note: "local", context_window: 131072 },
          { id: "openai/gpt-4o-mini" },
        ]),
      },
    });
    const models = (await t.call("GET", "/v1/models")).json();
    const local = models.find((m: { id: string }) => m.id === "ollama/llama3.2:3b");
    expect(local).toEqual({
      id: "ollama/llama3.2:3b",
      provider: "ollama",
      name: "llama3.2:3b",
      note: "local",
      context_window: 131072,
      images: false,
      pricing: {
        input_usd_per_million: 0,
        output_usd_per_million: 0,
        input_credits_per_million: 0,
        output_credits_per_million: 0,
      },
      configured: true,
      local: null,
    });
    expect(models.find((m: { id: string }) => m.id === "openai/gpt-4o-mini")).toMatchObject({
      note: null,
      configured: false,
    });
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Local" } })).json();
    const updated = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { model: { id: "ollama/llama3.2:3b" } } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().ai.model.id).toBe("ollama/llama3.2:3b");
  });

  it("new bots use PARLEY_DEFAULT_MODEL", async () => {
    t = await createTestApp({ env: { PARLEY_DEFAULT_MODEL: "mistral/mistral-small-latest" } });
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Cheap" } })).json();
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.model.id).toBe(
      "mistral/mistral-small-latest",
    );
  });
});
