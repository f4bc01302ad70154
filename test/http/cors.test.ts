import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { listen } from "../helpers/live-app.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const APP_ORIGIN = "https://app.example";
const OTHER_ORIGIN = "https://evil.example";

/** What a browser sends before a JSON POST with an API key from another origin. */
const preflight = (origin: string) => ({
  origin,
  "access-control-request-method": "POST",
  "access-control-request-headers": "authorization, content-type, idempotency-key",
});

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith("access-control-"));

describe("CORS for /v1 and /openai/v1 (PARLEY_CORS_ORIGINS)", () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  async function app(env: Record<string, string> = {}) {
    const t = await createTestApp({ env });
    apps.push(t);
    return t;
  }

  it("is off by default: a preflight gets no CORS headers", async () => {
    const t = await app();
    const response = await t.app.inject({
      method: "OPTIONS",
      url: "/v1/bots",
      headers: preflight(APP_ORIGIN),
    });
    expect(response.statusCode).toBe(404);
    expect(corsHeaders(response.headers)).toEqual([]);
    const actual = await t.call("GET", "/v1/bots", { headers: { origin: APP_ORIGIN } });
    expect(corsHeaders(actual.headers)).toEqual([]);
    expect(actual.headers.vary).toBeUndefined();
  });

  it("answers a listed origin's preflight and lets it read responses, errors included", async () => {
    const t = await app({ PARLEY_CORS_ORIGINS: `${APP_ORIGIN}, http://localhost:5173` });
    for (const url of ["/v1/bots", "/v1/bots/bot_x/settings", "/openai/v1/vector_stores"]) {
      const response = await t.app.inject({ method: "OPTIONS", url, headers: preflight(APP_ORIGIN) });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
      expect(response.headers["access-control-allow-methods"]).toBe("GET, POST, PUT, DELETE");
      expect(String(response.headers["access-control-allow-headers"]).split(", ")).toEqual([
        "authorization",
        "content-type",
        "idempotency-key",
        "last-event-id",
        "x-csrf-token",
      ]);
      expect(Number(response.headers["access-control-max-age"])).toBeGreaterThan(0);
      expect(response.headers.vary).toBe("origin");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    }
    const second = await t.app.inject({
      method: "OPTIONS",
      url: "/v1/bots",
      headers: preflight("http://localhost:5173"),
    });
    expect(second.headers["access-control-allow-origin"]).toBe("http://localhost:5173");

    const created = await t.call("POST", "/v1/bots", {
      body: { name: "From a page" },
      headers: { origin: APP_ORIGIN, "idempotency-key": "cors-1" },
    });
    expect(created.statusCode).toBe(200);
    expect(created.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(created.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(created.headers.vary).toBe("origin");
    expect(String(created.headers["access-control-expose-headers"]).split(", ")).toEqual([
      "x-request-id",
      "idempotent-replayed",
      "ratelimit-limit",
      "ratelimit-remaining",
      "ratelimit-reset",
      "retry-after",
    ]);
    // Errors are readable too, so a page can show why it was refused.
    const refused = await t.call("GET", "/v1/bots", { key: "prl_wrong", headers: { origin: APP_ORIGIN } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    const mirror = await t.call("GET", "/openai/v1/vector_stores", { headers: { origin: APP_ORIGIN } });
    expect(mirror.statusCode).toBe(200);
    expect(mirror.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
  });

  it("puts the headers on server-sent event streams, which bypass Fastify's reply", async () => {
    const t = await app({ PARLEY_CORS_ORIGINS: APP_ORIGIN });
    const base = await listen(t);
    const controller = new AbortController();
    const response = await fetch(`${base}/v1/threads/events`, {
      headers: { authorization: `Bearer ${t.adminKey}`, origin: APP_ORIGIN },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(response.headers.get("access-control-expose-headers")).toContain("x-request-id");
    controller.abort();
  });

  it("gives unlisted origins, and paths outside the API, nothing", async () => {
    const t = await app({ PARLEY_CORS_ORIGINS: APP_ORIGIN });
    const response = await t.app.inject({
      method: "OPTIONS",
      url: "/v1/bots",
      headers: preflight(OTHER_ORIGIN),
    });
    expect(response.statusCode).toBe(404);
    expect(corsHeaders(response.headers)).toEqual([]);
    const actual = await t.call("GET", "/v1/bots", { headers: { origin: OTHER_ORIGIN } });
    expect(actual.statusCode).toBe(200);
    expect(corsHeaders(actual.headers)).toEqual([]);
    // Caches must not hand one origin's answer to another.
    expect(actual.headers.vary).toBe("origin");
    // A prefix match is a path segment match; the operational endpoints are not covered.
    for (const url of ["/v1x", "/healthz", "/openapi.json"]) {
      const outside = await t.app.inject({ method: "GET", url, headers: { origin: APP_ORIGIN } });
      expect(corsHeaders(outside.headers), url).toEqual([]);
    }
    // The widget's public API keeps its own per-chat policy.
    const widget = await t.app.inject({
      method: "OPTIONS",
      url: "/widget/v1/chats/chat_x/config",
      headers: { origin: OTHER_ORIGIN, "access-control-request-method": "GET" },
    });
    expect(widget.headers["access-control-allow-origin"]).toBe(OTHER_ORIGIN);
    expect(widget.headers["access-control-allow-methods"]).toBe("GET, POST, OPTIONS");
  });

  it("refuses anything but exact origins at start-up, naming the variable", () => {
    const problems = (value: string) => {
      try {
        loadConfig({ PARLEY_CORS_ORIGINS: value });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    for (const bad of [
      "https://app.example/",
      "*",
      "app.example",
      "https://app.example/path",
      "ftp://x.example",
    ]) {
      const found = problems(`https://ok.example,${bad}`);
      expect(found, bad).toHaveLength(1);
      expect(found[0]).toMatch(/^PARLEY_CORS_ORIGINS: '/);
      expect(found[0]).toContain(bad);
    }
    expect(problems("https://ok.example, http://localhost:3000")).toEqual([]);
    expect(loadConfig({ PARLEY_CORS_ORIGINS: "https://a.example,https://a.example" }).corsOrigins).toEqual([
      "https://a.example",
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
