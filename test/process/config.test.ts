import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: "info",
      rateLimit: { perKey: 600, perIp: 60, windowSeconds: 60 },
      defaultModel: "local/qwen2.5-0.5b-instruct",
    });
  });

  it("reads every documented variable", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/parley",
      DATABASE_URL: "postgres://u@db/parley",
      REDIS_URL: "redis://cache:6379",
      PARLEY_BOOTSTRAP_API_KEY: "prl_a_bootstrap_key_of_enough_length",
      LOG_LEVEL: "warn",
      PARLEY_RATE_LIMIT_PER_KEY: "100",
      PARLEY_RATE_LIMIT_PER_IP: "10",
      PARLEY_RATE_LIMIT_WINDOW_SECONDS: "30",
      OPENAI_API_KEY: "sk-1",
      OPENAI_BASE_URL: "http://127.0.0.1:9999/v1",
      YANDEX_API_KEY: "y",
      YANDEX_FOLDER_ID: "b1g",
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe("postgres://u@db/parley");
    expect(config.rateLimit).toEqual({ perKey: 100, perIp: 10, windowSeconds: 30 });
    expect(config.providers.openai).toEqual({
      apiKey: "sk-1",
      baseUrl: "http://127.0.0.1:9999/v1",
      extra: {},
    });
    expect(config.providers.yandex?.extra.folderId).toBe("b1g");
  });

  it("reads the database's busy timeout and hold limit (docs/operations.md, database busy)", () => {
    expect(loadConfig({})).toMatchObject({ databaseBusyTimeoutMs: 5000, databaseHoldLimitMs: 10_000 });
    expect(
      loadConfig({ PARLEY_DATABASE_BUSY_TIMEOUT_MS: "250", PARLEY_DATABASE_HOLD_LIMIT_MS: "30000" }),
    ).toMatchObject({ databaseBusyTimeoutMs: 250, databaseHoldLimitMs: 30_000 });
    expect(
      problemsOf({ PARLEY_DATABASE_BUSY_TIMEOUT_MS: "0", PARLEY_DATABASE_HOLD_LIMIT_MS: "soon" }),
    ).toEqual([
      expect.stringMatching(/^PARLEY_DATABASE_BUSY_TIMEOUT_MS: /),
      expect.stringMatching(/^PARLEY_DATABASE_HOLD_LIMIT_MS: /),
    ]);
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", REDIS_URL: "", PORT: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ PARLEY_RATE_LIMIT_PER_KEY: "0" }, "PARLEY_RATE_LIMIT_PER_KEY"],
    [{ PARLEY_BOOTSTRAP_API_KEY: "short" }, "PARLEY_BOOTSTRAP_API_KEY"],
    [{ OPENAI_BASE_URL: "not a url" }, "OPENAI_BASE_URL"],
    [{ PARLEY_MODELS: "{not json" }, "PARLEY_MODELS"],
    [{ PARLEY_MODELS: JSON.stringify([{ id: "no-slash" }]) }, "PARLEY_MODELS"],
    [{ PARLEY_PROVIDERS: JSON.stringify([{ id: "openai", base_url: "http://x" }]) }, "PARLEY_PROVIDERS"],
    [{ PARLEY_AMOJO_API_URL: "amojo" }, "PARLEY_AMOJO_API_URL"],
    [{ PARLEY_AMOCRM_CHANNEL_ID: "f90ba33d" }, "PARLEY_AMOCRM_CHANNEL_ID and PARLEY_AMOCRM_CHANNEL_SECRET"],
  ])("a bad value stops with a message naming the variable: %j", (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(`${variable}:`))).toBe(true);
  });

  it("reads a provider key from the variable an extra provider names", () => {
    const config = loadConfig({
      PARLEY_PROVIDERS: JSON.stringify([
        { id: "vllm", base_url: "http://127.0.0.1:8000/v1", api_key_env: "VLLM_KEY" },
      ]),
      VLLM_KEY: "secret-vllm",
    });
    expect(config.providers.vllm).toEqual({
      apiKey: "secret-vllm",
      baseUrl: "http://127.0.0.1:8000/v1",
      extra: { compatible: "true" },
    });
  });

  it("gives amoCRM adapters the server's Chats API channel and host", () => {
    expect(loadConfig({}).vendorConfig).toEqual({});
    expect(loadConfig({}).vendorApiUrls.amocrm).toBe("https://amojo.amocrm.ru");
    const config = loadConfig({
      PARLEY_AMOJO_API_URL: "https://amojo.kommo.com/",
      PARLEY_AMOCRM_CHANNEL_ID: "f90ba33d-c9d9-44da-b76c-c349b0ecbe41",
      PARLEY_AMOCRM_CHANNEL_SECRET: "5a44c5dff55f3c15a4cce8d7c4cc27e207c7e189",
    });
    expect(config.vendorApiUrls.amocrm).toBe("https://amojo.kommo.com");
    expect(config.vendorConfig.amocrm).toEqual({
      channel_id: "f90ba33d-c9d9-44da-b76c-c349b0ecbe41",
      channel_secret: "5a44c5dff55f3c15a4cce8d7c4cc27e207c7e189",
    });
  });

  describe("base URLs are absolute http(s) URLs (docs/configuration.md, bad values)", () => {
    it("refuses a URL without its scheme, which parses as a URL of scheme 'localhost:'", () => {
      expect(problemsOf({ OPENAI_BASE_URL: "localhost:1234" })).toEqual([
        "OPENAI_BASE_URL: 'localhost:1234' has no scheme: write http://localhost:1234 or https://localhost:1234",
      ]);
      expect(problemsOf({ ANTHROPIC_BASE_URL: "api.anthropic.com/v1" })).toEqual([
        "ANTHROPIC_BASE_URL: 'api.anthropic.com/v1' has no scheme: write http://api.anthropic.com/v1 or https://api.anthropic.com/v1",
      ]);
    });

    it("refuses another scheme, something that is no URL, and says which variable", () => {
      expect(problemsOf({ MISTRAL_BASE_URL: "ftp://models.example/v1" })).toEqual([
        "MISTRAL_BASE_URL: 'ftp://models.example/v1' must start with http:// or https://, not ftp:",
      ]);
      expect(problemsOf({ PARLEY_PUBLIC_URL: "parley" })).toEqual([
        "PARLEY_PUBLIC_URL: 'parley' is not a URL: write an absolute http:// or https:// URL such as https://api.example.com/v1",
      ]);
    });

    it("checks every vendor API and OAuth URL the same way, and PARLEY_PROVIDERS' base_url", () => {
      expect(problemsOf({ PARLEY_TELEGRAM_API_URL: "localhost:8081" })).toEqual([
        "PARLEY_TELEGRAM_API_URL: 'localhost:8081' has no scheme: write http://localhost:8081 or https://localhost:8081",
      ]);
      expect(problemsOf({ PARLEY_GITHUB_TOKEN_URL: "mailto:x@example.com" })).toEqual([
        "PARLEY_GITHUB_TOKEN_URL: 'mailto:x@example.com' must start with http:// or https://, not mailto:",
      ]);
      expect(problemsOf({ PARLEY_PROVIDERS: '[{"id":"lm","base_url":"localhost:1234/v1"}]' })).toEqual([
        "PARLEY_PROVIDERS: base_url 'localhost:1234/v1' has no scheme: write http://localhost:1234/v1 or https://localhost:1234/v1",
      ]);
    });

    it("lists a bad URL with the other problems, and never shows a password in it", () => {
      const problems = problemsOf({ OPENAI_BASE_URL: "ftp://user:pw-secret@host/v1", PORT: "x" });
      expect(problems).toHaveLength(2);
      expect(problems.join("\n")).not.toContain("pw-secret");
      expect(problems[0]).toBe(
        "OPENAI_BASE_URL: 'ftp://…@host/v1' must start with http:// or https://, not ftp:",
      );
    });

    it("accepts http and https URLs, with a port, a path, or credentials", () => {
      const config = loadConfig({
        OPENAI_BASE_URL: "http://localhost:1234/v1",
        PARLEY_TELEGRAM_API_URL: "https://tg.example",
        PARLEY_PROVIDERS: '[{"id":"lm","base_url":"http://u:p@127.0.0.1:8000/v1"}]',
      });
      expect(config.providers.openai?.baseUrl).toBe("http://localhost:1234/v1");
      expect(config.vendorApiUrls.telegram).toBe("https://tg.example");
    });
  });

  it("refuses a provider of PARLEY_PROVIDERS named local: the embedded runtime's id", () => {
    expect(
      problemsOf({
        PARLEY_PROVIDERS: JSON.stringify([{ id: "local", base_url: "http://127.0.0.1:11434/v1" }]),
      }),
    ).toEqual([
      "PARLEY_PROVIDERS: provider id 'local' is Parley's embedded model runtime (docs/local-models.md); give your provider another id",
    ]);
  });
});
