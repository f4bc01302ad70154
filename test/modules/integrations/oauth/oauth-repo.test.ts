import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../../../../src/storage/database.js";
import { migrateToLatest } from "../../../../src/storage/migrator.js";
import { createRepos, type Repos } from "../../../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip, type TestDialect } from "../../../helpers/dialects.js";

const T0 = "2026-11-21T10:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/** The OAuth repository's single-winner updates (docs/oauth.md), on each database. */
function repoSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`OAuth repository (${dialect})`, () => {
    let storage: Storage;
    let repos: Repos;
    const integrationId = "int_oauth_repo";

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      repos = createRepos(storage.db);
      await repos.organizations.insert({ id: "org_1", name: "Org", created_at: T0 });
      await repos.projects.insert({
        id: "prj_1",
        organization_id: "org_1",
        name: "P",
        avatar_url: null,
        created_at: T0,
      });
      await repos.integrations.insert({
        id: integrationId,
        project_id: "prj_1",
        name: "portal",
        vendor: "bitrix24",
        status: "active",
        auth_data: "v1.sealed",
        settings: "{}",
        connector_state: null,
        connection_status: null,
        connection_error: null,
        connection_checked_at: null,
        created_at: T0,
        updated_at: T0,
      });
    });

    afterEach(async () => {
      await storage.close();
    });

    const grant = (sealed: string) => ({
      integration_id: integrationId,
      vendor: "bitrix24",
      sealed_grant: sealed,
      expires_at: at(60),
    });

    it("a state is used once, by one of many concurrent callbacks, and never after it expired", async () => {
      await repos.oauth.insertState({
        state_hash: "h1",
        integration_id: integrationId,
        project_id: "prj_1",
        expires_at: at(10),
        created_at: T0,
        used_at: null,
      });
      await repos.oauth.insertState({
        state_hash: "h2",
        integration_id: integrationId,
        project_id: "prj_1",
        expires_at: at(10),
        created_at: T0,
        used_at: null,
      });
      const wins = await Promise.all(Array.from({ length: 5 }, () => repos.oauth.consumeState("h1", at(1))));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect((await repos.oauth.findState("h1"))?.used_at).toBe(at(1));
      expect(await repos.oauth.consumeState("h2", at(10))).toBe(false);
      expect(await repos.oauth.consumeState("missing", at(1))).toBe(false);
      await repos.oauth.pruneStates(at(11));
      expect(await repos.oauth.findState("h1")).toBeUndefined();
    });

    it("a new consent replaces the grant, moves the version on and clears a loss and a lease", async () => {
      expect(await repos.oauth.replaceTokens(grant("v1.a"), T0)).toBe(1);
      expect(await repos.oauth.takeRefreshLease(integrationId, 1, "p1", at(1), T0)).toBe(true);
      expect(await repos.oauth.markLost(integrationId, 1, "invalid_grant", T0)).toBe(true);
      expect(await repos.oauth.replaceTokens(grant("v1.b"), at(2))).toBe(2);
      expect(await repos.oauth.findTokens(integrationId)).toMatchObject({
        sealed_grant: "v1.b",
        version: 2,
        lost_reason: null,
        refresh_lease_owner: null,
        refresh_lease_until: null,
        created_at: T0,
        updated_at: at(2),
      });
    });

    it("one lease at a time per version; an expired lease is taken over; the pair is stored only over its version", async () => {
      await repos.oauth.replaceTokens(grant("v1.a"), T0);
      const takes = await Promise.all([
        repos.oauth.takeRefreshLease(integrationId, 1, "p1", at(1), T0),
        repos.oauth.takeRefreshLease(integrationId, 1, "p2", at(1), T0),
      ]);
      expect(takes.filter(Boolean)).toHaveLength(1);
      expect(await repos.oauth.takeRefreshLease(integrationId, 1, "p3", at(2), at(1))).toBe(true);
      expect(await repos.oauth.takeRefreshLease(integrationId, 2, "p4", at(3), at(2))).toBe(false);

      const stores = await Promise.all([
        repos.oauth.storeRefreshed(integrationId, 1, { sealed_grant: "v1.x", expires_at: at(120) }, at(1)),
        repos.oauth.storeRefreshed(integrationId, 1, { sealed_grant: "v1.y", expires_at: at(120) }, at(1)),
      ]);
      expect(stores.filter(Boolean)).toHaveLength(1);
      const row = await repos.oauth.findTokens(integrationId);
      expect(row).toMatchObject({ version: 2, refresh_lease_owner: null, refresh_lease_until: null });
      expect(["v1.x", "v1.y"]).toContain(row?.sealed_grant);
      expect(await repos.oauth.markLost(integrationId, 1, "late", at(2))).toBe(false);
      await repos.oauth.releaseRefreshLease(integrationId, "nobody");
      expect((await repos.oauth.findTokens(integrationId))?.lost_reason).toBeNull();
    });

    it("states and tokens go with their integration", async () => {
      await repos.oauth.replaceTokens(grant("v1.a"), T0);
      await repos.oauth.insertState({
        state_hash: "h_cascade",
        integration_id: integrationId,
        project_id: "prj_1",
        expires_at: at(10),
        created_at: T0,
        used_at: null,
      });
      await repos.integrations.delete(integrationId);
      expect(await repos.oauth.findTokens(integrationId)).toBeUndefined();
      expect(await storage.db.selectFrom("oauth_states").selectAll().execute()).toEqual([]);
    });
  });
}

for (const dialect of DIALECTS) repoSuite(dialect);
