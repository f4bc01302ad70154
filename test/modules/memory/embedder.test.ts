import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config.js";
import {
  createAiSdkEmbedder,
  createEmbedderFromConfig,
  createLexicalEmbedder,
  lexicalVector,
} from "../../../src/modules/memory/embedder.js";
import { type FakeOpenAI, startFakeOpenAI } from "../../helpers/fake-openai-server.js";
import { testConfig } from "../../helpers/test-config.js";

function cosine(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

describe("lexical embedder", () => {
  const embedder = createLexicalEmbedder();

  it("is deterministic, L2-normalised and sized as configured", async () => {
    const [a, b] = await embedder.embed(["The parcel never arrived", "The parcel never arrived"]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(256);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 6);
    expect(embedder.id).toBe("parley/lexical-v1@256");
    expect(createLexicalEmbedder({ dimensions: 64 }).dimensions).toBe(64);
    expect(lexicalVector("x", 64)).toHaveLength(64);
  });

  it("ranks texts sharing words and stems above unrelated ones, in English and Russian", async () => {
    const [query, related, unrelated] = await embedder.embed([
      "When will my bicycle be delivered?",
      "Your bicycle delivery is scheduled for Friday.",
      "I would like to change my password please.",
    ]);
    expect(cosine(query!, related!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.1);

    const [ruQuery, ruRelated, ruUnrelated] = await embedder.embed([
      "Когда будет доставка велосипеда?",
      "Доставку велосипедов мы делаем по пятницам.",
      "Хочу сменить пароль от личного кабинета.",
    ]);
    expect(cosine(ruQuery!, ruRelated!)).toBeGreaterThan(cosine(ruQuery!, ruUnrelated!) + 0.1);
  });

  it("lower-cases with Unicode rules and folds ё", () => {
    expect(lexicalVector("ЁЛКА Straße", 128)).toEqual(lexicalVector("елка straße", 128));
  });

  it("gives text without words a unit vector of its own, not zero", () => {
    const vector = lexicalVector("!!! 🙂", 64);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
  });

  it("lets the event loop run between slices of a large batch, with the same vectors", async () => {
    const embedder = createLexicalEmbedder();
    const texts = Array.from({ length: 64 }, (_, i) =>
      `delivery ${i} refund card `.repeat(80).slice(0, 2000),
    );
    const order: string[] = [];
    const embedding = embedder.embed(texts).then((vectors) => {
      order.push("embedded");
      return vectors;
    });
    setImmediate(() => order.push("the loop ran"));
    const vectors = await embedding;
    expect(order).toEqual(["the loop ran", "embedded"]);
    expect(vectors).toEqual(texts.map((text) => lexicalVector(text, 256)));
  });

  it("rejects inputs over its limit instead of truncating them", async () => {
    const small = createLexicalEmbedder({ maxInputChars: 100 });
    await expect(small.embed(["x".repeat(101)])).rejects.toThrow(/maxInputChars/);
  });
});

describe("AI SDK embedder against the fake OpenAI server", () => {
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });

  afterAll(async () => {
    await fake.close();
  });

  it("embeds through embedMany and checks the vector size", async () => {
    const model = createOpenAI({ baseURL: fake.baseUrl, apiKey: "sk-test" }).embeddingModel(
      "text-embedding-3-small",
    );
    const embedder = createAiSdkEmbedder(model, { id: "openai/text-embedding-3-small@64", dimensions: 64 });
    const vectors = await embedder.embed(["first text", "second text"]);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(64);
    expect(Math.hypot(...vectors[0]!)).toBeCloseTo(1, 5);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe("/v1/embeddings");
    expect(request.body.input).toEqual(["first text", "second text"]);
    expect(await embedder.embed([])).toEqual([]);

    const wrong = createAiSdkEmbedder(model, { id: "openai/text-embedding-3-small@32", dimensions: 32 });
    await expect(wrong.embed(["text"])).rejects.toThrow(/returned 64 dimensions, configured 32/);
  });

  it("createEmbedderFromConfig: the configured OpenAI model, asking for the configured size", async () => {
    const config = testConfig({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
      PARLEY_EMBEDDING_MODEL: "openai/text-embedding-3-small",
      PARLEY_EMBEDDING_DIMENSIONS: "48",
      PARLEY_EMBEDDING_MAX_INPUT_CHARS: "1000",
    });
    const embedder = createEmbedderFromConfig(config);
    expect(embedder).toMatchObject({
      id: "openai/text-embedding-3-small@48",
      dimensions: 48,
      maxInputChars: 1000,
    });
    const [vector] = await embedder.embed(["hello"]);
    expect(vector).toHaveLength(48);
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: "text-embedding-3-small", dimensions: 48 });
  });

  it("createEmbedderFromConfig: an OpenAI-compatible provider of PARLEY_PROVIDERS", async () => {
    const config = testConfig({
      PARLEY_PROVIDERS: JSON.stringify([{ id: "ollama", base_url: fake.baseUrl, api_key: "k" }]),
      PARLEY_EMBEDDING_MODEL: "ollama/nomic-embed-text",
      PARLEY_EMBEDDING_DIMENSIONS: "64",
    });
    const embedder = createEmbedderFromConfig(config);
    expect(embedder.id).toBe("ollama/nomic-embed-text@64");
    expect(await embedder.embed(["bonjour"])).toHaveLength(1);
    const body = fake.requests.at(-1)!.body;
    expect(body.model).toBe("nomic-embed-text");
    expect(body.dimensions).toBeUndefined();
  });
});

