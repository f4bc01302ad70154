import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../../src/storage/database.js";
import { allMigrations } from "../../src/storage/migrations/index.js";
import { migrateToLatest, migrationsApplied } from "../../src/storage/migrator.js";
import type { ApiKeyRow } from "../../src/storage/repos/api-keys.repo.js";
import { lockBootstrap } from "../../src/storage/repos/bootstrap-lock.js";
import type { BotRow } from "../../src/storage/repos/bots.repo.js";
import { createRepos, type Repos } from "../../src/storage/repos/index.js";
import type { OrganizationRow } from "../../src/storage/repos/organizations.repo.js";
import type { ProjectRow } from "../../src/storage/repos/projects.repo.js";
import { openTestStorage, shouldSkip, type TestDialect } from "../helpers/dialects.js";

const T0 = "2026-11-21T10:00:00.123Z";
const T1 = "2026-11-21T10:00:01.456Z";
const T2 = "2026-11-21T10:00:02.789Z";
const T3 = "2026-11-21T10:00:03.001Z";

function organization(overrides: Partial<OrganizationRow> = {}): OrganizationRow {
  return { id: "org_1", name: "Acme", created_at: T0, ...overrides };
}

function project(overrides: Partial<ProjectRow> = {}): ProjectRow {
  return {
    id: "prj_1",
    organization_id: "org_1",
    name: "Support",
    avatar_url: "https://cdn.example.com/a.png",
    created_at: T0,
    ...overrides,
  };
}

function apiKey(overrides: Partial<ApiKeyRow> = {}): ApiKeyRow {
  return {
    id: "key_1",
    project_id: "prj_1",
    name: "ci",
    role: "project",
    lookup_prefix: "prl_abcd1234",
    key_hash: "a".repeat(64),
    last_used_at: null,
    created_at: T0,
    revoked_at: null,
    ...overrides,
  };
}

function bot(overrides: Partial<BotRow> = {}): BotRow {
  return {
    id: "bot_1",
    project_id: "prj_1",
    name: "Helper",
    description: "Answers questions",
    status: "active",
    settings: JSON.stringify({ model: "gpt", temperature: 0.2, tools: ["search"], nested: { a: null } }),
    created_at: T0,
    updated_at: T1,
    published_version: 1,
    draft_version: null,
    draft_base: null,
    publish_requires_evals: 0,
    ...overrides,
  };
}

/** Rejects with a database error, whatever the driver's wording. */
async function expectRejects(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toThrow();
}

