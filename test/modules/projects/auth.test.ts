import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LAST_USED_RESOLUTION_MS } from "../../../src/modules/projects/authenticator.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

describe("authentication", () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock();
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await t.close();
  });

  it("401 without a key, with a malformed header, a wrong key or a revoked key", async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: `Bearer ${t.adminKey}x` },
      { authorization: "Bearer prl_doesnotexist000000000000000000000000000000" },
    ];
    for (const headers of cases) {
      const response = await t.app.inject({ method: "GET", url: "/v1/bots", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().code).toBe("unauthorized");
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("accepts the scheme in any case", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/v1/bots",
      headers: { authorization: `bearer ${t.adminKey}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it("records last_used_at, at most once per resolution interval", async () => {
    const lastUsed = async () =>
      (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`)).json()[0].last_used_at as string | null;
    const first = await lastUsed();
    // The listing request itself is a use; the write happens in the background.
    const stamped = await eventually(lastUsed, (value) => value !== null);
    expect(first === null || first === stamped).toBe(true);
    expect(stamped).toBe(clock.now().toISOString());
    clock.advance(LAST_USED_RESOLUTION_MS / 2);
    await t.call("GET", "/v1/bots");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await lastUsed()).toBe(stamped);
    clock.advance(LAST_USED_RESOLUTION_MS);
    await t.call("GET", "/v1/bots");
    const now = clock.now().toISOString();
    expect(await eventually(lastUsed, (value) => value === now)).toBe(now);
  });

  it("ignores the reserved internal headers: they cannot change or widen a key's scope", async () => {
    const mine = (await t.call("POST", "/v1/bots", { body: { name: "Admin's bot" } })).json();
    const other = await t.otherProject();
    const spoof = {
      "x-parley-project-id": t.projectId,
      "x-parley-organization-id": t.organizationId,
      "x-parley-user-id": "usr_admin",
    };
    const list = await t.call("GET", "/v1/bots", { key: other.key, headers: spoof });
    expect(list.json()).toEqual([]);
    const read = await t.call("GET", `/v1/bots/${mine.id}`, { key: other.key, headers: spoof });
    expect(read.statusCode).toBe(403);
    const projects = await t.call("GET", "/v1/projects", { key: other.key, headers: spoof });
    expect(projects.json().map((p: { id: string }) => p.id)).toEqual([other.projectId]);
    const created = (
      await t.call("POST", "/v1/bots", { key: other.key, headers: spoof, body: { name: "B" } })
    ).json();
    expect(created.project_id).toBe(other.projectId);
    const noKey = await t.app.inject({ method: "GET", url: "/v1/bots", headers: spoof });
    expect(noKey.statusCode).toBe(401);
  });

  it("does not require auth on operational endpoints", async () => {
    for (const url of ["/healthz", "/readyz", "/metrics", "/openapi.json"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });
});
