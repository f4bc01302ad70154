import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installErrorHandling } from "../../src/infra/error-handler.js";
import type { App } from "../../src/infra/http-types.js";
import { IDEMPOTENCY_TTL_MS, installIdempotency, pruneIdempotencyKeys } from "../../src/infra/idempotency.js";
import { installJsonBodyParsing } from "../../src/infra/json-body.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";
import { ManualClock } from "../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe.each(DIALECTS)("idempotency on %s", (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    clock = new ManualClock();
    t = await createTestApp({ dialect, clock });
  });
  afterEach(async () => {
    await t?.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));
  const withKey = (key: string) => ({ "idempotency-key": key });

  it_("replays the first response for the same key and body without doing the work again", async () => {
    const first = await t.call("POST", "/v1/bots", { body: { name: "Once" }, headers: withKey("create-1") });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const second = await t.call("POST", "/v1/bots", { body: { name: "Once" }, headers: withKey("create-1") });
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await t.call("GET", "/v1/bots")).json()).toHaveLength(1);
  });

  it_("the same key with a different body or path is 409 and does nothing", async () => {
    await t.call("POST", "/v1/bots", { body: { name: "A" }, headers: withKey("k") });
    const differentBody = await t.call("POST", "/v1/bots", { body: { name: "B" }, headers: withKey("k") });
    expect(differentBody.statusCode).toBe(409);
    expect(differentBody.json().code).toBe("idempotency_key_reused");
    const bot = (await t.call("GET", "/v1/bots")).json()[0];
    const differentPath = await t.call("POST", `/v1/bots/${bot.id}`, {
      body: { name: "A" },
      headers: withKey("k"),
    });
    expect(differentPath.statusCode).toBe(409);
    expect((await t.call("GET", "/v1/bots")).json()).toEqual([bot]);
  });

  it_("keys are scoped to the API key's project", async () => {
    const other = await t.otherProject();
    const mine = await t.call("POST", "/v1/bots", { body: { name: "Same" }, headers: withKey("shared") });
    const theirs = await t.call("POST", "/v1/bots", {
      key: other.key,
      body: { name: "Same" },
      headers: withKey("shared"),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().project_id).toBe(other.projectId);
  });

  it_("replays client errors too, so a retry sees the same answer", async () => {
    const first = await t.call("POST", "/v1/bots/bot_missing", {
      body: { name: "x" },
      headers: withKey("e"),
    });
    expect(first.statusCode).toBe(404);
    const second = await t.call("POST", "/v1/bots/bot_missing", {
      body: { name: "x" },
      headers: withKey("e"),
    });
    expect(second.statusCode).toBe(404);
    expect(second.headers["idempotent-replayed"]).toBe("true");
  });

  it_("a key expires after 24 hours and then runs the request again", async () => {
    await t.call("POST", "/v1/bots", { body: { name: "Day one" }, headers: withKey("daily") });
    clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    const replay = await t.call("POST", "/v1/bots", { body: { name: "Day one" }, headers: withKey("daily") });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    clock.advance(2000);
    const fresh = await t.call("POST", "/v1/bots", { body: { name: "Day two" }, headers: withKey("daily") });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["idempotent-replayed"]).toBeUndefined();
    expect((await t.call("GET", "/v1/bots")).json()).toHaveLength(2);
  });

  it_("pruning removes only expired records", async () => {
    await t.call("POST", "/v1/bots", { body: { name: "Old" }, headers: withKey("old") });
    clock.advance(IDEMPOTENCY_TTL_MS + 1);
    await t.call("POST", "/v1/bots", { body: { name: "New" }, headers: withKey("new") });
    const repos = createRepos(t.storage.db);
    expect(await pruneIdempotencyKeys(repos.idempotency, clock)).toBe(1);
    expect(await repos.idempotency.find(t.projectId, "old")).toBeUndefined();
    expect(await repos.idempotency.find(t.projectId, "new")).toBeDefined();
  });

  it_("a request still in progress makes a concurrent retry 409, and GETs ignore the header", async () => {
    const repos = createRepos(t.storage.db);
    await repos.idempotency.claim({
      project_id: t.projectId,
      idempotency_key: "busy",
      fingerprint: "whatever",
      created_at: clock.now().toISOString(),
    });
    const busy = await t.call("POST", "/v1/bots", { body: { name: "x" }, headers: withKey("busy") });
    expect(busy.statusCode).toBe(409);
    const get = await t.call("GET", "/v1/bots", { headers: withKey("busy") });
    expect(get.statusCode).toBe(200);
  });

  it_("an invalid key is 400", async () => {
    const response = await t.call("POST", "/v1/bots", {
      body: { name: "x" },
      headers: withKey("x".repeat(256)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid_idempotency_key");
  });
});

describe("idempotency and server errors", () => {
  it("does not store a 5xx: a retry with the same key runs the work again", async () => {
    const storage = await openTestStorage("sqlite");
    await migrateToLatest(storage);
    const repos = createRepos(storage.db);
    await repos.organizations.insert({ id: "org_1", name: "o", created_at: new Date().toISOString() });
    await repos.projects.insert({
      id: "prj_1",
      organization_id: "org_1",
      name: "p",
      avatar_url: null,
      created_at: new Date().toISOString(),
    });
    const app = Fastify() as unknown as App;
    installJsonBodyParsing(app);
    installErrorHandling(app);
    app.decorateRequest("auth", null);
    app.addHook("onRequest", async (request) => {
      request.auth = { keyId: "key_1", projectId: "prj_1", organizationId: "org_1", role: "project" };
    });
    installIdempotency(app, {
      repo: () => repos.idempotency,
      clock: { now: () => new Date() },
      secrets: createSecretBox(randomBytes(32)),
    });
    let runs = 0;
    app.post("/work", async () => {
      runs += 1;
      if (runs === 1) throw new Error("transient failure");
      return { run: runs };
    });
    const send = () =>
      app.inject({
        method: "POST",
        url: "/work",
        headers: { "content-type": "application/json", "idempotency-key": "retry-me" },
        payload: "{}",
      });
    expect((await send()).statusCode).toBe(500);
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ run: 2 });
    const third = await send();
    expect(third.headers["idempotent-replayed"]).toBe("true");
    expect(third.json()).toEqual({ run: 2 });
    expect(runs).toBe(2);
    await app.close();
    await storage.close();
  });
});

describe("idempotency records at rest", () => {
  it("a stored response that carries a secret is sealed, and still replays", async () => {
    const t = await createTestApp();
    const first = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
      body: { name: "ci" },
      headers: { "idempotency-key": "key-once" },
    });
    const secret = first.json().key as string;
    const rows = await t.storage.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    const replay = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
      body: { name: "ci" },
      headers: { "idempotency-key": "key-once" },
    });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().key).toBe(secret);
    await t.close();
  });
});