async function count(
  storage: Storage,
  table: "organizations" | "projects" | "api_keys" | "bots" | "idempotency_keys",
) {
  const row = await storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The repository behaviour both dialects must share: the same tests run once on SQLite and
 * once on PostgreSQL (see repos-sqlite.test.ts and repos-postgres.test.ts).
 */
export function describeRepositoryConformance(dialect: TestDialect): void {
  describe.skipIf(shouldSkip(dialect))(`repositories on ${dialect}`, () => {
    let storage: Storage;
    let repos: Repos;
    let applied: string[];

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      applied = await migrateToLatest(storage);
      repos = createRepos(storage.db);
    });

    afterEach(async () => {
      await storage?.close();
    });

    async function seedProject(): Promise<void> {
      await repos.organizations.insert(organization());
      await repos.projects.insert(project());
    }

    describe("migrations", () => {
      it("applies every known migration once and reports them applied", async () => {
        expect(storage.dialect).toBe(dialect);
        expect(applied).toEqual(Object.keys(allMigrations(dialect)));
        expect(await migrationsApplied(storage)).toBe(true);
      });

      it("is idempotent: a second migrateToLatest applies nothing", async () => {
        expect(await migrateToLatest(storage)).toEqual([]);
        expect(await migrationsApplied(storage)).toBe(true);
      });

      // Regression: on PostgreSQL, Kysely looks for its migration tables in every schema unless
      // told which one; another schema's tables must not make a fresh one look migrated.
      it("a second, independent database migrates while another is migrated", async () => {
        const fresh = await openTestStorage(dialect);
        try {
          expect(await migrationsApplied(fresh)).toBe(false);
          expect(await migrateToLatest(fresh)).toEqual(Object.keys(allMigrations(dialect)));
          expect(await migrationsApplied(fresh)).toBe(true);
          await createRepos(fresh.db).organizations.insert(organization({ id: "org_fresh" }));
          expect(await repos.organizations.findById("org_fresh")).toBeUndefined();
        } finally {
          await fresh.close();
        }
      });
    });

    describe("organizations", () => {
      it("round-trips every column, timestamps with milliseconds exactly", async () => {
        const row = organization({ name: "Acme — Ünïcødé 'quoted' \"name\"" });
        await repos.organizations.insert(row);
        const found = await repos.organizations.findById(row.id);
        expect(found).toEqual(row);
        expect(found?.created_at).toBe("2026-11-21T10:00:00.123Z");
      });

      it("findById of an unknown id is undefined", async () => {
        expect(await repos.organizations.findById("org_missing")).toBeUndefined();
      });

      it("lists by created_at, then id", async () => {
        await repos.organizations.insert(organization({ id: "org_c", created_at: T1 }));
        await repos.organizations.insert(organization({ id: "org_b", created_at: T0 }));
        await repos.organizations.insert(organization({ id: "org_d", created_at: T0 }));
        await repos.organizations.insert(organization({ id: "org_a", created_at: T2 }));
        const ids = (await repos.organizations.list()).map((o) => o.id);
        expect(ids).toEqual(["org_b", "org_d", "org_c", "org_a"]);
      });

      it("rejects a duplicate id", async () => {
        await repos.organizations.insert(organization());
        await expectRejects(repos.organizations.insert(organization({ name: "Other" })));
        expect(await repos.organizations.findById("org_1")).toEqual(organization());
      });
    });

    describe("projects", () => {
      it("round-trips every column, including a null avatar_url", async () => {
        await repos.organizations.insert(organization());
        const withAvatar = project();
        const withoutAvatar = project({ id: "prj_2", avatar_url: null, created_at: T3 });
        await repos.projects.insert(withAvatar);
        await repos.projects.insert(withoutAvatar);
        expect(await repos.projects.findById("prj_1")).toEqual(withAvatar);
        const found = await repos.projects.findById("prj_2");
        expect(found).toEqual(withoutAvatar);
        expect(found?.avatar_url).toBeNull();
        expect(found?.created_at).toBe(T3);
      });

      it("lists one organization's projects by created_at, then id", async () => {
        await repos.organizations.insert(organization());
        await repos.organizations.insert(organization({ id: "org_2" }));
        await repos.projects.insert(project({ id: "prj_z", created_at: T0 }));
        await repos.projects.insert(project({ id: "prj_late", created_at: T2 }));
        await repos.projects.insert(project({ id: "prj_m", created_at: T0 }));
        await repos.projects.insert(project({ id: "prj_other", organization_id: "org_2", created_at: T0 }));
        const ids = (await repos.projects.listByOrganization("org_1")).map((p) => p.id);
        expect(ids).toEqual(["prj_m", "prj_z", "prj_late"]);
        expect((await repos.projects.listByOrganization("org_2")).map((p) => p.id)).toEqual(["prj_other"]);
        expect(await repos.projects.listByOrganization("org_missing")).toEqual([]);
      });

      it("any() is false on an empty database and true once a project exists", async () => {
        expect(await repos.projects.any()).toBe(false);
        await seedProject();
        expect(await repos.projects.any()).toBe(true);
      });
    });

    describe("api keys", () => {
      beforeEach(seedProject);

      it("round-trips every column, null and set timestamps alike", async () => {
        const fresh = apiKey();
        const used = apiKey({
          id: "key_2",
          role: "admin",
          key_hash: "b".repeat(64),
          last_used_at: T2,
          created_at: T1,
        });
        await repos.apiKeys.insert(fresh);
        await repos.apiKeys.insert(used);
        const foundFresh = await repos.apiKeys.findLiveById("key_1");
        expect(foundFresh).toEqual(fresh);
        expect(foundFresh?.last_used_at).toBeNull();
        expect(foundFresh?.revoked_at).toBeNull();
        expect(await repos.apiKeys.findLiveById("key_2")).toEqual(used);
      });

      it("findLiveByPrefix joins the organization and excludes revoked keys", async () => {
        await repos.apiKeys.insert(apiKey({ id: "key_live", key_hash: "1".repeat(64) }));
        await repos.apiKeys.insert(
          apiKey({ id: "key_revoked", key_hash: "2".repeat(64), revoked_at: T1, created_at: T1 }),
        );
        await repos.apiKeys.insert(
          apiKey({ id: "key_other_prefix", key_hash: "3".repeat(64), lookup_prefix: "prl_zzzz9999" }),
        );
        const found = await repos.apiKeys.findLiveByPrefix("prl_abcd1234");
        expect(found).toEqual([
          { ...apiKey({ id: "key_live", key_hash: "1".repeat(64) }), organization_id: "org_1" },
        ]);
        expect(await repos.apiKeys.findLiveByPrefix("prl_none0000")).toEqual([]);
      });

      it("findLiveById excludes revoked keys", async () => {
        await repos.apiKeys.insert(apiKey({ revoked_at: T1 }));
        expect(await repos.apiKeys.findLiveById("key_1")).toBeUndefined();
        expect(await repos.apiKeys.findLiveById("key_missing")).toBeUndefined();
      });

      it("revoke sets revoked_at and hides the key from every live lookup", async () => {
        await repos.apiKeys.insert(apiKey());
        await repos.apiKeys.revoke("key_1", T2);
        expect(await repos.apiKeys.findLiveById("key_1")).toBeUndefined();
        expect(await repos.apiKeys.findLiveByPrefix("prl_abcd1234")).toEqual([]);
        expect(await repos.apiKeys.listLiveByProject("prj_1")).toEqual([]);
        const stored = await storage.db
          .selectFrom("api_keys")
          .selectAll()
          .where("id", "=", "key_1")
          .executeTakeFirst();
        expect(stored).toEqual(apiKey({ revoked_at: T2 }));
      });

      it("touchLastUsed writes last_used_at and nothing else", async () => {
        await repos.apiKeys.insert(apiKey());
        await repos.apiKeys.touchLastUsed("key_1", T1);
        expect(await repos.apiKeys.findLiveById("key_1")).toEqual(apiKey({ last_used_at: T1 }));
        await repos.apiKeys.touchLastUsed("key_1", T3);
        expect((await repos.apiKeys.findLiveById("key_1"))?.last_used_at).toBe(T3);
      });

      it("key_hash is unique", async () => {
        await repos.apiKeys.insert(apiKey());
        await expectRejects(repos.apiKeys.insert(apiKey({ id: "key_2", lookup_prefix: "prl_other000" })));
        expect(await repos.apiKeys.findLiveById("key_2")).toBeUndefined();
        expect(await count(storage, "api_keys")).toBe(1);
      });

      it("lists one project's live keys by created_at, then id", async () => {
        await repos.projects.insert(project({ id: "prj_2" }));
        await repos.apiKeys.insert(apiKey({ id: "key_c", key_hash: "c".repeat(64), created_at: T2 }));
        await repos.apiKeys.insert(apiKey({ id: "key_b", key_hash: "b".repeat(64), created_at: T0 }));
        await repos.apiKeys.insert(apiKey({ id: "key_a", key_hash: "a".repeat(64), created_at: T0 }));
        await repos.apiKeys.insert(
          apiKey({ id: "key_r", key_hash: "d".repeat(64), created_at: T0, revoked_at: T1 }),
        );
        await repos.apiKeys.insert(
          apiKey({ id: "key_elsewhere", project_id: "prj_2", key_hash: "e".repeat(64), created_at: T0 }),
        );
        const ids = (await repos.apiKeys.listLiveByProject("prj_1")).map((k) => k.id);
        expect(ids).toEqual(["key_a", "key_b", "key_c"]);
        expect((await repos.apiKeys.listLiveByProject("prj_2")).map((k) => k.id)).toEqual(["key_elsewhere"]);
      });
    });

    describe("bots", () => {
      beforeEach(seedProject);

      it("round-trips every column, including a null description and the settings JSON", async () => {
        const described = bot();
        const bare = bot({ id: "bot_2", description: null, status: "error", created_at: T2, updated_at: T3 });
        await repos.bots.insert(described);
        await repos.bots.insert(bare);
        expect(await repos.bots.findById("bot_1")).toEqual(described);
        const found = await repos.bots.findById("bot_2");
        expect(found).toEqual(bare);
        expect(found?.description).toBeNull();
        expect(JSON.parse(found?.settings ?? "null")).toEqual({
          model: "gpt",
          temperature: 0.2,
          tools: ["search"],
          nested: { a: null },
        });
        expect(await repos.bots.findById("bot_missing")).toBeUndefined();
      });

      it("lists one project's bots by created_at, then id", async () => {
        await repos.projects.insert(project({ id: "prj_2" }));
        await repos.bots.insert(bot({ id: "bot_3", created_at: T1 }));
        await repos.bots.insert(bot({ id: "bot_2", created_at: T0 }));
        await repos.bots.insert(bot({ id: "bot_1", created_at: T0 }));
        await repos.bots.insert(bot({ id: "bot_0", created_at: T2 }));
        await repos.bots.insert(bot({ id: "bot_x", project_id: "prj_2", created_at: T0 }));
        const ids = (await repos.bots.listByProject("prj_1")).map((b) => b.id);
        expect(ids).toEqual(["bot_1", "bot_2", "bot_3", "bot_0"]);
        expect((await repos.bots.listByProject("prj_2")).map((b) => b.id)).toEqual(["bot_x"]);
      });

      it("update of some columns leaves the others as they were", async () => {
        await repos.bots.insert(bot());
        await repos.bots.insert(bot({ id: "bot_2", name: "Bystander" }));
        await repos.bots.update("bot_1", { name: "Renamed", status: "disabled", updated_at: T3 });
        expect(await repos.bots.findById("bot_1")).toEqual(
          bot({ name: "Renamed", status: "disabled", updated_at: T3 }),
        );
        await repos.bots.update("bot_1", { description: null });
        expect(await repos.bots.findById("bot_1")).toEqual(
          bot({ name: "Renamed", status: "disabled", updated_at: T3, description: null }),
        );
        expect(await repos.bots.findById("bot_2")).toEqual(bot({ id: "bot_2", name: "Bystander" }));
      });

      it("delete removes only that bot", async () => {
        await repos.bots.insert(bot());
        await repos.bots.insert(bot({ id: "bot_2" }));
        await repos.bots.delete("bot_1");
        expect(await repos.bots.findById("bot_1")).toBeUndefined();
        expect(await repos.bots.findById("bot_2")).toEqual(bot({ id: "bot_2" }));
        await repos.bots.delete("bot_missing");
        expect(await count(storage, "bots")).toBe(1);
      });

      it("withTransaction sees its own uncommitted writes, and they are visible after commit", async () => {
        await storage.db.transaction().execute(async (trx) => {
          const inTrx = repos.bots.withTransaction(trx);
          await inTrx.insert(bot());
          expect(await inTrx.findById("bot_1")).toEqual(bot());
          await inTrx.update("bot_1", { name: "Inside" });
          expect((await inTrx.listByProject("prj_1")).map((b) => b.name)).toEqual(["Inside"]);
        });
        expect(await repos.bots.findById("bot_1")).toEqual(bot({ name: "Inside" }));
      });

      it("a rolled-back transaction leaves nothing behind", async () => {
        await repos.bots.insert(bot({ id: "bot_kept" }));
        const failure = new Error("roll back");
        await expect(
          storage.db.transaction().execute(async (trx) => {
            const inTrx = createRepos(trx);
            await inTrx.bots.insert(bot());
            await inTrx.bots.update("bot_kept", { name: "Changed" });
            await inTrx.bots.withTransaction(trx).delete("bot_kept");
            await inTrx.projects.insert(project({ id: "prj_2" }));
            expect(await inTrx.bots.findById("bot_1")).toEqual(bot());
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await repos.bots.findById("bot_1")).toBeUndefined();
        expect(await repos.bots.findById("bot_kept")).toEqual(bot({ id: "bot_kept" }));
        expect(await repos.projects.findById("prj_2")).toBeUndefined();
      });
    });

    describe("idempotency", () => {
      beforeEach(async () => {
        await seedProject();
        await repos.projects.insert(project({ id: "prj_2" }));
      });

      const claimRow = (
        overrides: { project_id?: string; idempotency_key?: string; created_at?: string } = {},
      ) => ({
        project_id: "prj_1",
        idempotency_key: "req-1",
        fingerprint: "f".repeat(64),
        created_at: T0,
        ...overrides,
      });

      it("claim succeeds once per (project, key) and stores a pending record", async () => {
        expect(await repos.idempotency.claim(claimRow())).toBe(true);
        expect(await repos.idempotency.claim(claimRow())).toBe(false);
        expect(await repos.idempotency.claim(claimRow({ created_at: T1 }))).toBe(false);
        expect(await repos.idempotency.claim(claimRow({ project_id: "prj_2" }))).toBe(true);
        expect(await repos.idempotency.find("prj_1", "req-1")).toEqual({
          ...claimRow(),
          status_code: null,
          response_body: null,
          locked_until: null,
        });
        expect(await repos.idempotency.find("prj_1", "req-missing")).toBeUndefined();
        expect(await count(storage, "idempotency_keys")).toBe(2);
      });

      it("complete stores the status and body", async () => {
        await repos.idempotency.claim(claimRow());
        await repos.idempotency.claim(claimRow({ project_id: "prj_2" }));
        const body = JSON.stringify({ id: "bot_1", name: "Ünïcødé" });
        await repos.idempotency.complete("prj_1", "req-1", 201, body);
        const found = await repos.idempotency.find("prj_1", "req-1");
        expect(found).toEqual({ ...claimRow(), status_code: 201, response_body: body, locked_until: null });
        expect(typeof found?.status_code).toBe("number");
        expect((await repos.idempotency.find("prj_2", "req-1"))?.status_code).toBeNull();
      });

      it("a lease is renewed while running, taken over once after it lapsed, and cleared on completion", async () => {
        await repos.idempotency.claim({ ...claimRow(), locked_until: T1 });
        await repos.idempotency.renew("prj_1", ["req-1", "req-other"], T2);
        expect((await repos.idempotency.find("prj_1", "req-1"))?.locked_until).toBe(T2);
        // Two retries saw the lease at T2: one takes it over, the other loses the race.
        expect(await repos.idempotency.takeOver("prj_1", "req-1", T2, T3)).toBe(true);
        expect(await repos.idempotency.takeOver("prj_1", "req-1", T2, T3)).toBe(false);
        expect((await repos.idempotency.find("prj_1", "req-1"))?.created_at).toBe(T0);
        await repos.idempotency.complete("prj_1", "req-1", 200, "{}");
        expect((await repos.idempotency.find("prj_1", "req-1"))?.locked_until).toBeNull();
        // A completed record is neither renewed nor taken over.
        await repos.idempotency.renew("prj_1", ["req-1"], T2);
        expect((await repos.idempotency.find("prj_1", "req-1"))?.locked_until).toBeNull();
      });

      it("release frees the key for another claim", async () => {
        await repos.idempotency.claim(claimRow());
        await repos.idempotency.claim(claimRow({ project_id: "prj_2" }));
        await repos.idempotency.release("prj_1", "req-1");
        expect(await repos.idempotency.find("prj_1", "req-1")).toBeUndefined();
        expect(await repos.idempotency.find("prj_2", "req-1")).toBeDefined();
        expect(await repos.idempotency.claim(claimRow({ created_at: T2 }))).toBe(true);
        expect((await repos.idempotency.find("prj_1", "req-1"))?.created_at).toBe(T2);
      });

      it("deleteCreatedBefore deletes only older records and returns how many", async () => {
        await repos.idempotency.claim(claimRow({ idempotency_key: "old-1", created_at: T0 }));
        await repos.idempotency.claim(
          claimRow({ idempotency_key: "old-2", project_id: "prj_2", created_at: T1 }),
        );
        await repos.idempotency.claim(claimRow({ idempotency_key: "at-cutoff", created_at: T2 }));
        await repos.idempotency.claim(claimRow({ idempotency_key: "new", created_at: T3 }));
        expect(await repos.idempotency.deleteCreatedBefore(T2)).toBe(2);
        expect(await repos.idempotency.find("prj_1", "old-1")).toBeUndefined();
        expect(await repos.idempotency.find("prj_2", "old-2")).toBeUndefined();
        expect(await repos.idempotency.find("prj_1", "at-cutoff")).toBeDefined();
        expect(await repos.idempotency.find("prj_1", "new")).toBeDefined();
        expect(await repos.idempotency.deleteCreatedBefore(T2)).toBe(0);
      });

      it("deleteCreatedBefore compares by instant at millisecond precision", async () => {
        await repos.idempotency.claim(
          claimRow({ idempotency_key: "a", created_at: "2026-11-21T10:00:00.122Z" }),
        );
        await repos.idempotency.claim(
          claimRow({ idempotency_key: "b", created_at: "2026-11-21T10:00:00.123Z" }),
        );
        await repos.idempotency.claim(
          claimRow({ idempotency_key: "c", created_at: "2026-11-21T10:00:00.124Z" }),
        );
        expect(await repos.idempotency.deleteCreatedBefore("2026-11-21T10:00:00.123Z")).toBe(1);
        expect(await repos.idempotency.find("prj_1", "a")).toBeUndefined();
        expect(await repos.idempotency.find("prj_1", "b")).toBeDefined();
      });
    });

    describe("foreign keys", () => {
      it("rejects a project of an unknown organization", async () => {
        await expectRejects(repos.projects.insert(project({ organization_id: "org_missing" })));
        expect(await repos.projects.findById("prj_1")).toBeUndefined();
      });

      it("rejects keys, bots and idempotency records of an unknown project", async () => {
        await seedProject();
        await expectRejects(repos.apiKeys.insert(apiKey({ project_id: "prj_missing" })));
        await expectRejects(repos.bots.insert(bot({ project_id: "prj_missing" })));
        await expectRejects(
          repos.idempotency.claim({
            project_id: "prj_missing",
            idempotency_key: "k",
            fingerprint: "f",
            created_at: T0,
          }),
        );
        expect(await count(storage, "api_keys")).toBe(0);
        expect(await count(storage, "bots")).toBe(0);
        expect(await count(storage, "idempotency_keys")).toBe(0);
      });

      it("deleting an organization cascades to its projects, keys, bots and idempotency records", async () => {
        await seedProject();
        await repos.organizations.insert(organization({ id: "org_2" }));
        await repos.projects.insert(project({ id: "prj_2", organization_id: "org_2" }));
        await repos.apiKeys.insert(apiKey());
        await repos.apiKeys.insert(apiKey({ id: "key_2", project_id: "prj_2", key_hash: "2".repeat(64) }));
        await repos.bots.insert(bot());
        await repos.bots.insert(bot({ id: "bot_2", project_id: "prj_2" }));
        await repos.idempotency.claim({
          project_id: "prj_1",
          idempotency_key: "k",
          fingerprint: "f",
          created_at: T0,
        });
        await repos.idempotency.claim({
          project_id: "prj_2",
          idempotency_key: "k",
          fingerprint: "f",
          created_at: T0,
        });

        await storage.db.deleteFrom("organizations").where("id", "=", "org_1").execute();

        expect(await repos.organizations.findById("org_1")).toBeUndefined();
        expect(await repos.projects.findById("prj_1")).toBeUndefined();
        expect(await repos.apiKeys.findLiveById("key_1")).toBeUndefined();
        expect(await repos.bots.findById("bot_1")).toBeUndefined();
        expect(await repos.idempotency.find("prj_1", "k")).toBeUndefined();
        expect(await count(storage, "projects")).toBe(1);
        expect(await count(storage, "api_keys")).toBe(1);
        expect(await count(storage, "bots")).toBe(1);
        expect(await count(storage, "idempotency_keys")).toBe(1);
        expect(await repos.projects.findById("prj_2")).toEqual(
          project({ id: "prj_2", organization_id: "org_2" }),
        );
        expect(await repos.apiKeys.findLiveById("key_2")).toBeDefined();
        expect(await repos.bots.findById("bot_2")).toBeDefined();
        expect(await repos.idempotency.find("prj_2", "k")).toBeDefined();
      });
    });

    describe("credit holds", () => {
      const hold = (id: string, amount: number, expires: string) => ({
        id,
        project_id: "prj_1",
        amount,
        expires_at: expires,
        created_at: T0,
      });

      it("heldAmount sums the holds not lapsed by now (bigints as numbers); delete and prune remove them", async () => {
        await seedProject();
        expect(await repos.billing.heldAmount("prj_1", T0)).toBe(0);
        await repos.billing.insertHold(hold("hold_a", 70, T2));
        await repos.billing.insertHold(hold("hold_b", 5_000_000_000, T3));
        await repos.billing.insertHold(hold("hold_old", 9, T1));
        expect(await repos.billing.heldAmount("prj_1", T0)).toBe(5_000_000_079);
        // A hold lapses at its expires_at, compared by instant.
        expect(await repos.billing.heldAmount("prj_1", T1)).toBe(5_000_000_070);
        expect(await repos.billing.heldAmount("prj_2", T0)).toBe(0);
        await repos.billing.deleteHold("hold_b");
        expect(await repos.billing.heldAmount("prj_1", T0)).toBe(79);
        expect(await repos.billing.pruneHolds(T1)).toBe(1);
        expect(await repos.billing.heldAmount("prj_1", T0)).toBe(70);
      });

      it("a project's holds go with it", async () => {
        await seedProject();
        await repos.billing.insertHold(hold("hold_a", 70, T2));
        await storage.db.deleteFrom("projects").where("id", "=", "prj_1").execute();
        expect(await repos.billing.heldAmount("prj_1", T0)).toBe(0);
      });
    });

    describe("evaluations", () => {
      const evalCase = (id: string, created: string) => ({
        id,
        project_id: "prj_1",
        bot_id: "bot_1",
        name: `Case ${id}`,
        messages: JSON.stringify([{ role: "user", content: "Hi" }]),
        expectations: "[]",
        tool_results: "{}",
        source_type: "manual" as const,
        source_thread_id: null,
        source_message_id: null,
        created_at: created,
        updated_at: created,
      });
      const run = (id: string, status: "queued" | "completed", finished: string | null) => ({
        id,
        project_id: "prj_1",
        bot_id: "bot_1",
        version: 1,
        settings_version: "abcdef012345",
        model: "openai/gpt-5",
        judge_model: "openai/gpt-5",
        status,
        case_ids: JSON.stringify(["evc_a", "evc_b"]),
        error_code: null,
        error_message: null,
        created_at: T0,
        started_at: null,
        finished_at: finished,
      });
      const result = (
        runId: string,
        caseId: string,
        status: "passed" | "failed" | "error",
        position: number,
      ) => ({
        run_id: runId,
        case_id: caseId,
        project_id: "prj_1",
        position,
        case_name: caseId,
        status,
        reply: status === "error" ? null : "Hello",
        expectations: "[]",
        tool_calls: "[]",
        handed_off: 0,
        input_tokens: 10,
        output_tokens: 5,
        duration_ms: 12,
        error_code: null,
        error_message: null,
        trace_id: `trc_${caseId}`,
        trace: "{}",
        created_at: T1,
      });

      it("cases round-trip, list newest first by pages, update and delete; they go with their bot", async () => {
        await seedProject();
        await repos.bots.insert(bot());
        await repos.evalCases.insert(evalCase("evc_a", T0));
        await repos.evalCases.insert(evalCase("evc_b", T1));
        await repos.evalCases.insert(evalCase("evc_c", T1));
        expect(await repos.evalCases.find("prj_1", "bot_1", "evc_a")).toEqual(evalCase("evc_a", T0));
        expect(await repos.evalCases.find("prj_2", "bot_1", "evc_a")).toBeUndefined();
        const page = await repos.evalCases.list("prj_1", "bot_1", { limit: 2 });
        expect(page.map((row) => row.id)).toEqual(["evc_c", "evc_b"]);
        const next = await repos.evalCases.list("prj_1", "bot_1", { limit: 2, before: "evc_b" });
        expect(next.map((row) => row.id)).toEqual(["evc_a"]);
        expect(await repos.evalCases.idsOfBot("prj_1", "bot_1")).toEqual(["evc_a", "evc_b", "evc_c"]);
        expect(await repos.evalCases.countOfBot("prj_1", "bot_1")).toBe(3);
        await repos.evalCases.update("prj_1", "evc_a", { name: "Renamed", updated_at: T2 });
        expect(await repos.evalCases.find("prj_1", "bot_1", "evc_a")).toMatchObject({
          name: "Renamed",
          created_at: T0,
        });
        expect(await repos.evalCases.delete("prj_1", "bot_1", "evc_c")).toBe(true);
        expect(await repos.evalCases.delete("prj_1", "bot_1", "evc_c")).toBe(false);
        await repos.evalRuns.insert(run("evr_1", "queued", null));
        await repos.evalRuns.insertResult(result("evr_1", "evc_a", "passed", 0));
        await repos.bots.delete("bot_1");
        expect(await repos.evalCases.countOfBot("prj_1", "bot_1")).toBe(0);
        expect(await repos.evalRuns.findById("prj_1", "evr_1")).toBeUndefined();
        expect(await repos.evalRuns.results("prj_1", "evr_1")).toEqual([]);
      });

      it("results are stored once per case, read in the run's order and counted; the gate finds the newest completed run", async () => {
        await seedProject();
        await repos.bots.insert(bot());
        await repos.evalRuns.insert(run("evr_1", "completed", T2));
        await repos.evalRuns.insert(run("evr_2", "completed", T3));
        await repos.evalRuns.insert(run("evr_3", "queued", null));
        expect(await repos.evalRuns.insertResult(result("evr_2", "evc_b", "failed", 1))).toBe(true);
        expect(await repos.evalRuns.insertResult(result("evr_2", "evc_a", "passed", 0))).toBe(true);
        // A job that runs again keeps the first result.
        expect(await repos.evalRuns.insertResult(result("evr_2", "evc_a", "error", 0))).toBe(false);
        const results = await repos.evalRuns.results("prj_1", "evr_2");
        expect(results.map((row) => [row.case_id, row.status])).toEqual([
          ["evc_a", "passed"],
          ["evc_b", "failed"],
        ]);
        expect(results[0]).toEqual(result("evr_2", "evc_a", "passed", 0));
        expect([...(await repos.evalRuns.doneCaseIds("prj_1", "evr_2"))].sort()).toEqual(["evc_a", "evc_b"]);
        expect((await repos.evalRuns.counts("prj_1", ["evr_2", "evr_1"])).get("evr_2")).toEqual({
          total: 2,
          passed: 1,
          failed: 1,
          errored: 0,
          inputTokens: 20,
          outputTokens: 10,
        });
        const latest = await repos.evalRuns.latestCompleted("prj_1", "bot_1", "abcdef012345", "openai/gpt-5");
        expect(latest?.id).toBe("evr_2");
        expect(
          await repos.evalRuns.latestCompleted("prj_1", "bot_1", "abcdef012345", "openai/other"),
        ).toBeUndefined();
        await repos.evalRuns.update("prj_1", "evr_3", { status: "running", started_at: T1 });
        expect(await repos.evalRuns.find("prj_1", "bot_1", "evr_3")).toMatchObject({
          status: "running",
          started_at: T1,
        });
        const listed = await repos.evalRuns.list("prj_1", "bot_1", { limit: 2 });
        expect(listed.map((row) => row.id)).toEqual(["evr_3", "evr_2"]);
      });
    });

    describe("analytics rollups", () => {
      const zero = {
        conversations: 0,
        resolved: 0,
        handed_off: 0,
        user_messages: 0,
        bot_messages: 0,
        operator_messages: 0,
        bot_replies: 0,
        failed_replies: 0,
        feedback_up: 0,
        feedback_down: 0,
        cost: 0,
      };
      const none = { tool_calls: {}, failures: {}, handoffs: {}, frt_bot: {}, frt_people: {} };
      // 2026-11-21T10:00Z and 23:00Z as hours since 1970.
      const TEN = Date.parse("2026-11-21T10:00:00Z") / 3_600_000;
      const ELEVEN_PM = TEN + 13;
      const key = (hour: number, botId = "bot_1", channel = "telegram") => ({
        projectId: "prj_1",
        botId,
        channel,
        hour,
      });

      it("upserts add counts (negative ones take away) and keyed counts key by key, and count versions; sums by local day", async () => {
        await seedProject();
        const analytics = repos.analytics;
        const add = (at: ReturnType<typeof key>, counts: typeof zero, keyed: typeof none) =>
          analytics.addHourly([{ key: at, counts, keyed }]);
        await add(
          key(TEN),
          { ...zero, conversations: 1, cost: 5_000_000_000 },
          {
            ...none,
            tool_calls: { get_current_time: 2 },
          },
        );
        await add(
          key(TEN),
          { ...zero, conversations: 2, resolved: 1 },
          {
            ...none,
            tool_calls: { get_current_time: 1, mcp__shop__get_order: 4 },
            frt_bot: { "40": 1 },
          },
        );
        await add(key(TEN), { ...zero, resolved: -1, handed_off: 1 }, none);
        await add(key(ELEVEN_PM), { ...zero, conversations: 4 }, { ...none, failures: { model_error: 1 } });
        await add(key(TEN, "bot_2"), { ...zero, conversations: 9 }, none);
        const level = { projectId: "prj_1", botId: "bot_1", channel: "telegram" };
        const day = Math.floor(TEN / 24);
        const utc = [{ fromHour: day * 24, toHour: day * 24 + 48, offsetMinutes: 0 }];
        // Three upserts of one row: version 3; one of another: 1.
        expect(await analytics.dailyCounts(level, utc)).toEqual([
          { day, ...zero, conversations: 7, handed_off: 1, cost: 5_000_000_000, version: 4 },
        ]);
        // At +03:00 from 20:00 UTC on: 23:00 UTC falls on the next day.
        const moscow = [
          { fromHour: day * 24, toHour: day * 24 + 20, offsetMinutes: 0 },
          { fromHour: day * 24 + 20, toHour: day * 24 + 48, offsetMinutes: 180 },
        ];
        const byDay = await analytics.dailyCounts(level, moscow);
        expect(byDay.map((row) => [row.day, row.conversations, row.version])).toEqual([
          [day, 3, 3],
          [day + 1, 4, 1],
        ]);
        expect((await analytics.dailyCounts({ ...level, botId: "bot_2" }, utc))[0]?.conversations).toBe(9);
        expect(await analytics.dailyCounts({ ...level, channel: "widget" }, utc)).toEqual([]);
        expect(await analytics.dailyCounts({ ...level, projectId: "prj_2" }, utc)).toEqual([]);
        expect(await analytics.keyedRows(level, TEN, ELEVEN_PM + 1)).toEqual([
          {
            hour: TEN,
            ...none,
            tool_calls: { get_current_time: 3, mcp__shop__get_order: 4 },
            frt_bot: { "40": 1 },
          },
          { hour: ELEVEN_PM, ...none, failures: { model_error: 1 } },
        ]);
        // The end is left out; hours without keyed counts are not read.
        expect((await analytics.keyedRows(level, TEN, ELEVEN_PM)).map((row) => row.hour)).toEqual([TEN]);
        expect(await analytics.keyedRows({ ...level, botId: "bot_2" }, TEN, ELEVEN_PM + 1)).toEqual([]);
        // The rows summed over every bot and channel (`*`) are rows like the others (the listener writes them).
        const project = { projectId: "prj_1", botId: "*", channel: "*" };
        expect(await analytics.dailyCounts(project, utc)).toEqual([]);
        await add(key(TEN, "*", "*"), { ...zero, conversations: 12 }, none);
        expect((await analytics.dailyCounts(project, utc))[0]?.conversations).toBe(12);

        // Many rows at once (more than one statement takes): each added, once.
        const hours = Array.from({ length: 11 }, (_, i) => TEN + 24 + i);
        await analytics.addHourly(
          hours.map((hour) => ({
            key: key(hour, "bot_3"),
            counts: { ...zero, user_messages: 2 },
            keyed: none,
          })),
        );
        await analytics.addHourly(
          hours.map((hour) => ({
            key: key(hour, "bot_3"),
            counts: { ...zero, user_messages: 1 },
            keyed: none,
          })),
        );
        const next = [{ fromHour: (day + 1) * 24, toHour: (day + 2) * 24, offsetMinutes: 0 }];
        expect(await analytics.dailyCounts({ ...level, botId: "bot_3" }, next)).toEqual([
          { day: day + 1, ...zero, user_messages: 33, version: 22 },
        ]);
      });

      it("a thread's state is saved over and goes with its thread; a chat's channel is its vendor or api", async () => {
        await seedProject();
        await repos.bots.insert(bot());
        await storage.db
          .insertInto("chats")
          .values({
            id: "chat_1",
            project_id: "prj_1",
            integration_id: null,
            bot_id: "bot_1",
            name: "site",
            status: "active",
            settings: "{}",
            created_at: T0,
            updated_at: T0,
          })
          .execute();
        expect(await repos.analytics.channelOfChat("chat_1")).toBe("api");
        expect(await repos.analytics.channelOfChat("chat_none")).toBeUndefined();
        await repos.threads.insertIfAbsent({
          project_id: "prj_1",
          id: "th_1",
          chat_id: "chat_1",
          bot_id: "bot_1",
          person_id: null,
          mode: "auto",
          title: null,
          last_message_at: null,
          pending_count: 0,
          working_memory: null,
          turn_lease_owner: null,
          turn_lease_until: null,
          external_conversation_id: null,
          assignee_id: null,
          assignee_name: null,
          taken_over_by: null,
          taken_over_at: null,
          reply_failure: null,
          created_at: T0,
          updated_at: T0,
        });
        const state = {
          project_id: "prj_1",
          thread_id: "th_1",
          hour: TEN,
          bot_id: "bot_1",
          channel: "api",
          mode: "auto" as const,
          bot_replied: 0,
          handed_off: 0,
          bot_waiting_since: T1,
          people_waiting_since: null,
        };
        await repos.analytics.saveThread(state);
        await repos.analytics.saveThread({
          ...state,
          mode: "manual",
          handed_off: 1,
          people_waiting_since: T2,
        });
        expect(await repos.analytics.findThread("prj_1", "th_1")).toEqual({
          ...state,
          mode: "manual",
          handed_off: 1,
          people_waiting_since: T2,
        });
        await repos.threads.delete("prj_1", "th_1");
        expect(await repos.analytics.findThread("prj_1", "th_1")).toBeUndefined();
      });
    });

    describe("bootstrap lock", () => {
      it("can be taken inside a transaction whose writes then commit", async () => {
        await storage.db.transaction().execute(async (trx) => {
          await lockBootstrap(trx, storage.dialect);
          const inTrx = createRepos(trx);
          expect(await inTrx.projects.any()).toBe(false);
          await inTrx.organizations.insert(organization());
          await inTrx.projects.insert(project());
          if (dialect === "postgres") {
            const held = await sql<{ n: number }>`
              select count(*)::int as n from pg_locks
              where locktype = 'advisory' and pid = pg_backend_pid() and objid = 727101`.execute(trx);
            expect(held.rows[0]?.n).toBe(1);
          }
        });
        expect(await repos.projects.any()).toBe(true);
        if (dialect === "postgres") {
          const held = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 727101`.execute(
            storage.db,
          );
          expect(held.rows[0]?.n).toBe(0);
        }
      });

      it("serialises two bootstrap transactions: the second waits for the first to finish", async () => {
        const events: string[] = [];
        let letFirstFinish!: () => void;
        const firstMayFinish = new Promise<void>((resolve) => {
          letFirstFinish = resolve;
        });
        let firstLocked!: () => void;
        const firstHasLock = new Promise<void>((resolve) => {
          firstLocked = resolve;
        });

        const first = storage.db.transaction().execute(async (trx) => {
          await lockBootstrap(trx, storage.dialect);
          events.push("first locked");
          firstLocked();
          await firstMayFinish;
          const inTrx = createRepos(trx);
          if (!(await inTrx.projects.any())) {
            await inTrx.organizations.insert(organization());
            await inTrx.projects.insert(project());
          }
          events.push("first done");
        });
        await firstHasLock;
        const second = storage.db.transaction().execute(async (trx) => {
          await lockBootstrap(trx, storage.dialect);
          events.push("second locked");
          return createRepos(trx).projects.any();
        });

        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(events).toEqual(["first locked"]);
        letFirstFinish();
        await first;
        expect(await second).toBe(true);
        expect(events).toEqual(["first locked", "first done", "second locked"]);
      });
    });
  });
}
