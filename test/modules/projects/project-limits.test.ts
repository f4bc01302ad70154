import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** Limits that keys cannot multiply: a per-project request budget and a cap on active keys. */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`project limits (${dialect})`, () => {
    const apps: TestApp[] = [];
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((t) => t.close()));
    });

    async function app(env: Record<string, string>) {
      const clock = new ManualClock("2026-11-21T10:00:10.000Z");
      const t = await createTestApp({ dialect, clock, env });
      apps.push(t);
      return { t, clock };
    }

    async function keys(t: TestApp, count: number): Promise<string[]> {
      const created: string[] = [];
      for (let i = 0; i < count; i++) {
        const response = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
          body: { name: `k${i}` },
        });
        created.push(response.json().key);
      }
      return created;
    }

    it("several keys of one project together stay within the project's limit", async () => {
      const { t, clock } = await app({
        PARLEY_RATE_LIMIT_PER_KEY: "5",
        PARLEY_RATE_LIMIT_PER_PROJECT: "8",
      });
      const minted = await keys(t, 4); // the admin key's 4 requests count too
      clock.advance(60_000); // a fresh window
      const statuses: number[] = [];
      for (const key of minted) {
        for (let i = 0; i < 3; i++) statuses.push((await t.call("GET", "/v1/bots", { key })).statusCode);
      }
      // 12 requests, each key under its own limit of 5, the project over its 8.
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      expect(statuses.slice(8).every((s) => s === 429)).toBe(true);
      const refused = await t.call("GET", "/v1/bots", { key: minted[0] });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "rate_limited" });
      expect(refused.json().message).toContain("project");
      expect(refused.headers["ratelimit-limit"]).toBe("8");
      expect(refused.headers["ratelimit-remaining"]).toBe("0");
      expect(refused.headers["retry-after"]).toBe("50");
      clock.advance(60_000);
      expect((await t.call("GET", "/v1/bots", { key: minted[0] })).statusCode).toBe(200);
    });

    it("another project keeps its own budget", async () => {
      const { t, clock } = await app({
        PARLEY_RATE_LIMIT_PER_KEY: "100",
        PARLEY_RATE_LIMIT_PER_PROJECT: "6",
      });
      const other = await t.otherProject();
      clock.advance(60_000);
      for (let i = 0; i < 6; i++) expect((await t.call("GET", "/v1/bots")).statusCode).toBe(200);
      expect((await t.call("GET", "/v1/bots")).statusCode).toBe(429);
      expect((await t.call("GET", "/v1/bots", { key: other.key })).statusCode).toBe(200);
    });

    it("headers show the tighter budget, and a key refused by its own limit costs the project nothing", async () => {
      const { t, clock } = await app({
        PARLEY_RATE_LIMIT_PER_KEY: "2",
        PARLEY_RATE_LIMIT_PER_PROJECT: "10",
      });
      const [first, second] = await keys(t, 2);
      clock.advance(60_000);
      const ok = await t.call("GET", "/v1/bots", { key: first });
      expect(ok.headers["ratelimit-limit"]).toBe("2");
      expect(ok.headers["ratelimit-remaining"]).toBe("1");
      await t.call("GET", "/v1/bots", { key: first });
      for (let i = 0; i < 20; i++)
        expect((await t.call("GET", "/v1/bots", { key: first })).statusCode).toBe(429);
      // The project spent 2 of its 10: the second key still has its own 2.
      expect((await t.call("GET", "/v1/bots", { key: second })).statusCode).toBe(200);
      expect((await t.call("GET", "/v1/bots", { key: second })).statusCode).toBe(200);
    });

    it("caps active keys per project with 409 api_key_limit_reached; revoking one frees a place", async () => {
      // The bootstrap admin key counts: it belongs to the default project.
      const { t } = await app({ PARLEY_MAX_KEYS_PER_PROJECT: "3" });
      await keys(t, 2);
      const refused = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
        body: { name: "one too many" },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "api_key_limit_reached" });
      expect(refused.json().message).toContain("3");
      const listed = (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`)).json() as Array<{
        id: string;
        name: string;
      }>;
      expect(listed).toHaveLength(3);
      const revocable = listed.find((key) => key.name === "k0")!;
      expect(
        (await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${revocable.id}`)).statusCode,
      ).toBe(200);
      const again = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
        body: { name: "replacement" },
      });
      expect(again.statusCode).toBe(200);
    });
  });
}