describe("createEmbedderFromConfig", () => {
  it("uses the lexical embedder when no model is configured", () => {
    expect(createEmbedderFromConfig(testConfig()).id).toBe("parley/lexical-v1@256");
    expect(createEmbedderFromConfig(testConfig({ PARLEY_EMBEDDING_DIMENSIONS: "128" })).dimensions).toBe(128);
  });

  it("knows the size of well-known models and defaults OpenAI ones to 1536", () => {
    const withKeys = { OPENAI_API_KEY: "sk", MISTRAL_API_KEY: "m" };
    expect(
      createEmbedderFromConfig(
        testConfig({ ...withKeys, PARLEY_EMBEDDING_MODEL: "openai/text-embedding-3-large" }),
      ).dimensions,
    ).toBe(3072);
    expect(
      createEmbedderFromConfig(
        testConfig({ ...withKeys, PARLEY_EMBEDDING_MODEL: "openai/some-new-embedder" }),
      ).dimensions,
    ).toBe(1536);
    expect(
      createEmbedderFromConfig(testConfig({ ...withKeys, PARLEY_EMBEDDING_MODEL: "mistral/mistral-embed" }))
        .id,
    ).toBe("mistral/mistral-embed@1024");
  });

  it("names the variable when the choice cannot work", () => {
    const problems = (env: Record<string, string>) => {
      try {
        createEmbedderFromConfig(testConfig(env));
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.join("\n");
        throw error;
      }
      return "";
    };
    expect(problems({ PARLEY_EMBEDDING_MODEL: "nowhere/model" })).toMatch(
      /PARLEY_EMBEDDING_MODEL: unknown provider/,
    );
    expect(problems({ PARLEY_EMBEDDING_MODEL: "openai/text-embedding-3-small" })).toMatch(/no API key/);
    expect(problems({ MISTRAL_API_KEY: "m", PARLEY_EMBEDDING_MODEL: "mistral/other-embed" })).toMatch(
      /PARLEY_EMBEDDING_DIMENSIONS: required/,
    );
    expect(problems({ ANTHROPIC_API_KEY: "a", PARLEY_EMBEDDING_MODEL: "anthropic/claude" })).toMatch(
      /offers no embedding model/,
    );
  });
});
