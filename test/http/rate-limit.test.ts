import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import type { App } from "../../src/infra/http-types.js";
import { RedisRateLimitStore } from "../../src/infra/rate-limit.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { ManualClock } from "../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { testConfig } from "../helpers/test-config.js";

const REDIS_URL = process.env.PARLEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const limits = {
  PARLEY_RATE_LIMIT_PER_KEY: "3",
  PARLEY_RATE_LIMIT_PER_IP: "2",
  PARLEY_RATE_LIMIT_WINDOW_SECONDS: "60",
};

describe("rate limits", () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  async function app(clock = new ManualClock("2026-11-21T10:00:10.000Z")) {
    const t = await createTestApp({ clock, env: limits });
    apps.push(t);
    return { t, clock };
  }

  it("limits per API key with RateLimit-* headers, then 429 with Retry-After", async () => {
    const { t } = await app();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.call("GET", "/v1/bots");
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe("3");
      remaining.push(String(response.headers["ratelimit-remaining"]));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await t.call("GET", "/v1/bots");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("rate_limited");
    expect(refused.headers["retry-after"]).toBe("50");
    expect(refused.headers["ratelimit-reset"]).toBe("50");
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
  });

  it("each key has its own budget", async () => {
    const { t } = await app();
    const other = await t.otherProject(); // two requests on the admin key
    await t.call("GET", "/v1/bots");
    expect((await t.call("GET", "/v1/bots")).statusCode).toBe(429);
    expect((await t.call("GET", "/v1/bots", { key: other.key })).statusCode).toBe(200);
  });

  it("a new window restores the budget", async () => {
    const { t, clock } = await app();
    for (let i = 0; i < 3; i++) await t.call("GET", "/v1/bots");
    expect((await t.call("GET", "/v1/bots")).statusCode).toBe(429);
    clock.advance(50_000);
    expect((await t.call("GET", "/v1/bots")).statusCode).toBe(200);
  });

  it("requests without a valid key are limited per client IP, before the 401", async () => {
    const { t } = await app();
    const anonymous = (ip: string, key?: string) =>
      t.app.inject({
        method: "GET",
        url: "/v1/bots",
        remoteAddress: ip,
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
    expect((await anonymous("10.0.0.1")).statusCode).toBe(401);
    expect((await anonymous("10.0.0.1", "prl_guess")).statusCode).toBe(401);
    const refused = await anonymous("10.0.0.1", "prl_guess2");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await anonymous("10.0.0.2")).statusCode).toBe(401);
    // A valid key from the limited IP still works: it has its own budget.
    const valid = await t.app.inject({
      method: "GET",
      url: "/v1/bots",
      remoteAddress: "10.0.0.1",
      headers: { authorization: `Bearer ${t.adminKey}` },
    });
    expect(valid.statusCode).toBe(200);
  });

  it("operational endpoints are not limited", async () => {
    const { t } = await app();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });

  describe("with Redis", () => {
    const clients: Redis[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.quit()));
    });

    it("two processes share one key's budget", async () => {
      const prefix = `parley:test:${randomBytes(4).toString("hex")}:`;
      const makeStore = () => {
        const client = new Redis(REDIS_URL);
        clients.push(client);
        return new RedisRateLimitStore(client, prefix);
      };
      const clock = new ManualClock("2026-11-21T10:00:10.000Z");
      const first = await createTestApp({ clock, env: limits, rateLimitStore: makeStore() });
      apps.push(first);
      // The second "process" serves the same database, as a cluster does.
      const second = await buildApp({
        config: testConfig(limits),
        storage: first.storage,
        secrets: createSecretBox(randomBytes(32)),
        clock,
        rateLimitStore: makeStore(),
      });
      expect(await alternate([first.app, second], first.adminKey)).toEqual([200, 200, 200, 429]);
      await second.close();
    });

    it("REDIS_URL in the configuration selects the shared store", async () => {
      const clock = new ManualClock("2026-11-21T10:00:10.000Z");
      const a = await createTestApp({ clock, env: { ...limits, REDIS_URL } });
      apps.push(a);
      const b = await buildApp({
        config: testConfig({ ...limits, REDIS_URL }),
        storage: a.storage,
        secrets: createSecretBox(randomBytes(32)),
        clock,
      });
      // A unique key so counters of earlier runs in the same minute cannot interfere.
      const fresh = (
        await a.call("POST", `/v1/projects/${a.projectId}/api-keys`, { body: { name: "r" } })
      ).json();
      expect(await alternate([a.app, b], fresh.key)).toEqual([200, 200, 200, 429]);
      await b.close();
    });
  });
});

/** Four requests with one key, alternating between two app instances; their statuses. */
async function alternate(instances: [App, App], key: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await instances[i % 2]!.inject({
      method: "GET",
      url: "/v1/bots",
      headers: { authorization: `Bearer ${key}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}
